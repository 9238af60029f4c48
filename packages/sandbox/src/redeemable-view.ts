// The redeemables of a validation or redemption answer, as the service shows them: APPLICABLE with
// the order after the code and what it gives, INAPPLICABLE with the error and its key, SKIPPED with
// why. Also the stacking rules the sandbox follows: the service's defaults, nothing else.
import { orderView } from './order-view.js';
import type { Outcome } from './redeem-evaluate.js';
import type { RedeemRequest } from './redeem-request.js';
import type { Json } from './voucher-check.js';

/** The default stacking rules, which are all the sandbox imitates (ALL: every code must apply). */
export const STACKING_RULES = {
  redeemables_limit: 30,
  applicable_redeemables_limit: 30,
  applicable_redeemables_per_category_limit: 30,
  applicable_exclusive_redeemables_limit: 1,
  applicable_exclusive_redeemables_per_category_limit: 1,
  applicable_redeemables_category_limits: {},
  exclusive_categories: [],
  joint_categories: [],
  redeemables_application_mode: 'ALL',
  redeemables_sorting_rule: 'REQUESTED_ORDER',
  redeemables_products_application_mode: 'STACK',
  redeemables_no_effect_rule: 'REDEEM_ANYWAY',
  no_effect_skip_categories: [],
  no_effect_redeem_anyway_categories: [],
  redeemables_rollback_order_mode: 'WITH_ORDER',
};

const EMPTY_LIST = { data: [], total: 0, data_ref: 'data', object: 'list' };

function owned(voucher: Json | null): Json {
  if (!voucher) return {};
  return { metadata: voucher.metadata ?? {}, categories: voucher.categories ?? [] };
}

export function redeemableView(
  outcome: Outcome,
  request: RedeemRequest,
  customerId: string | null,
  requestId: string,
): Json {
  const base = { status: outcome.status, id: outcome.input.id, object: 'voucher' };
  switch (outcome.status) {
    case 'APPLICABLE':
      return {
        ...base,
        order: orderView(request.order, outcome.order, customerId),
        applicable_to: EMPTY_LIST,
        inapplicable_to: EMPTY_LIST,
        result: outcome.result,
        ...owned(outcome.voucher),
      };
    case 'SKIPPED':
      return {
        ...base,
        result: {
          details: {
            key: 'preceding_validation_failed',
            message: 'Redeemable cannot be applied due to preceding validation failure',
          },
        },
        ...owned(outcome.voucher),
      };
    default: {
      const { error } = outcome;
      return {
        ...base,
        result: {
          error: { ...error, request_id: requestId },
          details: { message: error.message, key: error.key },
        },
        ...owned(outcome.voucher),
      };
    }
  }
}

/** A customer's source id as the service tracks it: hashed, never shown as given. */
export function trackingId(
  sourceId: string | null | undefined,
  hash: (text: string) => string,
): string | null {
  return sourceId ? `track_${hash(sourceId)}` : null;
}

/**
 * The codes that did not apply and those skipped, each list only when it holds one: the service
 * leaves an empty list out (its examples of a valid validation have neither, and the vendor's SDK
 * tests expect `inapplicable_redeemables` absent when every code applies).
 */
export function leftOutRedeemables(views: readonly Json[]): Json {
  const inapplicable = views.filter((view) => view.status === 'INAPPLICABLE');
  const skipped = views.filter((view) => view.status === 'SKIPPED');
  return {
    ...(inapplicable.length > 0 ? { inapplicable_redeemables: inapplicable } : {}),
    ...(skipped.length > 0 ? { skipped_redeemables: skipped } : {}),
  };
}
