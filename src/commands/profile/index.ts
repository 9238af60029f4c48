// Only the name and summary load with promo; the verbs load when a command line names the noun.
import { defineNoun } from '../../toolkit/define.js';

export default defineNoun({
  name: 'profile',
  summary: 'Manage profiles: app credentials and endpoints (secrets are masked when shown)',
  verbs: () => import('./verbs.js'),
});
