import { defineVerbs } from '../../toolkit/define.js';
import list from './list.js';

export default defineVerbs({
  examples: [
    'promo tiers list lts_0a1b2c3d4e5f',
    'promo tiers list lts_0a1b2c3d4e5f --all --json | jq -r ".[].name"',
  ],
  commands: [list],
});
