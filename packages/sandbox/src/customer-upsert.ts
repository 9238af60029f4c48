// The customer a publication or an event names, created or updated as the service does: named by
// id (which must exist), else by source_id, else by email alone; the name, email, phone and
// metadata the request gives are laid over what is stored. Customers live in customers.ts's store.
import { applyCustomerFields, blankCustomer } from './customer-fields.js';
import { customerNotFound } from './customers.js';
import { type RouteContext, SandboxError, type SandboxState } from './types.js';
import { isRecord, type Json } from './voucher-check.js';

const FIELDS = ['id', 'source_id', 'email', 'name', 'phone'] as const;

function invalid(details: string): SandboxError {
  return new SandboxError(400, 'invalid_payload', 'Invalid payload', details);
}

/** The request's customer object, checked; undefined when the request names none. */
export function readNamedCustomer(value: unknown, where: string): Json | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw invalid(`Property ${where} must be an object`);
  const named: Json = {};
  for (const field of FIELDS) {
    const item = value[field];
    if (item === undefined || item === null) continue;
    if (typeof item !== 'string') throw invalid(`Property ${where}.${field} must be a string`);
    if (item !== '') named[field] = item;
  }
  if (value.metadata !== undefined && value.metadata !== null) {
    if (!isRecord(value.metadata)) throw invalid(`Property ${where}.metadata must be an object`);
    named.metadata = value.metadata;
  }
  if (named.id === undefined && named.source_id === undefined && named.email === undefined)
    throw invalid(`Property ${where} must identify the customer by id, source_id or email`);
  return named;
}

interface UpsertOptions {
  /** An id the sandbox does not know: refused as the service does (404), or (an event) taken as the new customer's. */
  unknownId?: 'refuse' | 'create';
}

function find(state: SandboxState, named: Json, options: UpsertOptions): Json | undefined {
  if (typeof named.id === 'string') {
    const byId = Object.hasOwn(state.customers, named.id) ? state.customers[named.id] : undefined;
    if (!byId && options.unknownId !== 'create') throw customerNotFound(named.id);
    return byId;
  }
  const all = Object.values(state.customers);
  if (named.source_id !== undefined) return all.find((c) => c.source_id === named.source_id);
  return all.find((c) => c.email === named.email);
}

/**
 * The stored customer after the request: found and updated with what it gives, or created. The
 * metadata a request gives is merged into the customer's (a publication's customer adds, it does
 * not erase).
 */
export function upsertNamedCustomer(
  state: SandboxState,
  named: Json,
  rc: RouteContext,
  options: UpsertOptions = {},
): Json {
  const now = new Date(rc.now()).toISOString();
  const known = find(state, named, options);
  const { id: _id, metadata, ...fields } = named;
  if (known && known.source_id !== null && known.source_id !== undefined) delete fields.source_id;
  if (metadata !== undefined)
    fields.metadata = { ...((known?.metadata as Json | undefined) ?? {}), ...(metadata as Json) };
  const changes = Object.entries(fields).filter(
    ([key, value]) => JSON.stringify(known?.[key]) !== JSON.stringify(value),
  );
  if (known && changes.length === 0) return known;
  const base = known ?? blankCustomer(typeof named.id === 'string' ? named.id : rc.newId('cust_', 24), now);
  const next = applyCustomerFields(base, Object.fromEntries(changes), now, known === undefined);
  state.customers[next.id as string] = next;
  return next;
}
