// Only the name and summary load with promo; the verbs load when a command line names the noun.
import { defineNoun } from '../../toolkit/define.js';

export default defineNoun({
  name: 'rule',
  summary:
    'Validation rules: the conditions a code needs (order total, products, uses per customer), assigned to codes and campaigns',
  verbs: () => import('./verbs.js'),
});
