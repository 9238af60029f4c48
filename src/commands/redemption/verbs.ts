import { defineVerbs } from '../../toolkit/define.js';
import get from './get.js';
import list from './list.js';
import rollback from './rollback.js';

export default defineVerbs({
  examples: [
    'promo redemption list --voucher SUMMER20',
    'promo redemption get r_0c5d710a87c8a31f86',
    'promo redemption rollback r_0c5d710a87c8a31f86 --reason refund',
  ],
  commands: [list, get, rollback],
});
