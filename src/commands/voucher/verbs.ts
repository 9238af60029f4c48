import { defineVerbs } from '../../toolkit/define.js';
import { disable, enable } from './active.js';
import balance from './balance.js';
import create from './create.js';
import remove from './delete.js';
import get from './get.js';
import importVouchers from './import.js';
import list from './list.js';
import redeem from './redeem.js';
import transactions from './transactions.js';
import update from './update.js';
import validate from './validate.js';

export default defineVerbs({
  examples: [
    'promo voucher create --type discount --percent-off 20',
    'promo voucher create --input vouchers.csv',
    'promo voucher get SUMMER-2026',
    'promo voucher list --all -o ndjson',
    'promo voucher import codes.csv --wait',
    'promo voucher delete SUMMER-2026 --force',
    'promo voucher validate SUMMER-2026 --amount 120.50',
    'promo voucher redeem SUMMER-2026 --amount 120.50',
    'promo voucher balance GIFT-7Q2 --add 10.00 --reason "late delivery"',
  ],
  commands: [
    create,
    get,
    list,
    update,
    enable,
    disable,
    importVouchers,
    remove,
    validate,
    redeem,
    balance,
    transactions,
  ],
});
