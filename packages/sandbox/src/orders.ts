// Orders: `POST /v1/orders` (an upsert by source_id), get and update by id or source id, the paged
// list; and the order each successful redemption with an order keeps (keepRedeemedOrder), updated
// in place when its source id is known. Amounts are computed as validations compute them
// (facts/order-totals.ts), items priced from the catalogue when they give no price.
import { withCataloguePrices } from './catalogue-prices.js';
import { resolveCustomer } from './customers.js';
import { creditPaidOrder } from './earning-credit.js';
import { ORDER_ORDERS } from './facts/lists.js';
import { type CalcOrder, startOrder } from './facts/order-totals.js';
import { DEFAULT_LIMIT, readChoice, readLimit } from './list-params.js';
import { orderView } from './order-view.js';
import { readRedeemRequest } from './redeem-request.js';
import {
  appOrBearerRoute,
  type Route,
  type RouteContext,
  SandboxError,
  type SandboxReply,
  type SandboxRequest,
  type SandboxState,
} from './types.js';
import { isRecord, type Json } from './voucher-check.js';
import { readPage } from './voucher-list.js';

const STATUSES = ['CREATED', 'PAID', 'CANCELED', 'FULFILLED'];
const invalid = (details: string) => new SandboxError(400, 'invalid_payload', 'Invalid payload', details);

export function findOrder(state: SandboxState, idOrSourceId: string): Json | undefined {
  if (Object.hasOwn(state.orders, idOrSourceId)) return state.orders[idOrSourceId] as Json;
  return Object.values(state.orders).find((order) => order.source_id === idOrSourceId) as Json | undefined;
}

function storedOrder(state: SandboxState, idOrSourceId: string): Json {
  const order = findOrder(state, idOrSourceId);
  if (order) return order;
  throw new SandboxError(
    404,
    'not_found',
    'Resource not found',
    `Cannot find order with id ${idOrSourceId}`,
    {
      resource_id: idOrSourceId,
      resource_type: 'order',
    },
  );
}

/** The order a redemption names, kept (or updated, when its source id is known) with the redemption noted. */
export function keepRedeemedOrder(
  state: SandboxState,
  view: Json,
  redemptionIds: string[],
  rc: RouteContext,
): void {
  const nowIso = new Date(rc.now()).toISOString();
  const known = typeof view.source_id === 'string' ? findOrder(state, view.source_id) : undefined;
  const redemptions = { ...((known?.redemptions as Json | undefined) ?? {}) };
  for (const id of redemptionIds) {
    redemptions[id] = { date: nowIso, related_object_type: 'redemption', related_object_id: id };
  }
  const { applied_discount_amount, items_applied_discount_amount, total_applied_discount_amount, ...rest } =
    view;
  const kept: Json = {
    ...rest,
    status: (known?.status as string | undefined) ?? 'PAID',
    created_at: (known?.created_at as string | undefined) ?? nowIso,
    updated_at: known ? nowIso : null,
    redemptions,
  };
  state.orders[view.id as string] = kept;
  creditPaidOrder(state, rc, kept, known);
}

/** The id a redemption's order takes: that of the known order with its source id, else a new one. */
export function redeemedOrderId(state: SandboxState, sourceId: string | null, fresh: string): string {
  const known = sourceId === null ? undefined : findOrder(state, sourceId);
  return (known?.id as string | undefined) ?? fresh;
}

/** A create or update body, read with the checks a redemption's order has, and its status. */
function readOrderBody(body: unknown): {
  order: ReturnType<typeof readRedeemRequest>['order'];
  status?: string;
} {
  if (!isRecord(body)) throw invalid('The request body must be a JSON object.');
  const status = body.status;
  if (status !== undefined && (typeof status !== 'string' || !STATUSES.includes(status))) {
    throw invalid(`Property status must be one of ${STATUSES.join(', ')}`);
  }
  const { order } = readRedeemRequest({ redeemables: [{ object: 'voucher', id: '-' }], order: body });
  return { order, status: status as string | undefined };
}

function writeOrder(
  req: SandboxRequest,
  state: SandboxState,
  rc: RouteContext,
  known: Json | undefined,
): Json {
  const { order, status } = readOrderBody(req.body);
  const body = req.body as Json;
  const now = new Date(rc.now()).toISOString();
  const customer = resolveCustomer(state, isRecord(body.customer) ? { ...body.customer } : null, rc, true);
  const items =
    body.items === undefined && known ? (known.items as Json[]) : withCataloguePrices(state, order.items);
  const amount = order.amount ?? (body.items === undefined && known ? (known.amount as number) : null);
  const calc: CalcOrder = startOrder(amount, items);
  const id = (known?.id as string | undefined) ?? rc.newId('ord_', 18);
  const view = orderView(
    { ...order, items, source_id: order.source_id ?? (known?.source_id as string | null) ?? null },
    calc,
    (customer?.id as string | undefined) ?? (known?.customer_id as string | null) ?? null,
    id,
  );
  const { applied_discount_amount, items_applied_discount_amount, total_applied_discount_amount, ...rest } =
    view;
  const next: Json = {
    ...rest,
    metadata: body.metadata === undefined && known ? known.metadata : order.metadata,
    status: status ?? (known?.status as string | undefined) ?? 'CREATED',
    created_at: (known?.created_at as string | undefined) ?? now,
    updated_at: known ? now : null,
    redemptions: (known?.redemptions as Json | undefined) ?? {},
  };
  state.orders[id] = next;
  creditPaidOrder(state, rc, next, known);
  return next;
}

function createOrder(req: SandboxRequest, state: SandboxState, rc: RouteContext): SandboxReply {
  const sourceId = isRecord(req.body) && typeof req.body.source_id === 'string' ? req.body.source_id : '';
  // An upsert: a source id already known updates that order, so a repeat makes no second one.
  const known = sourceId === '' ? undefined : findOrder(state, sourceId);
  return { status: 200, body: writeOrder(req, state, rc, known) };
}

function updateOrder(req: SandboxRequest, state: SandboxState, rc: RouteContext): SandboxReply {
  const known = storedOrder(state, req.params.orderId as string);
  return { status: 200, body: writeOrder(req, state, rc, known) };
}

function listOrders(req: SandboxRequest, state: SandboxState): SandboxReply {
  const { query } = req;
  const limit = readLimit(query) ?? DEFAULT_LIMIT;
  const page = readPage(query);
  const order = readChoice(query, 'order', ORDER_ORDERS) ?? '-created_at';
  const field = order.replace('-', '');
  const sign = order.startsWith('-') ? -1 : 1;
  const all = Object.values(state.orders).sort((a, b) => {
    const x = String(a[field] ?? '');
    const y = String(b[field] ?? '');
    return x === y ? String(a.id).localeCompare(String(b.id)) : sign * (x < y ? -1 : 1);
  });
  const start = (page - 1) * limit;
  return {
    status: 200,
    body: { object: 'list', data_ref: 'orders', orders: all.slice(start, start + limit), total: all.length },
  };
}

const route = appOrBearerRoute(['orders']);

export const orderRoutes: Route[] = [
  route('POST', '/v1/orders', createOrder),
  route('GET', '/v1/orders', listOrders, true),
  route(
    'GET',
    '/v1/orders/:orderId',
    (req, state) => ({ status: 200, body: storedOrder(state, req.params.orderId as string) }),
    true,
  ),
  route('PUT', '/v1/orders/:orderId', updateOrder),
];
