// promo order get <id|source_id>: one order, as a card (amounts in currency units) or the service's object.
import { getOrder, ORDER_FIELDS } from '../../api/orders.js';
import { defineCommand } from '../../toolkit/define.js';
import { ORDER_ARG, orderCard } from './fields.js';

export default defineCommand({
  path: ['order', 'get'],
  fields: ORDER_FIELDS,
  aliases: ['show'],
  summary: 'Show one order, by id (ord_...) or by source id',
  examples: ['promo order get web-1001', 'promo order get ord_0a1b2c3d4e5f6a7b8c -o json | jq .items'],
  args: ORDER_ARG,
  run: async ({ order }, rt) => {
    await rt.out.record(await getOrder(await rt.client(), order), orderCard);
  },
});
