// promo customer update <id|source_id>: the fields the flags and --body name; the rest stay.
import { CUSTOMER_FIELDS, updateCustomer } from '../../api/customers.js';
import { UsageError } from '../../base/errors.js';
import { defineCommand } from '../../toolkit/define.js';
import { CUSTOMER_FIELD_OPTIONS, checkCustomerRef, customerBody, parseFieldFlags } from './fields.js';
import { customerCard } from './view.js';

export default defineCommand({
  path: ['customer', 'update'],
  fields: CUSTOMER_FIELDS,
  summary: "Change a customer's fields, by id or source id",
  description: `Sets the fields given (--metadata replaces the customer's metadata with the keys given and
--body's); the others stay. Exit 3 when there is no such customer.`,
  examples: [
    'promo customer update user-42 --email ann.lee@example.com',
    'promo customer update cust_0a1b2c3d4e5f6a7b8c9d0e1f -m plan=free -m seats:=3',
  ],
  args: {
    customer: { help: 'customer id (cust_...) or source id', required: true, parse: checkCustomerRef },
  },
  options: CUSTOMER_FIELD_OPTIONS,
  run: async (flags, rt) => {
    const parts = parseFieldFlags(flags);
    if (Object.keys(parts.fields).length === 0 && parts.bodySource === undefined) {
      throw new UsageError('nothing to change: give --email, --name, --phone, --metadata or --body');
    }
    const body = await customerBody(parts, rt.ctx);
    const client = await rt.client();
    await rt.out.record(await updateCustomer(client, flags.customer, body), customerCard);
  },
});
