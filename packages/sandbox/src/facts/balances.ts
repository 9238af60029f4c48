// The keys the service answers a balance change with when it refuses one, and what each means in
// words. The sandbox answers with them; promo explains them.

export const BALANCE_KEYS = {
  /** A removal beyond a gift card's balance. */
  giftExceeded: 'gift_amount_exceeded',
  /** A removal beyond a loyalty card's points. */
  pointsExceeded: 'loyalty_card_points_exceeded',
  /** A loyalty card's balance changes only once the card has a holder. */
  noHolder: 'missing_customer',
  /** A discount code has no balance. */
  notACard: 'invalid_voucher',
} as const;

export const BALANCE_KEY_WORDS: Record<string, string> = {
  [BALANCE_KEYS.giftExceeded]: 'the removal is more than the gift card holds',
  [BALANCE_KEYS.pointsExceeded]: 'the removal is more points than the loyalty card holds',
  [BALANCE_KEYS.noHolder]: 'a loyalty card needs a holder (a customer) before its points change',
  [BALANCE_KEYS.notACard]: 'only gift cards and loyalty cards have a balance',
};
