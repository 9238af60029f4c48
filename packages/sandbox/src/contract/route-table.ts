// Each route the sandbox serves (routes.ts), and the vendor's operation it answers for: the method
// and path template in the vendor's file. A new route joins this table, and promo's contract test
// (test/contract/sandbox-contract.test.ts) fails until it does and until a command or a probe
// exercises it.
import { FULL_FILE, SEVEN_OPS_FILE } from './openapi.js';

export interface RouteContract {
  /** The vendor's file that describes it: the whole one, or the seed's for what the whole one lacks. */
  file: string;
  /** `METHOD /path/{param}` as the vendor's file spells it. */
  operation: string;
  /**
   * Another operation the same route answers for when the request's query has this parameter: the
   * download of an export is `GET /v1/exports/{id}?token=…` on the sandbox's one route.
   */
  withQuery?: { parameter: string; operation: string };
}

/** Keyed by the sandbox route, `METHOD pattern` as routes.ts spells it. */
export const ROUTE_TABLE: Record<string, RouteContract> = {
  // openapi-full.json has no OAuth operations and no v2 tier structures: the seed's file has them.
  'POST /v1/oauth/token': { file: SEVEN_OPS_FILE, operation: 'POST /v1/oauth/token' },
  'POST /v1/oauth/introspect': { file: SEVEN_OPS_FILE, operation: 'POST /v1/oauth/introspect' },
  'GET /v2/loyalties/tier-structures/:tierStructureId/tiers': {
    file: SEVEN_OPS_FILE,
    operation: 'GET /v2/loyalties/tier-structures/{tierStructureId}/tiers',
  },
  'POST /v1/vouchers/import': { file: FULL_FILE, operation: 'POST /v1/vouchers/import' },
  'POST /v1/vouchers/importCSV': { file: FULL_FILE, operation: 'POST /v1/vouchers/importCSV' },
  'GET /v1/async-actions/:id': { file: FULL_FILE, operation: 'GET /v1/async-actions/{asyncActionId}' },
  'GET /v1/async-actions': { file: FULL_FILE, operation: 'GET /v1/async-actions' },
  'POST /v1/vouchers': { file: FULL_FILE, operation: 'POST /v1/vouchers' },
  'POST /v1/vouchers/:code': { file: FULL_FILE, operation: 'POST /v1/vouchers/{code}' },
  'GET /v1/vouchers/:code': { file: FULL_FILE, operation: 'GET /v1/vouchers/{code}' },
  'DELETE /v1/vouchers/:code': { file: FULL_FILE, operation: 'DELETE /v1/vouchers/{code}' },
  'PUT /v1/vouchers/:code': { file: FULL_FILE, operation: 'PUT /v1/vouchers/{code}' },
  'POST /v1/vouchers/:code/enable': { file: FULL_FILE, operation: 'POST /v1/vouchers/{code}/enable' },
  'POST /v1/vouchers/:code/disable': { file: FULL_FILE, operation: 'POST /v1/vouchers/{code}/disable' },
  'GET /v1/vouchers': { file: FULL_FILE, operation: 'GET /v1/vouchers' },
  'GET /v1/templates/campaigns': { file: FULL_FILE, operation: 'GET /v1/templates/campaigns' },
  'POST /v1/events': { file: FULL_FILE, operation: 'POST /v1/events' },
  'POST /v1/customers': { file: FULL_FILE, operation: 'POST /v1/customers' },
  'GET /v1/customers': { file: FULL_FILE, operation: 'GET /v1/customers' },
  'GET /v1/customers/:customerId': { file: FULL_FILE, operation: 'GET /v1/customers/{customerId}' },
  'PUT /v1/customers/:customerId': { file: FULL_FILE, operation: 'PUT /v1/customers/{customerId}' },
  'DELETE /v1/customers/:customerId': { file: FULL_FILE, operation: 'DELETE /v1/customers/{customerId}' },
  'GET /v1/customers/:customerId/segments': {
    file: FULL_FILE,
    operation: 'GET /v1/customers/{customerId}/segments',
  },
  'POST /v1/segments': { file: FULL_FILE, operation: 'POST /v1/segments' },
  'GET /v1/segments/:segmentId': { file: FULL_FILE, operation: 'GET /v1/segments/{segmentId}' },
  'DELETE /v1/segments/:segmentId': { file: FULL_FILE, operation: 'DELETE /v1/segments/{segmentId}' },
  'POST /v1/customers/:customerId/permanent-deletion': {
    file: FULL_FILE,
    operation: 'POST /v1/customers/{customerId}/permanent-deletion',
  },
  'POST /v1/products': { file: FULL_FILE, operation: 'POST /v1/products' },
  'POST /v1/products/importCSV': { file: FULL_FILE, operation: 'POST /v1/products/importCSV' },
  'POST /v1/skus/importCSV': { file: FULL_FILE, operation: 'POST /v1/skus/importCSV' },
  'POST /v1/products/bulk/async': { file: FULL_FILE, operation: 'POST /v1/products/bulk/async' },
  'POST /v1/products/metadata/async': { file: FULL_FILE, operation: 'POST /v1/products/metadata/async' },
  'GET /v1/products': { file: FULL_FILE, operation: 'GET /v1/products' },
  'GET /v1/products/:productId': { file: FULL_FILE, operation: 'GET /v1/products/{productId}' },
  'PUT /v1/products/:productId': { file: FULL_FILE, operation: 'PUT /v1/products/{productId}' },
  'DELETE /v1/products/:productId': { file: FULL_FILE, operation: 'DELETE /v1/products/{productId}' },
  'POST /v1/products/:productId/skus': { file: FULL_FILE, operation: 'POST /v1/products/{productId}/skus' },
  'GET /v1/products/:productId/skus': { file: FULL_FILE, operation: 'GET /v1/products/{productId}/skus' },
  'PUT /v1/products/:productId/skus/:skuId': {
    file: FULL_FILE,
    operation: 'PUT /v1/products/{productId}/skus/{skuId}',
  },
  'DELETE /v1/products/:productId/skus/:skuId': {
    file: FULL_FILE,
    operation: 'DELETE /v1/products/{productId}/skus/{skuId}',
  },
  'POST /v1/orders': { file: FULL_FILE, operation: 'POST /v1/orders' },
  'GET /v1/orders': { file: FULL_FILE, operation: 'GET /v1/orders' },
  'GET /v1/orders/:orderId': { file: FULL_FILE, operation: 'GET /v1/orders/{orderId}' },
  'PUT /v1/orders/:orderId': { file: FULL_FILE, operation: 'PUT /v1/orders/{orderId}' },
  'GET /v1/skus/:skuId': { file: FULL_FILE, operation: 'GET /v1/skus/{skuId}' },
  'POST /v1/campaigns': { file: FULL_FILE, operation: 'POST /v1/campaigns' },
  'GET /v1/campaigns': { file: FULL_FILE, operation: 'GET /v1/campaigns' },
  'GET /v1/campaigns/:campaign': { file: FULL_FILE, operation: 'GET /v1/campaigns/{campaignId}' },
  'PUT /v1/campaigns/:campaign': { file: FULL_FILE, operation: 'PUT /v1/campaigns/{campaignId}' },
  'DELETE /v1/campaigns/:campaign': { file: FULL_FILE, operation: 'DELETE /v1/campaigns/{campaignId}' },
  'POST /v1/campaigns/:campaign/enable': {
    file: FULL_FILE,
    operation: 'POST /v1/campaigns/{campaignId}/enable',
  },
  'POST /v1/campaigns/:campaign/disable': {
    file: FULL_FILE,
    operation: 'POST /v1/campaigns/{campaignId}/disable',
  },
  'POST /v1/campaigns/:campaign/vouchers': {
    file: FULL_FILE,
    operation: 'POST /v1/campaigns/{campaignId}/vouchers',
  },
  'POST /v1/campaigns/:campaign/vouchers/:code': {
    file: FULL_FILE,
    operation: 'POST /v1/campaigns/{campaignId}/vouchers/{code}',
  },
  'POST /v1/campaigns/:campaign/importCSV': {
    file: FULL_FILE,
    operation: 'POST /v1/campaigns/{campaignId}/importCSV',
  },
  'POST /v1/campaigns/:campaign/import': {
    file: FULL_FILE,
    operation: 'POST /v1/campaigns/{campaignId}/import',
  },
  'GET /v1/trash-bin': { file: FULL_FILE, operation: 'GET /v1/trash-bin' },
  'POST /v1/exports': { file: FULL_FILE, operation: 'POST /v1/exports' },
  'GET /v1/exports': { file: FULL_FILE, operation: 'GET /v1/exports' },
  // Also the download that result.url names (with its token): the vendor's file describes it apart.
  'GET /v1/exports/:id': {
    file: FULL_FILE,
    operation: 'GET /v1/exports/{exportId}',
    withQuery: { parameter: 'token', operation: 'GET /v1/exports/{export_Id}' },
  },
  'DELETE /v1/exports/:id': { file: FULL_FILE, operation: 'DELETE /v1/exports/{exportId}' },
  'POST /v1/validations': { file: FULL_FILE, operation: 'POST /v1/validations' },
  'POST /v1/qualifications': { file: FULL_FILE, operation: 'POST /v1/qualifications' },
  'POST /v1/redemptions': { file: FULL_FILE, operation: 'POST /v1/redemptions' },
  'GET /v1/redemptions': { file: FULL_FILE, operation: 'GET /v1/redemptions' },
  'GET /v1/redemptions/:redemptionId': { file: FULL_FILE, operation: 'GET /v1/redemptions/{redemptionId}' },
  'POST /v1/redemptions/:redemptionId/rollback': {
    file: FULL_FILE,
    operation: 'POST /v1/redemptions/{redemptionId}/rollback',
  },
  'POST /v1/redemptions/:parentRedemptionId/rollbacks': {
    file: FULL_FILE,
    operation: 'POST /v1/redemptions/{parentRedemptionId}/rollbacks',
  },
  'GET /v1/vouchers/:code/redemption': { file: FULL_FILE, operation: 'GET /v1/vouchers/{code}/redemption' },
  'POST /v1/vouchers/:code/balance': { file: FULL_FILE, operation: 'POST /v1/vouchers/{code}/balance' },
  'POST /v1/publications': { file: FULL_FILE, operation: 'POST /v1/publications' },
  'GET /v1/publications': { file: FULL_FILE, operation: 'GET /v1/publications' },
  'GET /v1/vouchers/:code/transactions': {
    file: FULL_FILE,
    operation: 'GET /v1/vouchers/{code}/transactions',
  },
  // The v1 loyalty API (loyalty-programs.ts, loyalty-points.ts).
  'GET /v1/loyalties': { file: FULL_FILE, operation: 'GET /v1/loyalties' },
  'POST /v1/loyalties': { file: FULL_FILE, operation: 'POST /v1/loyalties' },
  'GET /v1/loyalties/:campaignId': { file: FULL_FILE, operation: 'GET /v1/loyalties/{campaignId}' },
  'PUT /v1/loyalties/:campaignId': { file: FULL_FILE, operation: 'PUT /v1/loyalties/{campaignId}' },
  'DELETE /v1/loyalties/:campaignId': { file: FULL_FILE, operation: 'DELETE /v1/loyalties/{campaignId}' },
  'GET /v1/loyalties/:campaignId/members': {
    file: FULL_FILE,
    operation: 'GET /v1/loyalties/{campaignId}/members',
  },
  'POST /v1/loyalties/:campaignId/members': {
    file: FULL_FILE,
    operation: 'POST /v1/loyalties/{campaignId}/members',
  },
  'GET /v1/loyalties/:campaignId/members/:memberId': {
    file: FULL_FILE,
    operation: 'GET /v1/loyalties/{campaignId}/members/{memberId}',
  },
  'GET /v1/loyalties/members/:memberId': {
    file: FULL_FILE,
    operation: 'GET /v1/loyalties/members/{memberId}',
  },
  'POST /v1/loyalties/members/:memberId/balance': {
    file: FULL_FILE,
    operation: 'POST /v1/loyalties/members/{memberId}/balance',
  },
  'GET /v1/loyalties/members/:memberId/transactions': {
    file: FULL_FILE,
    operation: 'GET /v1/loyalties/members/{memberId}/transactions',
  },
  'GET /v1/loyalties/members/:memberId/pending-points': {
    file: FULL_FILE,
    operation: 'GET /v1/loyalties/members/{memberId}/pending-points',
  },
  'POST /v1/loyalties/:campaignId/members/:memberId/transfers': {
    file: FULL_FILE,
    operation: 'POST /v1/loyalties/{campaignId}/members/{memberId}/transfers',
  },
  'GET /v1/loyalties/:campaignId/members/:memberId/points-expiration': {
    file: FULL_FILE,
    operation: 'GET /v1/loyalties/{campaignId}/members/{memberId}/points-expiration',
  },
  'POST /v1/validation-rules': { file: FULL_FILE, operation: 'POST /v1/validation-rules' },
  'GET /v1/validation-rules': { file: FULL_FILE, operation: 'GET /v1/validation-rules' },
  'GET /v1/validation-rules/:validationRuleId': {
    file: FULL_FILE,
    operation: 'GET /v1/validation-rules/{validationRuleId}',
  },
  'PUT /v1/validation-rules/:validationRuleId': {
    file: FULL_FILE,
    operation: 'PUT /v1/validation-rules/{validationRuleId}',
  },
  'DELETE /v1/validation-rules/:validationRuleId': {
    file: FULL_FILE,
    operation: 'DELETE /v1/validation-rules/{validationRuleId}',
  },
  'POST /v1/validation-rules/:validationRuleId/assignments': {
    file: FULL_FILE,
    operation: 'POST /v1/validation-rules/{validationRuleId}/assignments',
  },
  'GET /v1/validation-rules/:validationRuleId/assignments': {
    file: FULL_FILE,
    operation: 'GET /v1/validation-rules/{validationRuleId}/assignments',
  },
  'DELETE /v1/validation-rules/:validationRuleId/assignments/:assignmentId': {
    file: FULL_FILE,
    operation: 'DELETE /v1/validation-rules/{validationRuleId}/assignments/{assignmentId}',
  },
  'GET /v1/validation-rules-assignments': {
    file: FULL_FILE,
    operation: 'GET /v1/validation-rules-assignments',
  },
  // Loyalty rewards, tiers and earning rules.
  'POST /v1/rewards': { file: FULL_FILE, operation: 'POST /v1/rewards' },
  'GET /v1/rewards': { file: FULL_FILE, operation: 'GET /v1/rewards' },
  'GET /v1/rewards/:rewardId': { file: FULL_FILE, operation: 'GET /v1/rewards/{rewardId}' },
  'PUT /v1/rewards/:rewardId': { file: FULL_FILE, operation: 'PUT /v1/rewards/{rewardId}' },
  'DELETE /v1/rewards/:rewardId': { file: FULL_FILE, operation: 'DELETE /v1/rewards/{rewardId}' },
  'POST /v1/loyalties/:campaignId/rewards': {
    file: FULL_FILE,
    operation: 'POST /v1/loyalties/{campaignId}/rewards',
  },
  'GET /v1/loyalties/:campaignId/rewards': {
    file: FULL_FILE,
    operation: 'GET /v1/loyalties/{campaignId}/rewards',
  },
  'GET /v1/loyalties/:campaignId/rewards/:assignmentId': {
    file: FULL_FILE,
    operation: 'GET /v1/loyalties/{campaignId}/rewards/{assignmentId}',
  },
  'PUT /v1/loyalties/:campaignId/rewards/:assignmentId': {
    file: FULL_FILE,
    operation: 'PUT /v1/loyalties/{campaignId}/rewards/{assignmentId}',
  },
  'DELETE /v1/loyalties/:campaignId/rewards/:assignmentId': {
    file: FULL_FILE,
    operation: 'DELETE /v1/loyalties/{campaignId}/rewards/{assignmentId}',
  },
  'GET /v1/loyalties/members/:memberId/rewards': {
    file: FULL_FILE,
    operation: 'GET /v1/loyalties/members/{memberId}/rewards',
  },
  'POST /v1/loyalties/members/:memberId/redemption': {
    file: FULL_FILE,
    operation: 'POST /v1/loyalties/members/{memberId}/redemption',
  },
  'GET /v1/loyalties/members/:memberId/tiers': {
    file: FULL_FILE,
    operation: 'GET /v1/loyalties/members/{memberId}/tiers',
  },
  'POST /v1/loyalties/:campaignId/tiers': {
    file: FULL_FILE,
    operation: 'POST /v1/loyalties/{campaignId}/tiers',
  },
  'GET /v1/loyalties/:campaignId/tiers': {
    file: FULL_FILE,
    operation: 'GET /v1/loyalties/{campaignId}/tiers',
  },
  'GET /v1/loyalties/:campaignId/tiers/:tierId': {
    file: FULL_FILE,
    operation: 'GET /v1/loyalties/{campaignId}/tiers/{loyaltyTierId}',
  },
  'POST /v1/loyalties/:campaignId/earning-rules': {
    file: FULL_FILE,
    operation: 'POST /v1/loyalties/{campaignId}/earning-rules',
  },
  'GET /v1/loyalties/:campaignId/earning-rules': {
    file: FULL_FILE,
    operation: 'GET /v1/loyalties/{campaignId}/earning-rules',
  },
  'GET /v1/loyalties/:campaignId/earning-rules/:earningRuleId': {
    file: FULL_FILE,
    operation: 'GET /v1/loyalties/{campaignId}/earning-rules/{earningRuleId}',
  },
  'PUT /v1/loyalties/:campaignId/earning-rules/:earningRuleId': {
    file: FULL_FILE,
    operation: 'PUT /v1/loyalties/{campaignId}/earning-rules/{earningRuleId}',
  },
  'DELETE /v1/loyalties/:campaignId/earning-rules/:earningRuleId': {
    file: FULL_FILE,
    operation: 'DELETE /v1/loyalties/{campaignId}/earning-rules/{earningRuleId}',
  },
  'POST /v1/loyalties/:campaignId/earning-rules/:earningRuleId/enable': {
    file: FULL_FILE,
    operation: 'POST /v1/loyalties/{campaignId}/earning-rules/{earningRuleId}/enable',
  },
  'POST /v1/loyalties/:campaignId/earning-rules/:earningRuleId/disable': {
    file: FULL_FILE,
    operation: 'POST /v1/loyalties/{campaignId}/earning-rules/{earningRuleId}/disable',
  },
};
