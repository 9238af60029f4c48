// Only the name and summary load with promo; the verbs load when a command line names the noun.
import { defineNoun } from '../../toolkit/define.js';

export default defineNoun({
  name: 'tiers',
  summary: 'List the tiers of a loyalty tier structure (beta endpoint)',
  verbs: () => import('./verbs.js'),
});
