// The service's discount arithmetic (src/facts/discounts.ts), one row per type and effect, in
// hundredths: what each takes off an order and what the order totals say after it.
import { describe, expect, it } from 'vitest';
import {
  applyCredits,
  applyDiscount,
  type DiscountSpec,
  giftCredits,
  percentOf,
  startOrder,
  totals,
} from '../../src/facts/discounts.js';

const items = [
  { product_id: 'prod_a', quantity: 2, price: 1000 },
  { product_id: 'prod_b', quantity: 1, price: 700 },
];

const rows: Array<[string, DiscountSpec, number | null, number, number, number]> = [
  // name, discount, order amount (null: from the items), order-level, items-level, total_amount
  ['AMOUNT on the order', { type: 'AMOUNT', amount_off: 500 }, 2700, 500, 0, 2200],
  ['AMOUNT never more than the order', { type: 'AMOUNT', amount_off: 5000 }, 2700, 2700, 0, 0],
  [
    'AMOUNT on each item, capped by the item',
    { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS' },
    null,
    0,
    1700,
    1000,
  ],
  ['PERCENT on the order: 10% of 20050 is 2005', { type: 'PERCENT', percent_off: 10 }, 20050, 2005, 0, 18045],
  [
    'PERCENT capped by amount_limit',
    { type: 'PERCENT', percent_off: 50, amount_limit: 300 },
    2700,
    300,
    0,
    2400,
  ],
  [
    'PERCENT on each item',
    { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS' },
    null,
    0,
    270,
    2430,
  ],
  [
    'PERCENT on items, capped by amount_limit in all',
    { type: 'PERCENT', percent_off: 50, amount_limit: 1200, effect: 'APPLY_TO_ITEMS' },
    null,
    0,
    1200,
    1500,
  ],
  ['FIXED: the order costs fixed_amount', { type: 'FIXED', fixed_amount: 2000 }, 2700, 700, 0, 2000],
  ['FIXED above the order takes nothing off', { type: 'FIXED', fixed_amount: 9000 }, 2700, 0, 0, 2700],
  [
    'FIXED on items: each unit costs fixed_amount',
    { type: 'FIXED', fixed_amount: 600, effect: 'APPLY_TO_ITEMS' },
    null,
    0,
    900,
    1800,
  ],
];

describe('discount arithmetic', () => {
  it.each(rows)('%s', (_name, spec, amount, order, itemsOff, total) => {
    const step = applyDiscount(startOrder(amount, items), spec);
    if (!step.ok) throw new Error(step.unsupported);
    const t = totals(step.order);
    expect([t.discount_amount, t.items_discount_amount, t.total_amount]).toEqual([order, itemsOff, total]);
    expect(t.total_discount_amount).toBe(t.discount_amount + t.items_discount_amount);
    expect(t.total_applied_discount_amount).toBe(t.total_discount_amount);
    expect(step.discount).toBe(order + itemsOff);
  });

  it('UNIT ADD_MISSING_ITEMS tops the item up to unit_off units and makes them free', () => {
    const step = applyDiscount(startOrder(null, [{ product_id: 'prod_b', quantity: 1, price: 700 }]), {
      type: 'UNIT',
      unit_off: 2,
      unit_type: 'prod_b',
      effect: 'ADD_MISSING_ITEMS',
    });
    if (!step.ok) throw new Error(step.unsupported);
    expect(step.order.lines[0]).toMatchObject({
      quantity: 2,
      amount: 1400,
      discount_amount: 1400,
      applied_quantity: 1,
    });
    expect(totals(step.order)).toMatchObject({ amount: 1400, items_discount_amount: 1400, total_amount: 0 });
  });

  it('UNIT ADD_NEW_ITEMS adds unit_off new units, free, beside those in the order', () => {
    const step = applyDiscount(startOrder(null, items), {
      type: 'UNIT',
      unit_off: 1,
      unit_type: 'prod_a',
      effect: 'ADD_NEW_ITEMS',
    });
    if (!step.ok) throw new Error(step.unsupported);
    expect(totals(step.order)).toMatchObject({
      amount: 3700,
      items_discount_amount: 1000,
      total_amount: 2700,
    });
  });

  it('UNIT of a product the order does not price is not made up', () => {
    const step = applyDiscount(startOrder(1000), { type: 'UNIT', unit_off: 1, unit_type: 'prod_x' });
    expect(step).toMatchObject({ ok: false });
  });

  it('effects beyond APPLY_TO_ORDER and APPLY_TO_ITEMS are not made up', () => {
    const step = applyDiscount(startOrder(1000), {
      type: 'AMOUNT',
      amount_off: 1,
      effect: 'APPLY_TO_ITEMS_PROPORTIONALLY',
    });
    expect(step).toMatchObject({ ok: false });
  });

  it('stacks: a second discount applies to what the first left', () => {
    const first = applyDiscount(startOrder(10000), { type: 'PERCENT', percent_off: 50 });
    if (!first.ok) throw new Error('first');
    const second = applyDiscount(first.order, { type: 'AMOUNT', amount_off: 9000 });
    if (!second.ok) throw new Error('second');
    expect(totals(second.order)).toMatchObject({ discount_amount: 10000, total_amount: 0 });
  });

  it('a gift card pays min(balance, what is left), or the credits asked for', () => {
    const order = startOrder(2500);
    expect(giftCredits(order, 1000)).toBe(1000);
    expect(giftCredits(order, 9000)).toBe(2500);
    expect(giftCredits(order, 9000, 300)).toBe(300);
    expect(totals(applyCredits(order, 1000))).toMatchObject({ discount_amount: 1000, total_amount: 1500 });
  });

  it('rounds percentages half up to a whole hundredth ', () => {
    expect(percentOf(20050, 10)).toBe(2005);
    expect(percentOf(105, 10)).toBe(11);
    expect(percentOf(333, 12.5)).toBe(42);
  });
});
