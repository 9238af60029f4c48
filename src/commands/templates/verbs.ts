import { defineVerbs } from '../../toolkit/define.js';
import list from './list.js';

export default defineVerbs({
  examples: ['promo templates list --limit 5', "promo templates list --filter 'name^=Summer' --all"],
  commands: [list],
});
