// Where the service keeps money, in hundredths, in the objects promo prints (loyalty points are
// not money). Tables and CSV show these in currency units, as the service's own CSV exports do;
// JSON keeps the service's numbers. One list, so that a new money field is not in units in one
// command and in hundredths in the next.

/** A voucher's money: what a gift card holds, what a discount takes off. */
export const VOUCHER_MONEY = [
  'gift.amount',
  'gift.balance',
  'discount.amount_off',
  'discount.amount_limit',
  'discount.fixed_amount',
] as const;

/** A campaign's money: its voucher template's. */
export const CAMPAIGN_MONEY = VOUCHER_MONEY.map((path) => `voucher.${path}`);

/** An order's money (an order, or the order of a redemption or validation). */
export const ORDER_MONEY = [
  'amount',
  'initial_amount',
  'discount_amount',
  'items_discount_amount',
  'total_discount_amount',
  'total_amount',
  'applied_discount_amount',
  'items_applied_discount_amount',
  'total_applied_discount_amount',
] as const;

/** A balance object (a change's answer, a transaction's details): money on a gift card, points on a loyalty card. */
export const BALANCE_MONEY = ['amount', 'total', 'balance'] as const;

/** The type of a balance object whose numbers are money. */
export const GIFT_BALANCE_TYPE = 'gift_voucher';
