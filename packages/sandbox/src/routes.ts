// Every operation the sandbox serves. Each resource module owns its routes and its slice of state.
import { asyncActionRoutes } from './async-actions.js';
import { balanceRoutes } from './balances.js';
import { campaignRoutes } from './campaign-routes.js';
import { customerRoutes } from './customer-routes.js';
import { earningRuleRoutes } from './earning-rules.js';
import { eventRoutes } from './events.js';
import { exportRoutes } from './exports.js';
import { loyaltyPointRoutes } from './loyalty-points.js';
import { loyaltyProgramRoutes } from './loyalty-programs.js';
import { loyaltyTierRoutes } from './loyalty-tiers.js';
import { memberRewardRoutes } from './member-rewards.js';
import { oauthRoutes } from './oauth.js';
import { orderRoutes } from './orders.js';
import { productRoutes } from './product-routes.js';
import { publicationRoutes } from './publications.js';
import { qualificationRoutes } from './qualifications.js';
import { redemptionReadRoutes } from './redemption-list.js';
import { redeemRoute } from './redemptions.js';
import { rewardAssignmentRoutes } from './reward-assignments.js';
import { rewardRoutes } from './rewards.js';
import { rollbackRoute, stackedRollbackRoute } from './rollbacks.js';
import { ruleAssignmentRoutes } from './rule-assignments.js';
import { segmentRoutes } from './segments.js';
import { templateRoutes } from './templates.js';
import { tierRoutes } from './tiers.js';
import { trashBinRoutes } from './trash-bin.js';
import type { Route } from './types.js';
import { validationRuleRoutes } from './validation-rules.js';
import { validationRoutes } from './validations.js';
import { voucherListRoutes } from './voucher-list.js';
import { voucherUpdateRoutes } from './voucher-update.js';
import { voucherRoutes } from './vouchers.js';

export const routes: Route[] = [
  ...oauthRoutes,
  // Before voucherRoutes: the import's path would otherwise read as a voucher code.
  ...asyncActionRoutes,
  ...voucherRoutes,
  ...balanceRoutes,
  ...voucherUpdateRoutes,
  ...voucherListRoutes,
  ...tierRoutes,
  ...templateRoutes,
  ...eventRoutes,
  ...customerRoutes,
  ...segmentRoutes,
  ...productRoutes,
  ...orderRoutes,
  ...campaignRoutes,
  // The member routes first: `/v1/loyalties/members/…` is not a program named `members`.
  ...loyaltyPointRoutes,
  ...loyaltyProgramRoutes,
  ...trashBinRoutes,
  ...exportRoutes,
  ...validationRoutes,
  ...qualificationRoutes,
  ...publicationRoutes,
  ...validationRuleRoutes,
  ...ruleAssignmentRoutes,
  redeemRoute,
  ...redemptionReadRoutes,
  rollbackRoute,
  stackedRollbackRoute,
  // Loyalty rewards, tiers and earning rules: a member's routes before a program's (`members` is no program).
  ...rewardRoutes,
  ...memberRewardRoutes,
  ...rewardAssignmentRoutes,
  ...loyaltyTierRoutes,
  ...earningRuleRoutes,
];
