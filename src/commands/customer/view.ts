// How a customer reads in a table and a card: who it is and when it came. JSON shows the service's
// object unchanged.
import type { Customer, DeletionReceipt } from '../../api/customers.js';
import type { Column } from '../../output/output.js';
import { formatDate } from '../../output/table.js';

const metadataText = (c: Customer) =>
  c.metadata && Object.keys(c.metadata).length > 0
    ? Object.entries(c.metadata)
        .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
        .join(', ')
    : '';

export const customerCard: Column<Customer>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'Source ID', value: (c) => c.source_id },
  { header: 'Name', value: (c) => c.name },
  { header: 'Email', value: (c) => c.email },
  { header: 'Phone', value: (c) => c.phone },
  { header: 'Created', value: (c) => formatDate(c.created_at) },
  { header: 'Metadata', value: metadataText },
];

export const customerColumns: Column<Customer>[] = [
  { header: 'ID', value: (c) => c.id, id: true, whole: true },
  { header: 'Source ID', value: (c) => c.source_id, id: true },
  { header: 'Name', value: (c) => c.name, text: true, drop: 2 },
  { header: 'Email', value: (c) => c.email, text: true, drop: 1 },
  { header: 'Created', value: (c) => formatDate(c.created_at), drop: 3 },
];

/** The default CSV columns: a list of no rows still has its header. */
export const CUSTOMER_CSV_COLUMNS = ['id', 'source_id', 'name', 'email', 'phone', 'created_at'] as const;

/** What went with the customer, the counts that are not zero (-o json has them all). */
const counts = (r: DeletionReceipt) =>
  Object.entries(r.data_json ?? {})
    .filter(([, value]) => value !== 0 && value !== null)
    .map(([key, value]) => `${key.replace(/_/g, ' ')} ${String(value)}`)
    .join(', ');

export const receiptCard: Column<DeletionReceipt>[] = [
  { header: 'Deletion', value: (r) => r.id },
  { header: 'Customer', value: (r) => r.related_object_id },
  { header: 'Status', value: (r) => r.status },
  { header: 'At', value: (r) => formatDate(r.created_at) },
  { header: 'Deleted', value: counts },
];
