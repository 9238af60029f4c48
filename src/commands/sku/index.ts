// Only the name and summary load with promo; the verbs load when a command line names the noun.
import { defineNoun } from '../../toolkit/define.js';

export default defineNoun({
  name: 'sku',
  summary: "Create, find, change and delete a product's SKUs (prices in currency units)",
  verbs: () => import('./verbs.js'),
});
