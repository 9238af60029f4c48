// Customers: `POST /v1/customers` (an upsert by source_id), get, update and delete by id or source
// id, the list with its query filters, and `POST /v1/customers/{id}/permanent-deletion`.
import type { CustomerOrder } from 'promo-sandbox/facts/lists';
import {
  anything,
  type Checked,
  flag,
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

export { CUSTOMER_ORDERS, type CustomerOrder } from 'promo-sandbox/facts/lists';

/** What a create or update sends: the service's customer fields (any other is sent as given). */
export interface CustomerBody {
  source_id?: string;
  name?: string;
  email?: string;
  phone?: string;
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}

export const CUSTOMER_ANSWER = object({
  id: text,
  source_id: maybe(text),
  name: maybe(text),
  email: maybe(text),
  phone: maybe(text),
  created_at: maybe(text),
  // Set once the customer was changed: a create (an upsert) that answers one updated a customer it knew.
  updated_at: optional(maybe(text)),
  metadata: maybe(record(anything)),
});
export type Customer = Checked<typeof CUSTOMER_ANSWER>;

/** The top-level fields of a customer (for --fields). */
export const CUSTOMER_FIELDS = [
  'id',
  'source_id',
  'name',
  'description',
  'email',
  'phone',
  'birthdate',
  'address',
  'metadata',
  'summary',
  'loyalty',
  'referrals',
  'system_metadata',
  'created_at',
  'updated_at',
  'assets',
  'object',
] as const;

/**
 * With a source_id the create is an upsert: sent twice, it leaves one customer, so it is safe to
 * send again after a lost answer. Without one, each create makes a new customer.
 */
export function createCustomerRequest(body: CustomerBody): ApiRequest {
  const upsert = typeof body.source_id === 'string' && body.source_id !== '';
  return {
    method: 'POST',
    path: '/v1/customers',
    json: body,
    auth: 'app',
    idempotent: upsert,
    mutates: true,
  };
}

export async function createCustomer(client: ApiClient, body: CustomerBody): Promise<Customer> {
  return readAnswer(await client.call(createCustomerRequest(body)), CUSTOMER_ANSWER, 'POST /v1/customers');
}

export function getCustomerRequest(idOrSourceId: string): ApiRequest {
  return { method: 'GET', path: encodePath`/v1/customers/${idOrSourceId}`, auth: 'app' };
}

export async function getCustomer(client: ApiClient, idOrSourceId: string): Promise<Customer> {
  return readAnswer(
    await client.call(getCustomerRequest(idOrSourceId)),
    CUSTOMER_ANSWER,
    'GET /v1/customers/{customerId}',
  );
}

/** PUT sets the given fields: sending it twice does no harm. */
export function updateCustomerRequest(idOrSourceId: string, body: CustomerBody): ApiRequest {
  return { method: 'PUT', path: encodePath`/v1/customers/${idOrSourceId}`, json: body, auth: 'app' };
}

export async function updateCustomer(
  client: ApiClient,
  idOrSourceId: string,
  body: CustomerBody,
): Promise<Customer> {
  return readAnswer(
    await client.call(updateCustomerRequest(idOrSourceId, body)),
    CUSTOMER_ANSWER,
    'PUT /v1/customers/{customerId}',
  );
}

/**
 * Sent again after a lost answer (idempotent), and marked as acting so that the transport says so:
 * the 404 of that retry then means the first attempt deleted the customer.
 */
export function deleteCustomerRequest(idOrSourceId: string): ApiRequest {
  return { method: 'DELETE', path: encodePath`/v1/customers/${idOrSourceId}`, auth: 'app', mutates: true };
}

export async function deleteCustomer(client: ApiClient, idOrSourceId: string): Promise<void> {
  await client.call(deleteCustomerRequest(idOrSourceId));
}

export function permanentDeletionRequest(idOrSourceId: string): ApiRequest {
  return {
    method: 'POST',
    path: encodePath`/v1/customers/${idOrSourceId}/permanent-deletion`,
    auth: 'app',
    idempotent: false,
    mutates: true,
  };
}

export const DELETION_RECEIPT = object({
  id: text,
  related_object_id: text,
  status: text,
  created_at: maybe(text),
  data_json: maybe(record(anything)),
});
export type DeletionReceipt = Checked<typeof DELETION_RECEIPT>;

export async function deletePermanently(client: ApiClient, idOrSourceId: string): Promise<DeletionReceipt> {
  return readAnswer(
    await client.call(permanentDeletionRequest(idOrSourceId)),
    DELETION_RECEIPT,
    'POST /v1/customers/{customerId}/permanent-deletion',
  );
}

export interface ListCustomersQuery {
  limit?: number;
  page?: number;
  email?: string;
  name?: string;
  city?: string;
  segmentId?: string;
  createdAfter?: string;
  createdBefore?: string;
  updatedAfter?: string;
  updatedBefore?: string;
  order?: CustomerOrder;
  startingAfter?: string;
}

const QUERY_NAMES: Record<keyof ListCustomersQuery, string> = {
  limit: 'limit',
  page: 'page',
  email: 'email',
  name: 'name',
  city: 'city',
  segmentId: 'segment_id',
  createdAfter: 'created_at[after]',
  createdBefore: 'created_at[before]',
  updatedAfter: 'updated_at[after]',
  updatedBefore: 'updated_at[before]',
  order: 'order',
  startingAfter: 'starting_after',
};

export function listCustomersRequest(query: ListCustomersQuery): ApiRequest {
  const params = new URLSearchParams();
  for (const [key, name] of Object.entries(QUERY_NAMES)) {
    const value = query[key as keyof ListCustomersQuery];
    if (value !== undefined) params.set(name, String(value));
  }
  return { method: 'GET', path: '/v1/customers', query: params, auth: 'app' };
}

const CUSTOMER_PAGE = object({ has_more: optional(flag), total: optional(number) });
export type CustomerList = ListAnswer<Customer, Checked<typeof CUSTOMER_PAGE>>;

export async function listCustomers(client: ApiClient, query: ListCustomersQuery): Promise<CustomerList> {
  return readListAnswer(
    await client.call(listCustomersRequest(query)),
    CUSTOMER_ANSWER,
    'customers',
    'GET /v1/customers',
    CUSTOMER_PAGE,
  );
}
