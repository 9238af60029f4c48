import { defineVerbs } from '../../toolkit/define.js';
import get from './get.js';
import list from './list.js';
import wait from './wait.js';

export default defineVerbs({
  examples: ['promo job list', 'promo job wait aa_0adad13d6f057f088e'],
  commands: [get, wait, list],
});
