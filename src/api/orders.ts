// Orders: `POST /v1/orders` (an upsert by source_id), get and update by id or source id, the paged
// list. Amounts travel in hundredths.
import type { OrderOrder } from 'promo-sandbox/facts/lists';
import {
  anything,
  type Checked,
  type ListAnswer,
  maybe,
  number,
  object,
  optional,
  readAnswer,
  readListAnswer,
  record,
  text,
} from './answer.js';
import { type ApiClient, type ApiRequest, encodePath } from './client.js';

export { ORDER_ORDERS, type OrderOrder } from 'promo-sandbox/facts/lists';

export const ORDER_STATUSES = ['CREATED', 'PAID', 'CANCELED', 'FULFILLED'] as const;

/** What a create or update sends (amounts in hundredths); any other field is sent as given. */
export interface OrderBody {
  source_id?: string;
  status?: string;
  amount?: number;
  items?: Array<Record<string, unknown>>;
  customer?: { source_id?: string; id?: string };
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}

export const ORDER_ANSWER = object({
  id: text,
  source_id: maybe(text),
  status: maybe(text),
  amount: maybe(number),
  total_discount_amount: maybe(number),
  total_amount: maybe(number),
  customer_id: maybe(text),
  created_at: maybe(text),
  metadata: maybe(record(anything)),
  redemptions: maybe(record(anything)),
});
export type Order = Checked<typeof ORDER_ANSWER>;

export const ORDER_FIELDS = [
  'id',
  'source_id',
  'status',
  'amount',
  'discount_amount',
  'items_discount_amount',
  'total_discount_amount',
  'total_amount',
  'items',
  'metadata',
  'customer_id',
  'referrer_id',
  'redemptions',
  'created_at',
  'updated_at',
  'object',
] as const;

/** With a source_id the create is an upsert, safe to send again after a lost answer; without, not. */
export async function createOrder(client: ApiClient, body: OrderBody): Promise<Order> {
  const upsert = typeof body.source_id === 'string' && body.source_id !== '';
  const request: ApiRequest = {
    method: 'POST',
    path: '/v1/orders',
    json: body,
    auth: 'app',
    idempotent: upsert,
    mutates: true,
  };
  return readAnswer(await client.call(request), ORDER_ANSWER, 'POST /v1/orders');
}

export async function getOrder(client: ApiClient, ref: string): Promise<Order> {
  const request: ApiRequest = { method: 'GET', path: encodePath`/v1/orders/${ref}`, auth: 'app' };
  return readAnswer(await client.call(request), ORDER_ANSWER, 'GET /v1/orders/{orderId}');
}

/** PUT sets the given fields: sending it twice does no harm. */
export async function updateOrder(client: ApiClient, ref: string, body: OrderBody): Promise<Order> {
  const request: ApiRequest = { method: 'PUT', path: encodePath`/v1/orders/${ref}`, json: body, auth: 'app' };
  return readAnswer(await client.call(request), ORDER_ANSWER, 'PUT /v1/orders/{orderId}');
}

export interface ListOrdersQuery {
  limit?: number;
  page?: number;
  order?: OrderOrder;
}

const LIST_PAGE = object({ total: optional(number) });
export type OrderList = ListAnswer<Order, Checked<typeof LIST_PAGE>>;

export async function listOrders(client: ApiClient, query: ListOrdersQuery): Promise<OrderList> {
  const params = new URLSearchParams();
  for (const key of ['limit', 'page', 'order'] as const) {
    if (query[key] !== undefined) params.set(key, String(query[key]));
  }
  const request: ApiRequest = { method: 'GET', path: '/v1/orders', query: params, auth: 'app' };
  return readListAnswer(await client.call(request), ORDER_ANSWER, 'orders', 'GET /v1/orders', LIST_PAGE);
}
