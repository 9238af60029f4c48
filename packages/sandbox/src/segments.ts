// Customer segments: `POST /v1/segments`, get and delete by id, and the segments a customer is in
// (`GET /v1/customers/{id}/segments`). Only static segments are imitated: a list of customers named
// at create. Segments that follow filters (`auto-update`, `passive`) are refused by name, never
// stored half judged. Validation rules (`customer.segment`) and the customer list's `segment_id`
// read membership here.

import { customerNotFound, findCustomer } from './customers.js';
import { findRecord } from './loyalty-refs.js';
import { notImitated } from './redeem-request.js';
import { appOrBearerRoute, type Route, type RouteContext, type SandboxState } from './types.js';
import { bodyObject, invalid, isGiven, type Json, optionalString } from './voucher-check.js';

/** The service's cap on the customers of one static segment. */
export const STATIC_SEGMENT_CAP = 20_000;

/** A segment as the service answers it: the customers it holds are not shown (the list names them). */
function view(segment: Json): Json {
  const { customers: _held, ...shown } = segment;
  return shown;
}

function readCustomers(state: SandboxState, value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) invalid('customers', 'must be an array of customer ids');
  if (value.length > STATIC_SEGMENT_CAP)
    invalid('customers', `must hold at most ${STATIC_SEGMENT_CAP} customers (a static segment's cap)`);
  const ids = value.map((ref, i) => {
    if (typeof ref !== 'string' || ref === '') invalid(`customers[${i}]`, 'must be a customer id');
    const customer = findCustomer(state, ref);
    // A static segment names customers the project holds; one it does not is the service's 404.
    if (!customer) throw customerNotFound(ref);
    return String(customer.id);
  });
  return [...new Set(ids)];
}

function createSegment(state: SandboxState, raw: unknown, rc: RouteContext): Json {
  const body = bodyObject(raw);
  const type = body.type ?? 'static';
  if (type === 'auto-update' || type === 'passive')
    throw notImitated(`${type} segments (customers chosen by filters); static segments are`);
  if (type !== 'static') invalid('type', 'must be static, auto-update or passive');
  if (isGiven(body.filter)) invalid('filter', 'is for auto-update and passive segments, not static ones');
  const name = optionalString(body, 'name');
  if (name === null || name.trim() === '') invalid('name', 'is required');
  const segment: Json = {
    id: rc.newId('seg_', 24),
    name,
    created_at: new Date(rc.now()).toISOString(),
    updated_at: null,
    type: 'static',
    filter: null,
    object: 'segment',
    customers: readCustomers(state, body.customers),
  };
  state.segments[segment.id as string] = segment;
  return segment;
}

/** The ids of the segments that hold this customer (by its id). */
export function segmentsOfCustomer(state: SandboxState, customerId: string): Json[] {
  return Object.values(state.segments).filter(
    (segment) => Array.isArray(segment.customers) && segment.customers.includes(customerId),
  );
}

/** Whether the segment holds the customer; a segment the sandbox does not hold holds no one. */
export function segmentHolds(state: SandboxState, segmentId: string, customerId: string): boolean {
  const segment = Object.hasOwn(state.segments, segmentId) ? state.segments[segmentId] : undefined;
  return Array.isArray(segment?.customers) && segment.customers.includes(customerId);
}

/** A customer deleted leaves every segment; how many held it (the deletion's receipt counts them). */
export function leaveSegments(state: SandboxState, customerId: string): number {
  const held = segmentsOfCustomer(state, customerId);
  for (const segment of held) {
    const customers = (segment.customers as string[]).filter((id) => id !== customerId);
    state.segments[segment.id as string] = { ...segment, customers };
  }
  return held.length;
}

function customerSegments(state: SandboxState, customerId: string): Json {
  // A customer the project does not hold is in no static segment (the service would list the
  // filtered segments it could enter; the sandbox has none).
  const customer = findCustomer(state, customerId);
  const data =
    customer === undefined
      ? []
      : segmentsOfCustomer(state, String(customer.id)).map((s) => ({
          id: s.id,
          name: s.name,
          object: 'segment',
        }));
  return { object: 'list', data_ref: 'data', data, total: data.length };
}

const route = appOrBearerRoute(['segments']);

export const segmentRoutes: Route[] = [
  route('POST', '/v1/segments', (req, state, rc) => ({
    status: 200,
    body: view(createSegment(state, req.body, rc)),
  })),
  route(
    'GET',
    '/v1/segments/:segmentId',
    (req, state) => ({
      status: 200,
      body: view(findRecord(state.segments, req.params.segmentId as string, 'segment')),
    }),
    true,
  ),
  route('DELETE', '/v1/segments/:segmentId', (req, state) => {
    const segment = findRecord(state.segments, req.params.segmentId as string, 'segment');
    delete state.segments[segment.id as string];
    return { status: 204 };
  }),
  appOrBearerRoute(['customers'])(
    'GET',
    '/v1/customers/:customerId/segments',
    (req, state) => ({ status: 200, body: customerSegments(state, req.params.customerId as string) }),
    true,
  ),
];
