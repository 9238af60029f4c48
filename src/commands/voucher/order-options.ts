// The order a validation (and later a redemption) is asked about, from flags: its amount and items
// in currency units, or a whole order from a JSON file; the customer by id or source id; metadata.
// Everything is checked before anything is sent (exit 2 naming the flag).
import type { CustomerRef, Order, OrderItem, RedeemBody } from '../../api/validations.js';
import { MAX_REDEEMABLES } from '../../api/validations.js';
import type { StdinOf } from '../../base/context.js';
import { UsageError } from '../../base/errors.js';
import { readJsonObject } from '../../input/json-source.js';
import { parseMetadata } from '../../input/metadata.js';
import { defineOptions, type OptionValues } from '../../toolkit/define.js';
import { metadataOption } from '../shared/metadata-option.js';
import { parseMoney } from '../shared/values.js';

export const orderOptions = defineOptions({
  amount: {
    type: 'value',
    value: 'A',
    help: 'the order amount in currency units (10.50); default: the sum of the items',
  },
  item: {
    type: 'list',
    value: 'ID:QTY[:PRICE]',
    help: 'repeatable; an order item: product or SKU id (prod_..., sku_...) or your own id, quantity, unit price in currency units',
  },
  orderFile: {
    type: 'value',
    value: 'FILE|-',
    complete: 'files',
    help: "the whole order as the service's JSON (amounts in hundredths); --amount and --item add to it",
  },
  customer: {
    type: 'value',
    value: 'ID|SOURCE_ID',
    help: "the customer: the service's id (cust_...) or yours",
  },
  metadata: metadataOption('repeatable; metadata of the request (key=text, or key:=json for a JSON value)'),
});

export type OrderFlags = OptionValues<typeof orderOptions>;

/** `prod_1:2:10.50` → {product_id: 'prod_1', quantity: 2, price: 1050}. */
export function parseItem(text: string): OrderItem {
  const match = /^([^:]+):(\d+)(?::([^:]+))?$/.exec(text.trim());
  if (!match) throw new UsageError(`--item must be ID:QTY or ID:QTY:PRICE (prod_1:2:10.50), not '${text}'`);
  const [, id = '', qty = '', price] = match;
  const quantity = Number(qty);
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new UsageError(`--item quantity must be a whole number from 1, not '${qty}' in '${text}'`);
  }
  const key = id.startsWith('prod_') ? 'product_id' : id.startsWith('sku_') ? 'sku_id' : 'source_id';
  // The vendor's schema requires `object` on an order item (without describing it); the service's own are order_item.
  return {
    object: 'order_item',
    [key]: id,
    ...(key === 'source_id' ? { related_object: 'product' } : {}),
    quantity,
    ...(price === undefined ? {} : { price: parseMoney(price, '--item price') }),
  };
}

export function checkCodes(codes: string[]): string[] {
  if (codes.length === 0) throw new UsageError('give at least one code');
  if (codes.length > MAX_REDEEMABLES) {
    throw new UsageError(`at most ${MAX_REDEEMABLES} codes in one request, not ${codes.length}`);
  }
  const repeated = codes.find((code, index) => codes.indexOf(code) !== index);
  if (repeated !== undefined) throw new UsageError(`the code ${repeated} is given twice`);
  return codes;
}

/** What a redemption's request says besides its codes: the order, the customer, the metadata. */
export interface OrderParts {
  order?: Order;
  customer?: CustomerRef;
  metadata?: Record<string, unknown>;
}

/** The order, the customer and the metadata the flags give. */
export async function orderParts(flags: OrderFlags, run: StdinOf): Promise<OrderParts> {
  const items = (flags.item ?? []).map(parseItem);
  const amount = flags.amount === undefined ? undefined : parseMoney(flags.amount, '--amount');
  const fromFile =
    flags.orderFile === undefined ? {} : await readJsonObject(flags.orderFile, '--order-file', run);
  const givenItems = Array.isArray(fromFile.items) ? (fromFile.items as OrderItem[]) : [];
  const order: Order = {
    ...fromFile,
    ...(amount === undefined ? {} : { amount }),
    ...(items.length === 0 ? {} : { items: [...givenItems, ...items] }),
  };
  const customer: CustomerRef | undefined =
    flags.customer === undefined
      ? undefined
      : flags.customer.startsWith('cust_')
        ? { id: flags.customer }
        : { source_id: flags.customer };
  const metadata = parseMetadata(flags.metadata);
  return {
    ...(Object.keys(order).length === 0 ? {} : { order }),
    ...(customer ? { customer } : {}),
    ...(metadata ? { metadata } : {}),
  };
}

/** The request body: the codes, the order, the customer and the metadata the flags give. */
export async function redeemBody(codes: string[], flags: OrderFlags, run: StdinOf): Promise<RedeemBody> {
  const redeemables = checkCodes(codes).map((id) => ({ object: 'voucher' as const, id }));
  return { redeemables, ...(await orderParts(flags, run)) };
}
