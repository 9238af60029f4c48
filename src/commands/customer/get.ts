// promo customer get <id|source_id>: one customer, as a card on a terminal or the service's object.
import { CUSTOMER_FIELDS, getCustomer } from '../../api/customers.js';
import { defineCommand } from '../../toolkit/define.js';
import { checkCustomerRef } from './fields.js';
import { customerCard } from './view.js';

export default defineCommand({
  path: ['customer', 'get'],
  fields: CUSTOMER_FIELDS,
  aliases: ['show'],
  summary: 'Show one customer, by id (cust_...) or by source id',
  description: `On a terminal: a card with the id, source id, name, email, phone, creation date and
metadata. With -o json: the service's customer object, unchanged. Exit 3 when there is no such
customer (one deleted, or deleted for good, included).`,
  examples: [
    'promo customer get user-42',
    'promo customer get cust_0a1b2c3d4e5f6a7b8c9d0e1f -o json | jq .email',
  ],
  args: {
    customer: { help: 'customer id (cust_...) or source id', required: true, parse: checkCustomerRef },
  },
  run: async ({ customer }, rt) => {
    const client = await rt.client();
    await rt.out.record(await getCustomer(client, customer), customerCard);
  },
});
