// Only the name and summary load with promo; the verbs load when a command line names the noun.
import { defineNoun } from '../../toolkit/define.js';

export default defineNoun({
  name: 'token',
  summary: 'Issue and inspect OAuth tokens (cached per profile and scope set)',
  verbs: () => import('./verbs.js'),
});
