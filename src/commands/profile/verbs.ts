import { defineVerbs } from '../../toolkit/define.js';
import add from './add.js';
import list from './list.js';
import migrate from './migrate.js';
import remove from './remove.js';
import show from './show.js';
import use from './use.js';

export default defineVerbs({
  examples: ['promo profile list', 'promo profile use prod', 'promo profile show --json'],
  commands: [add, list, show, use, remove, migrate],
});
