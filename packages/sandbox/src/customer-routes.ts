// Customers: `POST /v1/customers` (an upsert by source_id), get, update and delete by id or source
// id, the list with the service's query filters, and permanent deletion with its receipt. The store
// is customers.ts (redemptions create customers there too).

import { applyCustomerFields, blankCustomer, readCustomerBody } from './customer-fields.js';
import { forgetCustomer } from './customer-forget.js';
import { customerNotFound, findCustomer } from './customers.js';
import { CUSTOMER_ORDERS } from './facts/lists.js';
import { DEFAULT_LIMIT, readChoice, readLimit } from './list-params.js';
import { leaveSegments, segmentHolds } from './segments.js';
import type { Route, RouteContext, SandboxReply, SandboxRequest, SandboxState } from './types.js';
import type { Json } from './voucher-check.js';
import { readDate, readPage } from './voucher-list.js';

const nowIso = (rc: RouteContext) => new Date(rc.now()).toISOString();

function stored(state: SandboxState, idOrSourceId: string): Json {
  const customer = findCustomer(state, idOrSourceId);
  if (!customer) throw customerNotFound(idOrSourceId);
  return customer;
}

function createCustomer(req: SandboxRequest, state: SandboxState, rc: RouteContext): SandboxReply {
  const fields = readCustomerBody(req.body, true);
  const sourceId = typeof fields.source_id === 'string' && fields.source_id !== '' ? fields.source_id : null;
  // An upsert: a source id already known updates that customer, so a repeat makes no second one.
  const known = sourceId === null ? undefined : findCustomer(state, sourceId);
  const base = known ?? blankCustomer(rc.newId('cust_', 24), nowIso(rc));
  const next = applyCustomerFields(base, fields, nowIso(rc), known === undefined);
  state.customers[next.id as string] = next;
  return { status: 200, body: next };
}

function updateCustomer(req: SandboxRequest, state: SandboxState, rc: RouteContext): SandboxReply {
  const customer = stored(state, req.params.customerId as string);
  const next = applyCustomerFields(customer, readCustomerBody(req.body, false), nowIso(rc), false);
  state.customers[next.id as string] = next;
  return { status: 200, body: next };
}

function deleteCustomer(req: SandboxRequest, state: SandboxState): SandboxReply {
  const customer = stored(state, req.params.customerId as string);
  delete state.customers[customer.id as string];
  leaveSegments(state, customer.id as string);
  return { status: 204 };
}

/** Deleted for good, with what went with the customer counted: the receipt a privacy team keeps. */
function deletePermanently(req: SandboxRequest, state: SandboxState, rc: RouteContext): SandboxReply {
  const customer = stored(state, req.params.customerId as string);
  const id = customer.id as string;
  const theirs = (other: unknown) =>
    typeof other === 'object' &&
    other !== null &&
    ((other as Json).id === id ||
      (customer.source_id !== null && (other as Json).source_id === customer.source_id));
  const events = state.events.filter((event) => theirs(event.customer)).length;
  delete state.customers[id];
  const segments = leaveSegments(state, id);
  forgetCustomer(state, customer);
  return {
    status: 200,
    body: {
      id: rc.newId('del_', 24),
      created_at: nowIso(rc),
      related_object_id: id,
      related_object: 'customer',
      status: 'DONE',
      data_json: {
        events,
        customer_events: events,
        daily_events: 0,
        segments,
        orders: 0,
        order_events: 0,
        customer: 1,
      },
      object: 'pernament_deletion',
    },
  };
}

interface Range {
  after?: string;
  before?: string;
}

const inRange = (value: unknown, { after, before }: Range) =>
  (after === undefined && before === undefined) ||
  (typeof value === 'string' &&
    (after === undefined || value > after) &&
    (before === undefined || value < before));

function listCustomers(req: SandboxRequest, state: SandboxState): SandboxReply {
  const { query } = req;
  const limit = readLimit(query) ?? DEFAULT_LIMIT;
  const page = readPage(query);
  const order = readChoice(query, 'order', CUSTOMER_ORDERS) ?? '-created_at';
  const created = {
    after: readDate(query, 'created_at[after]'),
    before: readDate(query, 'created_at[before]'),
  };
  const updated = {
    after: readDate(query, 'updated_at[after]'),
    before: readDate(query, 'updated_at[before]'),
  };
  const startingAfter = readDate(query, 'starting_after');
  const equal = (field: string, value: unknown) => {
    const wanted = query.get(field);
    return wanted === null || value === wanted;
  };
  // Only static segments are kept: the customers a segment names.
  const segment = query.get('segment_id');
  const field = order.replace('-', '');
  const sign = order.startsWith('-') ? -1 : 1;
  // starting_after reads the list past a date: after it in the order asked, newest first by default.
  const pastCursor = (customer: Json) => {
    if (startingAfter === undefined) return true;
    const at = String(customer[field === 'source_id' ? 'created_at' : field] ?? '');
    return sign > 0 ? at > startingAfter : at !== '' && at < startingAfter;
  };
  const matching = Object.values(state.customers)
    .filter(
      (c) =>
        (segment === null || segmentHolds(state, segment, String(c.id))) &&
        equal('email', c.email) &&
        equal('name', c.name) &&
        equal('city', (c.address as Json | null)?.city) &&
        inRange(c.created_at, created) &&
        inRange(c.updated_at, updated) &&
        pastCursor(c),
    )
    .sort((a, b) => {
      const x = String(a[field] ?? '');
      const y = String(b[field] ?? '');
      return x === y ? String(a.id).localeCompare(String(b.id)) : sign * (x < y ? -1 : 1);
    });
  const start = (page - 1) * limit;
  const customers = matching.slice(start, start + limit);
  return {
    status: 200,
    body: {
      object: 'list',
      data_ref: 'customers',
      customers,
      total: matching.length,
      has_more: start + limit < matching.length,
    },
  };
}

export const customerRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/v1/customers',
    auth: 'app-or-bearer',
    scopes: ['customers'],
    handle: createCustomer,
  },
  {
    method: 'GET',
    pattern: '/v1/customers',
    auth: 'app-or-bearer',
    scopes: ['customers'],
    handle: listCustomers,
    readOnly: true,
  },
  {
    method: 'GET',
    pattern: '/v1/customers/:customerId',
    auth: 'app-or-bearer',
    scopes: ['customers'],
    handle: (req, state) => ({ status: 200, body: stored(state, req.params.customerId as string) }),
    readOnly: true,
  },
  {
    method: 'PUT',
    pattern: '/v1/customers/:customerId',
    auth: 'app-or-bearer',
    scopes: ['customers'],
    handle: updateCustomer,
  },
  {
    method: 'DELETE',
    pattern: '/v1/customers/:customerId',
    auth: 'app-or-bearer',
    scopes: ['customers'],
    handle: deleteCustomer,
  },
  {
    method: 'POST',
    pattern: '/v1/customers/:customerId/permanent-deletion',
    auth: 'app-or-bearer',
    scopes: ['customers'],
    handle: deletePermanently,
  },
];
