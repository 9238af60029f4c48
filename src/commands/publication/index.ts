// Only the name and summary load with promo; the verbs load when a command line names the noun.
import { defineNoun } from '../../toolkit/define.js';

export default defineNoun({
  name: 'publication',
  summary: 'Hand codes to customers, exactly once, and list what was handed out',
  verbs: () => import('./verbs.js'),
});
