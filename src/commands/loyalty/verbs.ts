import { defineVerbs } from '../../toolkit/define.js';
import earningRules from './earning-rules.js';
import redeemReward from './redeem-reward.js';
import rewards from './rewards.js';
import tiers from './tiers.js';

export default defineVerbs({
  examples: ['promo loyalty rewards LOYAL-1', 'promo loyalty tiers LOYAL-1'],
  commands: [rewards, redeemReward, earningRules, tiers],
});
