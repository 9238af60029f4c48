// The conditions of the service's deepObject `filters` (filters[<field>][conditions][<operator>]):
// promo's --filter grammar writes them, the sandbox's lists read them.

/** The conditions on text, the ones every list of the service takes. */
export const STRING_OPERATORS = [
  '$in',
  '$not_in',
  '$is',
  '$is_not',
  '$has_value',
  '$is_unknown',
  '$starts_with',
  '$ends_with',
  '$contains',
  '$not_contain',
] as const;
/** Operators on dates, numbers, days relative to now, and the length of a list (the vendor's set). */
export const MORE_OPERATORS = [
  '$after',
  '$before',
  '$more_than',
  '$less_than',
  '$more_than_equal',
  '$less_than_equal',
  '$is_days_ago',
  '$is_days_in_future',
  '$more_than_ago',
  '$less_than_ago',
  '$more_than_future',
  '$less_than_future',
  '$count',
  '$count_less',
  '$count_more',
] as const;
/** Every condition the vendor names. */
export const ALL_OPERATORS = [...STRING_OPERATORS, ...MORE_OPERATORS] as const;
export type FilterOperator = (typeof ALL_OPERATORS)[number];

/** The conditions on part of a text, which a field of enumerated values lacks. */
export const SUBSTRING_OPERATORS = ['$contains', '$not_contain'] as const;
/** The conditions a field of enumerated values takes: on whole values only. */
export const WHOLE_VALUE_OPERATORS = STRING_OPERATORS.filter(
  (operator) => !(SUBSTRING_OPERATORS as readonly string[]).includes(operator),
);

/** The campaign types the list of campaign templates filters by (the vendor's filter schema). */
export const TEMPLATE_CAMPAIGN_TYPES = ['DISCOUNT_COUPONS', 'GIFT_VOUCHERS'] as const;

/**
 * Voucher filter fields that name another field of the voucher: the ids the service takes as
 * lists (campaign_ids holds its campaign_id). promo accepts them, the sandbox reads them so.
 */
export const VOUCHER_FILTER_ALIASES: Readonly<Record<string, string>> = {
  campaign_ids: 'campaign_id',
  vouchers_ids: 'id',
  ids: 'id',
};
