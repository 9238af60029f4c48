// An order as the service shows it in validations and redemptions (its OrderCalculated): the
// request's order with the amounts the discounts so far computed.
import { type CalcOrder, totals } from './facts/discounts.js';
import type { OrderInput } from './redeem-request.js';
import type { Json } from './voucher-check.js';

export function orderView(input: OrderInput, calc: CalcOrder, customerId: string | null, id?: string): Json {
  const items = calc.lines.map((line, index) => {
    const given = input.items[index] ?? {};
    return {
      object: 'order_item',
      ...given,
      quantity: line.quantity,
      amount: line.amount,
      ...(line.price === null ? {} : { price: line.price }),
      discount_amount: line.discount_amount,
      applied_discount_amount: line.applied_discount_amount,
      ...(line.applied_quantity === 0
        ? {}
        : { applied_quantity: line.applied_quantity, applied_quantity_amount: line.applied_quantity_amount }),
      subtotal_amount: line.amount - line.discount_amount,
    };
  });
  return {
    ...(id === undefined ? {} : { id }),
    source_id: input.source_id,
    ...totals(calc),
    items,
    metadata: input.metadata,
    customer_id: customerId,
    referrer_id: null,
    object: 'order',
  };
}
