// Only the name and summary load with promo; the verbs load when a command line names the noun.
import { defineNoun } from '../../toolkit/define.js';

export default defineNoun({
  name: 'order',
  summary: 'Create, find, list and change orders (each redemption with an order makes one)',
  verbs: () => import('./verbs.js'),
});
