// Only the name and summary load with promo; the verbs load when a command line names the noun.
import { defineNoun } from '../../toolkit/define.js';

export default defineNoun({
  name: 'customer',
  summary: 'Create, find, change and delete customers (also for good, with a receipt)',
  verbs: () => import('./verbs.js'),
});
