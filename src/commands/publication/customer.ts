// A customer as the command line names it: `cust_…` is the service's id, anything else the
// customer's source_id (the service creates a customer it does not know by source_id on the fly,
// and by email alone too, and stores the email, name and phone a publication gives).
import { UsageError } from '../../base/errors.js';

export function customerRef(value: string, where = '--customer'): { id?: string; source_id?: string } {
  const text = value.trim();
  if (text === '' || /[\u0000-\u001f\u007f]/.test(text)) {
    throw new UsageError(`${where} must be a customer id (cust_...) or source_id, not empty`);
  }
  return text.startsWith('cust_') ? { id: text } : { source_id: text };
}

/** The customer object of a publication: who (by id or source_id, or by email alone) and the fields the service stores. */
export function publicationCustomer(
  who: string | undefined,
  details: { email?: string; name?: string; phone?: string },
  where = '--customer',
): { id?: string; source_id?: string; email?: string; name?: string; phone?: string } {
  const given = Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined));
  return { ...(who === undefined ? {} : customerRef(who, where)), ...given };
}
