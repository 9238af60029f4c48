// Only the name and summary load with promo; the verbs load when a command line names the noun.
import { defineNoun } from '../../toolkit/define.js';

export default defineNoun({
  name: 'templates',
  summary: 'List campaign templates',
  verbs: () => import('./verbs.js'),
});
