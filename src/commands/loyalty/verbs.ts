// The loyalty verbs: one file each, listed here one a line.
import { defineVerbs } from '../../toolkit/define.js';
import earningRules from './earning-rules.js';
import expiring from './expiring.js';
import get from './get.js';
import history from './history.js';
import join from './join.js';
import list from './list.js';
import member from './member.js';
import members from './members.js';
import points from './points.js';
import redeemReward from './redeem-reward.js';
import rewards from './rewards.js';
import tiers from './tiers.js';
import transfer from './transfer.js';

export default defineVerbs({
  examples: [
    "promo loyalty members 'Loyalty Club' --all -o ndjson",
    'promo loyalty points LOYAL-1 --add 250 --reason "missed order 1042" --source-id order-1042',
    'promo loyalty history LOYAL-1',
    'promo loyalty rewards LOYAL-1',
  ],
  commands: [
    list,
    get,
    members,
    join,
    member,
    points,
    transfer,
    history,
    expiring,
    rewards,
    redeemReward,
    earningRules,
    tiers,
  ],
});
