// The service's CSV exports as the vendor describes them (`POST /v1/exports`): the objects it
// exports, the fields each one's CSV may carry (in the vendor's order) and the orders it sorts by.
// promo checks --fields and --order against these; the sandbox serves exactly these.

/** The CLI's word for each exported object (plural, as `promo export vouchers`), and the service's. */
export const EXPORTED_OBJECTS = {
  vouchers: 'voucher',
  redemptions: 'redemption',
  customers: 'customer',
  publications: 'publication',
  orders: 'order',
  'points-expirations': 'points_expiration',
  'voucher-transactions': 'voucher_transactions',
} as const;

export type ExportNoun = keyof typeof EXPORTED_OBJECTS;
export type ExportedObject = (typeof EXPORTED_OBJECTS)[ExportNoun];

/** Every field an object's export may carry (the vendor's Export*Fields enums), in its order. */
export const EXPORT_FIELDS: Record<ExportedObject, readonly string[]> = {
  voucher: [
    'code',
    'voucher_type',
    'value',
    'formula',
    'discount_type',
    'campaign',
    'category',
    'start_date',
    'expiration_date',
    'gift_balance',
    'loyalty_balance',
    'redemption_quantity',
    'redemption_count',
    'active',
    'qr_code',
    'bar_code',
    'metadata',
    'id',
    'is_referral_code',
    'created_at',
    'updated_at',
    'validity_timeframe_interval',
    'validity_timeframe_duration',
    'validity_day_of_week',
    'discount_amount_limit',
    'campaign_id',
    'additional_info',
    'customer_id',
    'discount_effect',
    'discount_unit_type',
    'discount_unit_effect',
    'validation_rules_id',
    'customer_source_id',
  ],
  redemption: [
    'id',
    'object',
    'date',
    'voucher_code',
    'campaign',
    'promotion_tier_id',
    'customer_id',
    'customer_source_id',
    'customer_name',
    'tracking_id',
    'order_id',
    'order_amount',
    'gift_amount',
    'loyalty_points',
    'result',
    'failure_code',
    'failure_message',
    'metadata',
  ],
  customer: [
    'name',
    'id',
    'description',
    'email',
    'source_id',
    'created_at',
    'address_city',
    'address_state',
    'address_line_1',
    'address_line_2',
    'address_country',
    'address_postal_code',
    'redemptions_total_redeemed',
    'redemptions_total_failed',
    'redemptions_total_succeeded',
    'redemptions_total_rolled_back',
    'redemptions_total_rollback_failed',
    'redemptions_total_rollback_succeeded',
    'orders_total_amount',
    'orders_total_count',
    'orders_average_amount',
    'orders_last_order_amount',
    'orders_last_order_date',
    'loyalty_points',
    'loyalty_referred_customers',
    'updated_at',
    'phone',
    'birthday',
    'metadata',
    'birthdate',
  ],
  publication: [
    'voucher_code',
    'customer_id',
    'customer_source_id',
    'date',
    'channel',
    'campaign',
    'is_winner',
    'metadata',
  ],
  order: [
    'id',
    'source_id',
    'created_at',
    'updated_at',
    'status',
    'amount',
    'discount_amount',
    'items_discount_amount',
    'total_discount_amount',
    'total_amount',
    'customer_id',
    'referrer_id',
    'metadata',
  ],
  points_expiration: ['id', 'campaign_id', 'voucher_id', 'points', 'status', 'expires_at'],
  voucher_transactions: [
    'id',
    'campaign_id',
    'voucher_id',
    'type',
    'source_id',
    'reason',
    'source',
    'balance',
    'amount',
    'related_transaction_id',
    'created_at',
    'details',
  ],
};

/** The orders each object's export takes (the vendor's Export*Order enums). */
export const EXPORT_ORDERS: Record<ExportedObject, readonly string[]> = {
  voucher: ['-created_at', 'created_at', '-updated_at', 'updated_at', '-code', 'code'],
  redemption: [
    '-id',
    'id',
    '-voucher_code',
    'voucher_code',
    '-tracking_id',
    'tracking_id',
    '-customer_id',
    'customer_id',
    '-created_at',
    'created_at',
  ],
  customer: [
    '-name',
    'name',
    '-id',
    'id',
    '-email',
    'email',
    '-source_id',
    'source_id',
    '-created_at',
    'created_at',
    '-updated_at',
    'updated_at',
  ],
  publication: [
    '-id',
    'id',
    '-voucher_code',
    'voucher_code',
    '-tracking_id',
    'tracking_id',
    '-customer_id',
    'customer_id',
    '-created_at',
    'created_at',
    '-channel',
    'channel',
  ],
  order: ['-created_at', 'created_at', '-updated_at', 'updated_at', '-status', 'status'],
  points_expiration: ['-expires_at', 'expires_at'],
  voucher_transactions: ['-created_at', 'created_at'],
};

/**
 * The field the export's dates filter on (--created-after/--created-before): points expire rather
 * than being created, so theirs is expires_at.
 */
export const EXPORT_DATE_FIELD: Record<ExportedObject, string> = {
  voucher: 'created_at',
  redemption: 'created_at',
  customer: 'created_at',
  publication: 'created_at',
  order: 'created_at',
  points_expiration: 'expires_at',
  voucher_transactions: 'created_at',
};

/** The statuses of an export: queued, running, then finished one way or the other. */
/** The header the service writes for a field: words capitalised, `id` as ID (`voucher_type` → Voucher Type). */
export function columnTitle(field: string): string {
  return field
    .split('_')
    .map((word) => (word === 'id' ? 'ID' : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

export const EXPORT_STATUSES = ['SCHEDULED', 'IN_PROGRESS', 'DONE', 'ERROR'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/**
 * The host that serves a cluster's downloads: `api` → `download`, `us1.api` → `us1.download`,
 * `as1.api` → `as1.download` (the vendor's Download Export names these three). Any other host
 * (a custom API URL, the sandbox) serves its own downloads: undefined.
 */
export function downloadHostOf(apiHost: string): string | undefined {
  const match = /^((?:us1|as1)\.)?(api|download)\.voucherify\.io$/i.exec(apiHost);
  return match ? `${(match[1] ?? '').toLowerCase()}download.voucherify.io` : undefined;
}
