// Facts about publications (handing codes to customers) that promo and the sandbox share.

/** A publication from a campaign hands out 1 to this many codes (`campaign.count`). */
export const MAX_PUBLICATION_COUNT = 50;

/** The key the service answers when a campaign has no active, unpublished code left. */
export const NO_VOUCHER_FOR_PUBLICATION = 'no_voucher_suitable_for_publication';

export const PUBLICATION_ORDERS = [
  'id',
  '-id',
  'voucher_code',
  '-voucher_code',
  'tracking_id',
  '-tracking_id',
  'customer_id',
  '-customer_id',
  'created_at',
  '-created_at',
  'channel',
  '-channel',
] as const;
