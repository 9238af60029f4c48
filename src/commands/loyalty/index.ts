// Only the name and summary load with promo; the verbs load when a command line names the noun.
import { defineNoun } from '../../toolkit/define.js';

export default defineNoun({
  name: 'loyalty',
  summary: 'Loyalty programs: members, points (never applied twice), rewards, earning rules and tiers',
  verbs: () => import('./verbs.js'),
});
