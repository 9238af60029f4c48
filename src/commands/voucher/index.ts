// Only the name and summary load with promo; the verbs load when a command line names the noun.
import { defineNoun } from '../../toolkit/define.js';

export default defineNoun({
  name: 'voucher',
  summary: 'Create, show, list, update, switch, import and delete vouchers',
  verbs: () => import('./verbs.js'),
});
