// The options that set an order's fields (create and update share them), the body they make, the
// check of an order named on the line, and how an order reads (amounts in currency units).
import type { Order, OrderBody } from '../../api/orders.js';
import { ORDER_STATUSES } from '../../api/orders.js';
import { UsageError } from '../../base/errors.js';
import { parseMetadata } from '../../input/metadata.js';
import type { Column } from '../../output/output.js';
import { formatDate, formatMoney } from '../../output/table.js';
import { defineOptions, type OptionValues } from '../../toolkit/define.js';
import { checkCatalogueRef } from '../product/fields.js';
import { metadataOption } from '../shared/metadata-option.js';
import { parseMoney } from '../shared/values.js';
import { parseItem } from '../voucher/order-options.js';

export const ORDER_OPTIONS = defineOptions({
  status: {
    type: 'value',
    value: 'status',
    choices: ORDER_STATUSES,
    help: 'CREATED, PAID, CANCELED or FULFILLED',
  },
  amount: {
    type: 'value',
    value: 'amount',
    help: 'the order amount in currency units (default: the sum of the items)',
  },
  item: {
    type: 'list',
    value: 'ID:QTY[:PRICE]',
    help: 'repeatable; product or SKU id or source id, quantity, unit price (default: the catalogue price)',
  },
  customer: { type: 'value', value: 'customer', help: 'customer id (cust_...) or source id' },
  metadata: metadataOption(),
});

export function orderBody(flags: OptionValues<typeof ORDER_OPTIONS>): OrderBody {
  const body: OrderBody = {};
  if (flags.status !== undefined) body.status = flags.status;
  if (flags.amount !== undefined) body.amount = parseMoney(flags.amount, '--amount');
  if (flags.item && flags.item.length > 0) body.items = flags.item.map(parseItem);
  if (flags.customer !== undefined) {
    if (flags.customer.trim() === '') throw new UsageError('--customer must not be empty');
    body.customer = flags.customer.startsWith('cust_')
      ? { id: flags.customer }
      : { source_id: flags.customer };
  }
  const metadata = parseMetadata(flags.metadata);
  if (metadata) body.metadata = metadata;
  return body;
}

export const ORDER_ARG = {
  order: {
    help: 'order id (ord_...) or source id',
    required: true,
    parse: (value: string) => checkCatalogueRef(value, '<order>'),
  },
} as const;

const redemptionCount = (o: Order) => Object.keys(o.redemptions ?? {}).length;

export const orderCard: Column<Order>[] = [
  { header: 'ID', value: (o) => o.id },
  { header: 'Source ID', value: (o) => o.source_id },
  { header: 'Status', value: (o) => o.status },
  { header: 'Amount', value: (o) => formatMoney(o.amount) },
  { header: 'Discount', value: (o) => formatMoney(o.total_discount_amount ?? 0) },
  { header: 'Total', value: (o) => formatMoney(o.total_amount ?? o.amount) },
  { header: 'Customer', value: (o) => o.customer_id },
  { header: 'Redemptions', value: redemptionCount },
  { header: 'Created', value: (o) => formatDate(o.created_at) },
];

export const orderColumns: Column<Order>[] = [
  { header: 'ID', value: (o) => o.id, id: true },
  { header: 'Source ID', value: (o) => o.source_id, id: true },
  { header: 'Status', value: (o) => o.status },
  { header: 'Total', value: (o) => formatMoney(o.total_amount ?? o.amount) },
  { header: 'Customer', value: (o) => o.customer_id, id: true, drop: 1 },
  { header: 'Created', value: (o) => formatDate(o.created_at), drop: 2 },
];

export const ORDER_CSV_COLUMNS = [
  'id',
  'source_id',
  'status',
  'amount',
  'total_amount',
  'created_at',
] as const;
