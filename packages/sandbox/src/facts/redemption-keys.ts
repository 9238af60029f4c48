// The keys the service gives when a code does not apply to an order (a validation's inapplicable
// redeemable, a redemption's failure_code), and what each means in words. The sandbox answers with
// them; promo explains them.

/** A validation or redemption takes at most this many codes (the default stacking rules' limit). */
export const MAX_REDEEMABLES = 30;

export const INAPPLICABLE_KEYS = {
  resource_not_found: 'no such code',
  voucher_disabled: 'disabled',
  voucher_not_active: 'not active yet (before its start date)',
  voucher_expired: 'expired (after its expiration date)',
  voucher_not_active_now: 'outside its validity window (timeframe, days of the week or hours)',
  quantity_exceeded: 'used as many times as it may be',
  gift_amount_exceeded: 'its gift balance does not cover the credits asked for',
  loyalty_card_points_exceeded: 'its points do not cover the points asked for',
  missing_amount: 'the order has no amount, which a gift card needs',
  customer_rules_violated: "the customer does not match the code's rules",
  order_rules_violated: "the order does not match the code's rules",
  redemption_rules_violated: "the redemption does not match the code's rules (uses per customer)",
} as const;

export type InapplicableKey = keyof typeof INAPPLICABLE_KEYS;

/** A rollback of a redemption already rolled back. */
export const ALREADY_ROLLED_BACK = 'already_rolled_back';

/** Keys of the redemption lists' `result` and `status`. */
export const REDEMPTION_RESULTS = ['SUCCESS', 'FAILURE'] as const;
export const REDEMPTION_STATUSES = ['SUCCEEDED', 'FAILED', 'ROLLED_BACK'] as const;
