// List vouchers: `GET /v1/vouchers`, paged by page number (1..99) with filters on campaign,
// category, customer, creation and update dates, and the service's deepObject `filters`.
import type { VoucherOrder } from 'promo-sandbox/facts/lists';
import { type ListAnswer, readListAnswer } from './answer.js';
import type { ApiClient, ApiRequest } from './client.js';
import { type FilterCondition, filterParams } from './templates.js';
import { VOUCHER_ANSWER, type Voucher } from './vouchers.js';

// How the list pages and sorts is a fact the sandbox shares (facts/lists.ts).
export { MAX_PAGE as MAX_VOUCHER_PAGE, VOUCHER_ORDERS, type VoucherOrder } from 'promo-sandbox/facts/lists';

export interface ListVouchersQuery {
  limit?: number;
  page?: number;
  category?: string;
  campaign?: string;
  campaignId?: string;
  customer?: string;
  /** ISO 8601 instants, sent as created_at[after] / created_at[before]. */
  createdAfter?: string;
  createdBefore?: string;
  updatedAfter?: string;
  updatedBefore?: string;
  order?: VoucherOrder;
  code?: string;
  ids?: string[];
  filters?: FilterCondition[];
  junction?: 'and' | 'or';
}

/** A page of vouchers: the list object (`total`, for --raw) and its vouchers, checked. */
export type VoucherList = ListAnswer<Voucher>;

export function listVouchersRequest(query: ListVouchersQuery): ApiRequest {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined) params.set(key, String(value));
  };
  set('limit', query.limit);
  set('page', query.page);
  set('category', query.category);
  set('campaign', query.campaign);
  set('campaign_id', query.campaignId);
  set('customer', query.customer);
  set('created_at[after]', query.createdAfter);
  set('created_at[before]', query.createdBefore);
  set('updated_at[after]', query.updatedAfter);
  set('updated_at[before]', query.updatedBefore);
  set('order', query.order);
  set('code', query.code);
  for (const id of query.ids ?? []) params.append('ids', id);
  for (const [key, value] of filterParams(query.filters ?? [], query.junction)) params.append(key, value);
  return { method: 'GET', path: '/v1/vouchers', query: params, auth: 'app' };
}

/** The vouchers sit under the key `data_ref` names (`vouchers`). */
export async function listVouchers(client: ApiClient, query: ListVouchersQuery): Promise<VoucherList> {
  return readListAnswer(
    await client.call(listVouchersRequest(query)),
    VOUCHER_ANSWER,
    'vouchers',
    'GET /v1/vouchers',
  );
}
