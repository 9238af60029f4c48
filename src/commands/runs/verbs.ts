import { defineVerbs } from '../../toolkit/define.js';
import list from './list.js';
import prune from './prune.js';

export default defineVerbs({
  examples: ['promo runs list', 'promo runs prune --older-than 30d --yes'],
  commands: [list, prune],
});
