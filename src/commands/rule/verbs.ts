import { defineVerbs } from '../../toolkit/define.js';
import assign from './assign.js';
import create from './create.js';
import remove from './delete.js';
import get from './get.js';
import list from './list.js';
import unassign from './unassign.js';
import update from './update.js';

export default defineVerbs({
  examples: [
    'promo rule create --name "Orders from 50" --min-amount 50',
    'promo rule assign "Orders from 50" --campaign "Summer Sale"',
    'promo voucher validate SUMMER-1 --amount 45',
  ],
  commands: [create, get, list, update, remove, assign, unassign],
});
