// A permanent deletion leaves no personal data anywhere the sandbox answers from: the publications,
// redemptions and events that named the customer keep the customer's id (what the service's records
// point at), and lose the name, email, source id, metadata and the tracking id made from them.
import type { SandboxState } from './types.js';
import { isRecord, type Json } from './voucher-check.js';

type Slice = Record<string, Json> | Json[];

function named(record: Json, customer: Json): boolean {
  const inner = record.customer;
  if (record.customer_id === customer.id) return true;
  if (!isRecord(inner)) return false;
  if (inner.id === customer.id) return true;
  return customer.source_id != null && inner.source_id === customer.source_id;
}

function forgotten(record: Json, id: unknown): Json {
  const next: Json = { ...record, customer: { id, object: 'customer' } };
  if ('tracking_id' in record) next.tracking_id = null;
  return next;
}

export function forgetCustomer(state: SandboxState, customer: Json): void {
  const slices: Slice[] = [state.publications, state.redemptions, state.events];
  for (const slice of slices) {
    for (const [key, record] of Object.entries(slice)) {
      if (!isRecord(record) || !named(record, customer)) continue;
      (slice as Record<string, Json>)[key] = forgotten(record, customer.id);
    }
  }
}
