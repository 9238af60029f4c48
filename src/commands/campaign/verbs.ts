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
    "promo campaign create 'Winter Sale' --percent-off 15 --vouchers-count 100 --wait",
    "promo campaign vouchers 'Summer Sale' --all -o csv --fields code > summer-codes.csv",
    "promo campaign get 'Summer Sale'",
  ],
  commands: [create, get, list, update, enable, disable, del, vouchers, addVouchers, importVouchers],
});
