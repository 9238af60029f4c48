// promo order create: one order from flags. With --source-id the service's create is an upsert,
// so a repeat after a lost answer makes no second order.
import { createOrder, ORDER_FIELDS } from '../../api/orders.js';
import { UsageError } from '../../base/errors.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { ORDER_OPTIONS, orderBody, orderCard } from './fields.js';

const options = defineOptions({
  sourceId: {
    type: 'value',
    value: 'id',
    help: "the order's id in your systems; a known one updates that order (an upsert)",
  },
  ...ORDER_OPTIONS,
});

export default defineCommand({
  path: ['order', 'create'],
  fields: ORDER_FIELDS,
  summary: 'Create an order, or update the one with the same source id (an upsert)',
  examples: [
    'promo order create --source-id web-1001 --status PAID --item shoe-1:2 --item sku_0a1b2c:1:9.90',
  ],
  options,
  run: async (flags, rt) => {
    if (flags.sourceId === '') throw new UsageError('--source-id must not be empty');
    const body = orderBody(flags);
    if (flags.sourceId !== undefined) body.source_id = flags.sourceId;
    // An order of nothing would be a new empty one on every run: a command typed too soon.
    if (Object.keys(body).length === 0)
      throw new UsageError(
        'an order needs at least one field: --source-id, --status, --amount, --item, --customer or --metadata',
      );
    await rt.out.record(await createOrder(await rt.client(), body), orderCard);
  },
});
