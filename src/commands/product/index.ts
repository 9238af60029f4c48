// Only the name and summary load with promo; the verbs load when a command line names the noun.
import { defineNoun } from '../../toolkit/define.js';

export default defineNoun({
  name: 'product',
  summary: 'Create, find, change, delete and import the products of the catalogue (prices in currency units)',
  verbs: () => import('./verbs.js'),
});
