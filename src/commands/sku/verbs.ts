import { defineVerbs } from '../../toolkit/define.js';
import create from './create.js';
import remove from './delete.js';
import get from './get.js';
import list from './list.js';
import update from './update.js';

export default defineVerbs({
  examples: [
    'promo sku create shoe-1 --sku "Shoe 42" --source-id shoe-1-42 --price 49.90 --attribute size=42',
  ],
  commands: [create, get, list, update, remove],
});
