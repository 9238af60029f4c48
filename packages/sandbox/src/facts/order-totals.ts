// An order in hundredths as the service computes it: the request's amount and items, what
// order-level and item-level discounts took off, and the totals the service answers with
// (total_discount_amount = discount_amount + items_discount_amount, total_amount = amount − that).
// discounts.ts applies the discounts; this module only keeps the books.

export interface OrderLineInput {
  quantity?: number | null;
  price?: number | null;
  amount?: number | null;
  product_id?: string | null;
  sku_id?: string | null;
  source_id?: string | null;
}

export interface OrderLine {
  /** What names the product: product_id, sku_id or source_id (the first given). */
  ref: string | null;
  quantity: number;
  price: number | null;
  amount: number;
  discount_amount: number;
  applied_discount_amount: number;
  /** Units a unit discount added, and what they cost. */
  applied_quantity: number;
  applied_quantity_amount: number;
}

export interface CalcOrder {
  amount: number;
  /** Order-level discounts so far. */
  discount_amount: number;
  /** Order-level discounts added since the last resetApplied. */
  applied_discount_amount: number;
  lines: OrderLine[];
}

export interface OrderTotals {
  amount: number;
  discount_amount: number;
  items_discount_amount: number;
  total_discount_amount: number;
  total_amount: number;
  applied_discount_amount: number;
  items_applied_discount_amount: number;
  total_applied_discount_amount: number;
}

const lineRef = (line: OrderLineInput): string | null =>
  line.product_id ?? line.sku_id ?? line.source_id ?? null;

/** The order as the request gives it: an item's amount is price × quantity unless given; the order's the items' sum. */
export function startOrder(amount: number | null | undefined, items: OrderLineInput[] = []): CalcOrder {
  const lines = items.map((item): OrderLine => {
    const quantity = item.quantity ?? 1;
    const price = item.price ?? null;
    return {
      ref: lineRef(item),
      quantity,
      price,
      amount: item.amount ?? (price === null ? 0 : price * quantity),
      discount_amount: 0,
      applied_discount_amount: 0,
      applied_quantity: 0,
      applied_quantity_amount: 0,
    };
  });
  const sum = lines.reduce((total, line) => total + line.amount, 0);
  return { amount: amount ?? sum, discount_amount: 0, applied_discount_amount: 0, lines };
}

/** The order as the next redeemable sees it: what this one adds is counted from zero. */
export function resetApplied(order: CalcOrder): CalcOrder {
  return {
    ...order,
    applied_discount_amount: 0,
    lines: order.lines.map((line) => ({
      ...line,
      applied_discount_amount: 0,
      applied_quantity: 0,
      applied_quantity_amount: 0,
    })),
  };
}

export function totals(order: CalcOrder): OrderTotals {
  const items = order.lines.reduce((sum, line) => sum + line.discount_amount, 0);
  const itemsApplied = order.lines.reduce((sum, line) => sum + line.applied_discount_amount, 0);
  const total = order.discount_amount + items;
  return {
    amount: order.amount,
    discount_amount: order.discount_amount,
    items_discount_amount: items,
    total_discount_amount: total,
    total_amount: order.amount - total,
    applied_discount_amount: order.applied_discount_amount,
    items_applied_discount_amount: itemsApplied,
    total_applied_discount_amount: order.applied_discount_amount + itemsApplied,
  };
}

/** What is still to pay. */
export const remaining = (order: CalcOrder): number => totals(order).total_amount;

export const lineLeft = (line: OrderLine): number => line.amount - line.discount_amount;
