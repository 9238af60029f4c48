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
    'promo rule create --name "Orders from 40" --min-amount 40',
    'promo rule assign "Orders from 40" --voucher SUMMER20',
    'promo voucher validate SUMMER20 --amount 45',
  ],
  commands: [create, get, list, update, remove, assign, unassign],
});
