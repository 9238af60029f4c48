import { defineNoun } from '../../registry/define.js';
import create from './create.js';
import remove from './delete.js';

export default defineNoun({
  name: 'voucher',
  summary: 'Create and delete vouchers (discount vouchers, gift cards, loyalty cards)',
  examples: [
    'promo voucher create --type discount --percent-off 20',
    'promo voucher create --input vouchers.csv',
    'promo voucher delete SUMMER-2026 --force',
  ],
  commands: [create, remove],
});
