// The service's discount arithmetic, in hundredths (integers throughout), written once for the
// sandbox (which applies it) and for promo (which explains it). An order is taken as the request
// gives it; each discount is applied in turn to what the earlier ones left, so the total never goes
// below zero. Only the effects the sandbox imitates are here; others answer `unsupported`.

import { type CalcOrder, lineLeft, type OrderLine, remaining } from './order-totals.js';

export * from './order-totals.js';

export type DiscountType = 'AMOUNT' | 'PERCENT' | 'FIXED' | 'UNIT';

export interface DiscountSpec {
  type: DiscountType;
  effect?: string | null;
  amount_off?: number | null;
  percent_off?: number | null;
  amount_limit?: number | null;
  fixed_amount?: number | null;
  unit_off?: number | null;
  unit_type?: string | null;
  units?: Array<{ unit_off?: number | null; unit_type?: string | null; effect?: string | null }> | null;
}

export type Applied = { ok: true; order: CalcOrder; discount: number } | { ok: false; unsupported: string };

/** `percent` of `amount`, rounded half up to a whole hundredth: 10% of 20050 is 2005. */
export function percentOf(amount: number, percent: number): number {
  // Rounded first to a millionth, so that 0.1 × 3 style float noise cannot tip the half-up rounding.
  return Math.round(Math.round(((amount * percent) / 100) * 1e6) / 1e6);
}

function addToOrder(order: CalcOrder, discount: number): Applied {
  const capped = Math.max(0, Math.min(discount, remaining(order)));
  return {
    ok: true,
    discount: capped,
    order: {
      ...order,
      discount_amount: order.discount_amount + capped,
      applied_discount_amount: order.applied_discount_amount + capped,
    },
  };
}

/** Gives each line the discount `perLine` computes (capped by what the line has left), up to `limit` in all. */
function addToLines(order: CalcOrder, perLine: (line: OrderLine) => number, limit = Infinity): Applied {
  let given = 0;
  const lines = order.lines.map((line) => {
    const wanted = Math.max(0, Math.min(perLine(line), lineLeft(line), limit - given));
    given += wanted;
    return {
      ...line,
      discount_amount: line.discount_amount + wanted,
      applied_discount_amount: line.applied_discount_amount + wanted,
    };
  });
  return { ok: true, discount: given, order: { ...order, lines } };
}

function addUnits(order: CalcOrder, unitOff: number, unitType: string, effect: string): Applied {
  const index = order.lines.findIndex((line) => line.ref === unitType);
  const line = order.lines[index];
  if (!line || line.price === null) {
    return {
      ok: false,
      unsupported: `a unit discount needs the order to hold an item of ${unitType} with its price (the sandbox has no product catalog)`,
    };
  }
  // ADD_MISSING_ITEMS tops the line up to unit_off units; the other effects add unit_off new ones.
  const added = effect === 'ADD_MISSING_ITEMS' ? Math.max(0, unitOff - line.quantity) : unitOff;
  const addedAmount = added * line.price;
  const discount = unitOff * line.price;
  const grown: OrderLine = {
    ...line,
    quantity: line.quantity + added,
    amount: line.amount + addedAmount,
    applied_quantity: line.applied_quantity + added,
    applied_quantity_amount: line.applied_quantity_amount + addedAmount,
  };
  const given = Math.min(discount, lineLeft(grown));
  const lines = order.lines.map((each, at) =>
    at === index
      ? {
          ...grown,
          discount_amount: grown.discount_amount + given,
          applied_discount_amount: grown.applied_discount_amount + given,
        }
      : each,
  );
  return { ok: true, discount: given, order: { ...order, amount: order.amount + addedAmount, lines } };
}

const UNIT_EFFECTS = ['ADD_MISSING_ITEMS', 'ADD_NEW_ITEMS', 'ADD_SAME_ITEMS'];

function applyUnit(order: CalcOrder, spec: DiscountSpec): Applied {
  const units = spec.units ?? [{ unit_off: spec.unit_off, unit_type: spec.unit_type, effect: spec.effect }];
  let current = order;
  let discount = 0;
  for (const unit of units) {
    const effect = unit.effect ?? 'ADD_MISSING_ITEMS';
    if (!UNIT_EFFECTS.includes(effect)) return { ok: false, unsupported: `the unit effect ${effect}` };
    const step = addUnits(current, unit.unit_off ?? 0, unit.unit_type ?? '', effect);
    if (!step.ok) return step;
    current = step.order;
    discount += step.discount;
  }
  return { ok: true, order: current, discount };
}

/** Applies one discount to the order: the new order and what the discount took off. */
export function applyDiscount(order: CalcOrder, spec: DiscountSpec): Applied {
  if (spec.type === 'UNIT') return applyUnit(order, spec);
  const effect = spec.effect ?? 'APPLY_TO_ORDER';
  if (effect !== 'APPLY_TO_ORDER' && effect !== 'APPLY_TO_ITEMS') {
    return { ok: false, unsupported: `the effect ${effect} (only APPLY_TO_ORDER and APPLY_TO_ITEMS)` };
  }
  const toItems = effect === 'APPLY_TO_ITEMS';
  switch (spec.type) {
    case 'AMOUNT': {
      const off = spec.amount_off ?? 0;
      return toItems ? addToLines(order, () => off) : addToOrder(order, off);
    }
    case 'PERCENT': {
      const percent = spec.percent_off ?? 0;
      const limit = spec.amount_limit ?? Infinity;
      return toItems
        ? addToLines(order, (line) => percentOf(lineLeft(line), percent), limit)
        : addToOrder(order, Math.min(percentOf(remaining(order), percent), limit));
    }
    case 'FIXED': {
      const fixed = spec.fixed_amount ?? 0;
      // The order, or each unit of each item, is priced at fixed_amount: the discount is the difference.
      return toItems
        ? addToLines(order, (line) => lineLeft(line) - fixed * line.quantity)
        : addToOrder(order, remaining(order) - fixed);
    }
    default:
      return { ok: false, unsupported: `the discount type ${String(spec.type)}` };
  }
}

/** A gift card pays what is left of the order, at most its balance (or the credits asked for). */
export function giftCredits(order: CalcOrder, balance: number, credits?: number | null): number {
  return Math.max(0, Math.min(credits ?? balance, balance, remaining(order)));
}

/** Gift credits count as an order-level discount, as the service shows them. */
export function applyCredits(order: CalcOrder, credits: number): CalcOrder {
  const step = addToOrder(order, credits);
  return step.ok ? step.order : order;
}
