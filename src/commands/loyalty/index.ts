// Only the name and summary load with promo; the verbs load when a command line names the noun.
import { defineNoun } from '../../toolkit/define.js';

export default defineNoun({
  name: 'loyalty',
  summary:
    'Loyalty programs: members, points added, removed and moved (never twice), history and expiry, rewards, earning rules, tiers',
  verbs: () => import('./verbs.js'),
});
