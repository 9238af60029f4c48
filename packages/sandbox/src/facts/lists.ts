// How the service's lists page and sort: the orders each list takes and where paging by number
// stops. promo offers and checks them; the sandbox's lists answer by them.

/** Items a page of any list holds: 1 to 100, 10 when the request does not say. */
export const MIN_LIMIT = 1;
export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 10;

/** Lists paged by number stop at this page: at 100 a page, 9,900 items per query. */
export const MAX_PAGE = 99;

export const VOUCHER_ORDERS = [
  'created_at',
  '-created_at',
  'updated_at',
  '-updated_at',
  'code',
  '-code',
] as const;
export type VoucherOrder = (typeof VOUCHER_ORDERS)[number];

export const CAMPAIGN_ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at'] as const;
export type CampaignOrder = (typeof CAMPAIGN_ORDERS)[number];

export const TIER_ORDERS = ['created_at', '-created_at', 'name', '-name'] as const;
export type TierOrder = (typeof TIER_ORDERS)[number];

export const CUSTOMER_ORDERS = [
  'created_at',
  '-created_at',
  'updated_at',
  '-updated_at',
  'source_id',
  '-source_id',
] as const;
export type CustomerOrder = (typeof CUSTOMER_ORDERS)[number];

/** Products and a product's SKUs sort by their dates (the vendor's shared `order` parameter names more, for vouchers). */
export const PRODUCT_ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at'] as const;
export type ProductOrder = (typeof PRODUCT_ORDERS)[number];

/** Orders sort by their dates. */
export const ORDER_ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at'] as const;
export type OrderOrder = (typeof ORDER_ORDERS)[number];

export const TEMPLATE_ORDERS = ['id', '-id'] as const;
export type TemplateOrder = (typeof TEMPLATE_ORDERS)[number];

export const REDEMPTION_ORDERS = [
  'created_at',
  '-created_at',
  'id',
  '-id',
  'voucher_code',
  '-voucher_code',
  'tracking_id',
  '-tracking_id',
  'customer_id',
  '-customer_id',
] as const;
export type RedemptionOrder = (typeof REDEMPTION_ORDERS)[number];
