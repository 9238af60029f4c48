// The customers the sandbox knows: a small store by id. A redemption that names a customer by a
// source_id not seen before creates one, as the service does; an id (`cust_...`) must exist.
// The customer routes (customer-routes.ts) create, update and delete customers here.
import { blankCustomer } from './customer-fields.js';
import { type RouteContext, SandboxError, type SandboxState } from './types.js';
import { isRecord, type Json } from './voucher-check.js';

/** What a request names a customer by: `{id}` or `{source_id}` (the id wins), with optional details. */
export interface CustomerRef {
  id?: string | null;
  source_id?: string | null;
  name?: string | null;
  email?: string | null;
  metadata?: Json | null;
}

export function customerNotFound(id: string): SandboxError {
  return new SandboxError(404, 'not_found', 'Resource not found', `Cannot find customer with id ${id}`, {
    resource_id: id,
    resource_type: 'customer',
  });
}

export function readCustomerRef(value: unknown): CustomerRef | null {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) {
    throw new SandboxError(400, 'invalid_payload', 'Invalid payload', 'Property customer must be an object');
  }
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : null);
  const ref = { id: text('id'), source_id: text('source_id'), name: text('name'), email: text('email') };
  return ref.id === null && ref.source_id === null
    ? null
    : { ...ref, metadata: isRecord(value.metadata) ? value.metadata : null };
}

/** The customer with this id or source id, if the sandbox knows one. */
export function findCustomer(state: SandboxState, idOrSourceId: string): Json | undefined {
  if (Object.hasOwn(state.customers, idOrSourceId)) return state.customers[idOrSourceId] as Json;
  return Object.values(state.customers).find((customer) => customer.source_id === idOrSourceId);
}

/**
 * The customer a request names. Without `create` (a validation) a new source id is answered as a
 * customer not stored; with it (a redemption) the customer is created.
 */
export function resolveCustomer(
  state: SandboxState,
  ref: CustomerRef | null,
  rc: RouteContext,
  create: boolean,
): Json | null {
  if (ref === null) return null;
  if (ref.id) {
    const byId = Object.hasOwn(state.customers, ref.id) ? (state.customers[ref.id] as Json) : undefined;
    if (!byId) throw customerNotFound(ref.id);
    return byId;
  }
  const sourceId = ref.source_id as string;
  const known = Object.values(state.customers).find((customer) => customer.source_id === sourceId);
  if (known) return known;
  const customer: Json = {
    ...blankCustomer(rc.newId('cust_', 24), new Date(rc.now()).toISOString()),
    source_id: sourceId,
    name: ref.name ?? null,
    email: ref.email ?? null,
    metadata: ref.metadata ?? {},
  };
  if (create) state.customers[customer.id as string] = customer;
  return customer;
}

/** The customer as a redemption shows it (the vendor's SimpleCustomer). */
export function simpleCustomer(customer: Json | null): Json | null {
  if (!customer) return null;
  const { id, name, email, source_id, metadata } = customer;
  return { id, name, email, source_id, metadata, object: 'customer' };
}
