import { defineVerbs } from '../../toolkit/define.js';
import addVouchers from './add-vouchers.js';
import create from './create.js';
import del from './delete.js';
import get from './get.js';
import importVouchers from './import.js';
import list from './list.js';
import { disable, enable } from './switch.js';
import update from './update.js';
import vouchers from './vouchers.js';

export default defineVerbs({
  examples: [
    "promo campaign create 'Summer Sale' --percent-off 20 --vouchers-count 50000 --code-pattern 'SUMMER-####-####' --wait",
    "promo campaign vouchers 'Summer Sale' --all -o csv --fields code > codes.csv",
    "promo campaign get 'Summer Sale'",
  ],
  commands: [create, get, list, update, enable, disable, del, vouchers, addVouchers, importVouchers],
});
