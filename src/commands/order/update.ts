// promo order update <id|source_id>: the fields the flags name; the rest stay.
import { ORDER_FIELDS, updateOrder } from '../../api/orders.js';
import { UsageError } from '../../base/errors.js';
import { defineCommand } from '../../toolkit/define.js';
import { ORDER_ARG, ORDER_OPTIONS, orderBody, orderCard } from './fields.js';

export default defineCommand({
  path: ['order', 'update'],
  fields: ORDER_FIELDS,
  summary: "Change an order's status, amount, items, customer or metadata",
  examples: ['promo order update web-1001 --status FULFILLED'],
  args: ORDER_ARG,
  options: ORDER_OPTIONS,
  run: async (flags, rt) => {
    const body = orderBody(flags);
    if (Object.keys(body).length === 0) {
      throw new UsageError('nothing to change: give --status, --amount, --item, --customer or --metadata');
    }
    await rt.out.record(await updateOrder(await rt.client(), flags.order, body), orderCard);
  },
});
