// Only the name and summary load with promo; the verbs load when a command line names the noun.
import { defineNoun } from '../../toolkit/define.js';

export default defineNoun({
  name: 'job',
  summary: 'Follow the service’s asynchronous jobs (voucher and product imports): status, progress, result',
  verbs: () => import('./verbs.js'),
});
