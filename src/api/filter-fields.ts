// The fields each list of the service can be filtered on (`filters[FIELD][conditions]…`): the
// fields the vendor describes for that list's filters, and the fields of the listed object itself,
// which the service filters on too. A filter on a field the service does not know is not refused
// by it: it matches nothing, and an empty list would read as an honest answer. So promo checks the
// field first. Metadata keys are the account's own: `metadata.ANY` is always allowed.
import { VOUCHER_FILTER_ALIASES } from 'promo-sandbox/facts/filters';
import { CAMPAIGN_FIELDS } from './campaigns.js';
import { TEMPLATE_FIELDS } from './templates.js';
import { VOUCHER_FIELDS } from './vouchers.js';

export interface FilterFields {
  /** Top-level field names. */
  fields: readonly string[];
  /** Object fields whose members may be named (`discount.percent_off`), with those members. */
  members?: Readonly<Record<string, readonly string[]>>;
}

/** Vouchers: any field of the voucher, the value's members, and the ids the service accepts as lists. */
export const VOUCHER_FILTERS: FilterFields = {
  fields: [...VOUCHER_FIELDS, ...Object.keys(VOUCHER_FILTER_ALIASES)],
  members: {
    discount: [
      'type',
      'percent_off',
      'amount_off',
      'amount_limit',
      'aggregated_amount_limit',
      'unit_off',
      'unit_type',
      'fixed_amount',
      'effect',
      'is_dynamic',
    ],
    gift: ['amount', 'balance', 'subtracted_amount', 'effect'],
    loyalty_card: [
      'points',
      'balance',
      'pending_points',
      'expired_points',
      'subtracted_points',
      'next_expiration_date',
      'next_expiration_points',
    ],
    redemption: ['quantity', 'redeemed_quantity'],
    publish: ['count'],
  },
};

/** Campaigns: the vendor's campaign filters and the campaign's own fields. */
export const CAMPAIGN_FILTERS: FilterFields = {
  fields: [
    ...CAMPAIGN_FIELDS,
    'campaigns',
    'campaigns_id',
    'campaign_status',
    'status',
    'is_referral_code',
    'voucher_type',
    'category_ids',
    'created_date',
  ],
};

/** Campaign templates: id, name, campaign_type, and the template's own fields. */
export const TEMPLATE_FILTERS: FilterFields = { fields: [...TEMPLATE_FIELDS] };

/** Every name that may follow `--filter` on this list, for a message: `metadata.KEY` last. */
export function filterFieldNames(known: FilterFields): string[] {
  const members = Object.entries(known.members ?? {}).flatMap(([parent, keys]) =>
    keys.map((key) => `${parent}.${key}`),
  );
  return [...known.fields, ...members];
}
