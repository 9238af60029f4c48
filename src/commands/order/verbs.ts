import { defineVerbs } from '../../toolkit/define.js';
import create from './create.js';
import get from './get.js';
import list from './list.js';
import update from './update.js';

export default defineVerbs({
  examples: [
    'promo order create --source-id web-1001 --status PAID --item shoe-1:2 --customer ann@example.com',
    'promo order list --all -o ndjson | jq -r .source_id',
  ],
  commands: [create, get, list, update],
});
