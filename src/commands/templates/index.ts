import { defineNoun } from '../../registry/define.js';
import list from './list.js';

export default defineNoun({
  name: 'templates',
  summary: 'List campaign templates',
  examples: ['promo templates list --limit 5', "promo templates list --filter 'name^=Summer' --all"],
  commands: [list],
});
