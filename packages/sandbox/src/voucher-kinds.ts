// What each voucher type carries: the discount variants of a DISCOUNT_VOUCHER, the credit of a
// GIFT_VOUCHER, the points of a LOYALTY_CARD. Money is in hundredths, so amounts are integers.
import {
  AMOUNT_EFFECTS,
  DISCOUNT_TYPES,
  ONE_OF_MANY_UNIT_EFFECTS,
  ORDER_OR_ITEMS_EFFECTS,
  SINGLE_UNIT_EFFECTS,
} from './facts/vouchers.js';
import {
  invalid,
  isGiven,
  type Json,
  optionalArray,
  optionalEnum,
  optionalNumber,
  optionalString,
  requireEnum,
  requireNumber,
  requireRecord,
  requireString,
} from './voucher-check.js';

export interface Gift {
  amount: number;
  balance: number;
  effect: string;
}

const INTEGER_AT_LEAST_ZERO = { integer: true, min: 0 };

/** The service computes from formulas only on its side; the sandbox keeps the string as given. */
function optionalFormula(discount: Json, key: string): void {
  optionalString(discount, key, 'discount');
}

/** A unit discount gives `unit_off` units, unless a formula computes the count. */
function unitOff(unit: Json, path: string): void {
  if (isGiven(unit.unit_off_formula)) {
    optionalString(unit, 'unit_off_formula', path);
    optionalNumber(unit, 'unit_off', path, INTEGER_AT_LEAST_ZERO);
  } else {
    requireNumber(unit, 'unit_off', path, INTEGER_AT_LEAST_ZERO);
  }
}

function oneOfManyUnits(item: unknown, path: string): Json {
  const unit = requireRecord(item, path);
  unitOff(unit, path);
  requireString(unit, 'unit_type', path);
  requireEnum(unit, 'effect', path, ONE_OF_MANY_UNIT_EFFECTS);
  return unit;
}

function checkUnitDiscount(discount: Json): void {
  if (isGiven(discount.units)) {
    // Several products at once: each unit has its own effect, the discount as a whole adds many items.
    const units = optionalArray(discount, 'units', 'discount', oneOfManyUnits) ?? [];
    if (units.length === 0) invalid('discount.units', 'must hold at least one unit');
    const effect = discount.effect ?? 'ADD_MANY_ITEMS';
    if (effect !== 'ADD_MANY_ITEMS')
      invalid('discount.effect', 'must be ADD_MANY_ITEMS when discount.units is given');
    discount.effect = effect;
    return;
  }
  unitOff(discount, 'discount');
  requireString(discount, 'unit_type', 'discount');
  if (discount.effect === 'ADD_MANY_ITEMS') invalid('discount.effect', 'ADD_MANY_ITEMS needs discount.units');
  optionalEnum(discount, 'effect', 'discount', SINGLE_UNIT_EFFECTS);
}

/** Checks a discount and returns the copy the voucher keeps: the fields as the client sent them. */
export function validateDiscount(value: unknown): Json {
  const discount = structuredClone(requireRecord(value, 'discount'));
  const type = requireEnum(discount, 'type', 'discount', DISCOUNT_TYPES);
  switch (type) {
    case 'AMOUNT':
      requireNumber(discount, 'amount_off', 'discount', INTEGER_AT_LEAST_ZERO);
      optionalFormula(discount, 'amount_off_formula');
      optionalNumber(discount, 'aggregated_amount_limit', 'discount', INTEGER_AT_LEAST_ZERO);
      optionalEnum(discount, 'effect', 'discount', AMOUNT_EFFECTS);
      break;
    case 'PERCENT':
      requireNumber(discount, 'percent_off', 'discount', { min: 0, max: 100 });
      optionalFormula(discount, 'percent_off_formula');
      optionalNumber(discount, 'amount_limit', 'discount', INTEGER_AT_LEAST_ZERO);
      optionalNumber(discount, 'aggregated_amount_limit', 'discount', INTEGER_AT_LEAST_ZERO);
      optionalEnum(discount, 'effect', 'discount', ORDER_OR_ITEMS_EFFECTS);
      break;
    case 'UNIT':
      checkUnitDiscount(discount);
      break;
    case 'FIXED':
      requireNumber(discount, 'fixed_amount', 'discount', INTEGER_AT_LEAST_ZERO);
      optionalFormula(discount, 'fixed_amount_formula');
      optionalEnum(discount, 'effect', 'discount', ORDER_OR_ITEMS_EFFECTS);
      break;
  }
  return discount;
}

/**
 * The vendor's schema requires `balance` in a create body too; the sandbox takes `amount` as the
 * starting balance when it is missing, which is what a client is told to send anyway.
 */
export function validateGift(value: unknown): Gift {
  const gift = requireRecord(value, 'gift');
  const amount = requireNumber(gift, 'amount', 'gift', INTEGER_AT_LEAST_ZERO);
  const balance = optionalNumber(gift, 'balance', 'gift', INTEGER_AT_LEAST_ZERO) ?? amount;
  // The service documents no default effect; applying credit to the whole order is the plain case.
  const effect = optionalEnum(gift, 'effect', 'gift', ORDER_OR_ITEMS_EFFECTS) ?? 'APPLY_TO_ORDER';
  return { amount, balance, effect };
}

export function validateLoyaltyCard(value: unknown): { points: number } {
  const card = requireRecord(value, 'loyalty_card');
  return { points: requireNumber(card, 'points', 'loyalty_card', INTEGER_AT_LEAST_ZERO) };
}

export function requiredPart(body: Json, key: string): unknown {
  if (!isGiven(body[key])) invalid(key, `is required for type ${String(body.type)}`);
  return body[key];
}
