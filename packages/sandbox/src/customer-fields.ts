// What a customer's create or update body may hold, checked the way the service refuses a bad one
// (400 `invalid_payload` naming the field), and how a body is laid over a stored customer.
import { SandboxError } from './types.js';
import { isRecord, type Json } from './voucher-check.js';

const TEXT_FIELDS = ['source_id', 'name', 'description', 'email', 'phone'] as const;
const DATE_FIELDS = ['birthdate', 'birthday'] as const;
const ADDRESS_FIELDS = ['city', 'state', 'line_1', 'line_2', 'country', 'postal_code'];

function invalid(details: string): SandboxError {
  return new SandboxError(400, 'invalid_payload', 'Invalid payload', details);
}

/** The fields a body sets (null clears one); unknown fields are left out, as the service ignores them. */
export function readCustomerBody(body: unknown, allowSourceId: boolean): Json {
  if (!isRecord(body)) throw invalid('The request body must be a JSON object.');
  const fields: Json = {};
  for (const field of TEXT_FIELDS) {
    if (field === 'source_id' && !allowSourceId) continue;
    const value = body[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string') throw invalid(`Property ${field} must be a string`);
    fields[field] = value;
  }
  for (const field of DATE_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    if (value !== null && (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value))) {
      throw invalid(`Property ${field} must be a date (YYYY-MM-DD)`);
    }
    fields[field] = value;
  }
  if (body.address !== undefined) fields.address = readAddress(body.address);
  if (body.metadata !== undefined) {
    if (body.metadata !== null && !isRecord(body.metadata))
      throw invalid('Property metadata must be an object');
    fields.metadata = body.metadata ?? {};
  }
  return fields;
}

function readAddress(value: unknown): Json | null {
  if (value === null) return null;
  if (!isRecord(value)) throw invalid('Property address must be an object');
  const address: Json = {};
  for (const field of ADDRESS_FIELDS) {
    const item = value[field];
    if (item === undefined) continue;
    if (item !== null && typeof item !== 'string')
      throw invalid(`Property address.${field} must be a string`);
    address[field] = item;
  }
  return address;
}

/** A stored customer with a body's fields laid over it; metadata is replaced whole, as the service does. */
export function applyCustomerFields(customer: Json, fields: Json, nowIso: string, isNew: boolean): Json {
  const next: Json = { ...customer, ...fields };
  if (!isNew) next.updated_at = nowIso;
  return next;
}

/** A new customer's every field, as the service shows one. */
export function blankCustomer(id: string, nowIso: string): Json {
  return {
    id,
    source_id: null,
    name: null,
    description: null,
    email: null,
    phone: null,
    birthdate: null,
    address: null,
    metadata: {},
    system_metadata: {},
    created_at: nowIso,
    updated_at: null,
    object: 'customer',
  };
}
