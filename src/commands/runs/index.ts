// Only the name and summary load with promo; the verbs load when a command line names the noun.
import { defineNoun } from '../../toolkit/define.js';

export default defineNoun({
  name: 'runs',
  summary: 'The journals of bulk runs (--input): list them, remove old ones',
  verbs: () => import('./verbs.js'),
});
