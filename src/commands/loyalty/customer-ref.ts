// A customer as loyalty commands take it: the service's id (cust_...) or the source id the shop
// knows them by. Members are held by id (a card's holder_id), so a source id is read once.
import type { ApiClient } from '../../api/client.js';
import { getCustomer } from '../../api/customers.js';
import { ApiError, NotFoundError, UsageError } from '../../base/errors.js';

export function checkCustomer(value: string, flag = '--customer'): string {
  if (value.trim() === '' || /[\u0000-\u001f\u007f]/.test(value))
    throw new UsageError(
      `${flag} must be a customer id or source id, not empty and without control characters`,
    );
  return value;
}

/** The customer's id, or undefined when the service has no such customer (yet). */
export async function customerIdOf(client: ApiClient, customer: string): Promise<string | undefined> {
  if (/^cust_[A-Za-z0-9]+$/.test(customer)) return customer;
  try {
    return (await getCustomer(client, customer)).id;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** The same, a customer the service does not have being exit 3. */
export async function requireCustomerId(client: ApiClient, customer: string): Promise<string> {
  const id = await customerIdOf(client, customer);
  if (id === undefined)
    throw new NotFoundError(`no customer '${customer}'`, 'promo customer list shows the customers.');
  return id;
}
