import { defineVerbs } from '../../toolkit/define.js';
import create from './create.js';
import remove from './delete.js';
import get from './get.js';
import list from './list.js';
import update from './update.js';

export default defineVerbs({
  examples: [
    'promo customer create --source-id user-42 --email ann@example.com --name "Ann Lee"',
    'promo customer delete user-42 --permanently --yes -o json > deletion-receipt.json',
  ],
  commands: [create, get, list, update, remove],
});
