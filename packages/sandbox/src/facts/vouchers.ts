// The kinds of voucher and campaign the service knows, and the effects each kind of value may have
// (the vendor's description, not the seed's partial list): promo checks a body with them before
// sending, the sandbox when it answers.

export const VOUCHER_TYPES = ['DISCOUNT_VOUCHER', 'GIFT_VOUCHER', 'LOYALTY_CARD'] as const;
export type VoucherType = (typeof VOUCHER_TYPES)[number];

export const CAMPAIGN_TYPES = [
  'DISCOUNT_COUPONS',
  'GIFT_VOUCHERS',
  'LOYALTY_PROGRAM',
  'PROMOTION',
  'REFERRAL_PROGRAM',
] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

/** The voucher type each kind of campaign holds. */
export const VOUCHER_TYPE_OF: Readonly<Record<CampaignType, VoucherType>> = {
  DISCOUNT_COUPONS: 'DISCOUNT_VOUCHER',
  REFERRAL_PROGRAM: 'DISCOUNT_VOUCHER',
  PROMOTION: 'DISCOUNT_VOUCHER',
  GIFT_VOUCHERS: 'GIFT_VOUCHER',
  LOYALTY_PROGRAM: 'LOYALTY_CARD',
};

export const DISCOUNT_TYPES = ['AMOUNT', 'PERCENT', 'UNIT', 'FIXED'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const AMOUNT_EFFECTS = [
  'APPLY_TO_ORDER',
  'APPLY_TO_ITEMS',
  'APPLY_TO_ITEMS_PROPORTIONALLY',
  'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY',
  'APPLY_TO_ITEMS_BY_QUANTITY',
] as const;
/** A percent or fixed discount's effects, and a gift card's. */
export const ORDER_OR_ITEMS_EFFECTS = ['APPLY_TO_ORDER', 'APPLY_TO_ITEMS'] as const;
export const GIFT_EFFECTS = ORDER_OR_ITEMS_EFFECTS;
/** A unit discount on one product; ADD_MANY_ITEMS belongs to the several-units form. */
export const SINGLE_UNIT_EFFECTS = ['ADD_MISSING_ITEMS', 'ADD_NEW_ITEMS', 'ADD_SAME_ITEMS'] as const;
/** The effect of a unit discount over several products, and what each of its units may do. */
export const MANY_ITEMS_EFFECT = 'ADD_MANY_ITEMS';
export const ONE_OF_MANY_UNIT_EFFECTS = ['ADD_NEW_ITEMS', 'ADD_MISSING_ITEMS'] as const;

/** Effects each discount variant allows. */
export const DISCOUNT_EFFECTS: Readonly<Record<DiscountType, readonly string[]>> = {
  AMOUNT: AMOUNT_EFFECTS,
  PERCENT: ORDER_OR_ITEMS_EFFECTS,
  FIXED: ORDER_OR_ITEMS_EFFECTS,
  UNIT: SINGLE_UNIT_EFFECTS,
};
