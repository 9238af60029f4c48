// Only the name and summary load with promo; the verbs load when a command line names the noun.
import { defineNoun } from '../../toolkit/define.js';

export default defineNoun({
  name: 'export',
  summary: 'The service’s CSV exports (vouchers, redemptions, customers, …): create, follow, download whole',
  verbs: () => import('./verbs.js'),
});
