// Only the name and summary load with promo; the verbs load when a command line names the noun.
import { defineNoun } from '../../toolkit/define.js';

export default defineNoun({
  name: 'campaign',
  summary: 'Create, show, list, update, switch and delete campaigns; their vouchers: list, add, import',
  verbs: () => import('./verbs.js'),
});
