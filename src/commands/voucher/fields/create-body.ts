// How the sources of a create body combine: `--body` first, the flags over it, and with `--input`
// each line over both. A later source wins field by field, except where a field only makes sense
// with its siblings: a new voucher type drops the old type's part, a new discount variant replaces
// the whole discount, a code replaces a code config and the other way round.
import type { CreateVoucherBody, Discount, DiscountType, VoucherType } from '../../../api/vouchers.js';
import { isObject } from '../../../base/json.js';
import type { Runtime } from '../../../runtime/runtime.js';

const TYPE_PARTS: Record<VoucherType, 'discount' | 'gift' | 'loyalty_card'> = {
  DISCOUNT_VOUCHER: 'discount',
  GIFT_VOUCHER: 'gift',
  LOYALTY_CARD: 'loyalty_card',
};

/** Objects whose fields are merged one by one; every other field is replaced whole. */
const MERGED_OBJECTS = ['discount', 'gift', 'loyalty_card', 'code_config', 'validity_timeframe', 'metadata'];

/**
 * A deep copy of a body's JSON values (objects, arrays, scalars), so that a merge never changes its
 * sources; a bulk run makes one per line, where structuredClone cost several times as much.
 */
function copyJson<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyJson) as T;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = copyJson((value as Record<string, unknown>)[key]);
    // A key "__proto__" from JSON.parse is a field like any other, not the prototype.
    if (key === '__proto__')
      Object.defineProperty(copy, key, {
        value: field,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else copy[key] = field;
  }
  return copy as T;
}

/** `patchOwned`: the patch is the caller's to give away (a line just parsed), so it is not copied. */
export function mergeBody(
  base: CreateVoucherBody,
  patch: CreateVoucherBody,
  patchOwned = false,
): CreateVoucherBody {
  const merged: CreateVoucherBody = copyJson(base);
  const take = patchOwned ? <T>(value: T) => value : copyJson;
  if (patch.type !== undefined && base.type !== undefined && patch.type !== base.type) {
    for (const part of Object.values(TYPE_PARTS)) delete merged[part];
  }
  if (patch.code !== undefined) delete merged.code_config;
  if (patch.code_config !== undefined) delete merged.code;
  const baseDiscount = isObject(merged.discount) ? (merged.discount as Discount) : undefined;
  const patchDiscount = isObject(patch.discount) ? (patch.discount as Discount) : undefined;
  if (patchDiscount?.type !== undefined && baseDiscount?.type !== patchDiscount.type) delete merged.discount;

  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const current = merged[field];
    merged[field] =
      MERGED_OBJECTS.includes(field) && isObject(current) && isObject(value)
        ? { ...current, ...take(value) }
        : take(value);
  }
  return merged;
}

/** Which discount variant the fields point to, when no `type` says it. */
function impliedDiscountType(discount: Discount): DiscountType | undefined {
  if (discount.percent_off !== undefined || discount.amount_limit !== undefined) return 'PERCENT';
  if (discount.amount_off !== undefined) return 'AMOUNT';
  if (discount.fixed_amount !== undefined) return 'FIXED';
  if (discount.unit_off !== undefined || discount.unit_type !== undefined || discount.units !== undefined)
    return 'UNIT';
  return undefined;
}

/**
 * The body as it is sent: the type implied by the one part given, the discount variant implied by
 * its fields, and a gift's balance equal to its amount unless given (the vendor's schema wants it).
 */
export function finalizeBody(body: CreateVoucherBody, owned = false): CreateVoucherBody {
  // A body of the caller's own (mergeBody's fresh result) is finished in place.
  const final = owned ? body : copyJson(body);
  if (final.type === undefined) {
    const parts = (Object.entries(TYPE_PARTS) as Array<[VoucherType, string]>).filter(([, part]) =>
      isObject(final[part]),
    );
    if (parts.length === 1) final.type = parts[0]![0];
  }
  if (isObject(final.discount) && final.discount.type === undefined) {
    const implied = impliedDiscountType(final.discount);
    if (implied) final.discount = { type: implied, ...final.discount };
  }
  if (final.type === 'GIFT_VOUCHER' && isObject(final.gift)) {
    if (final.gift.balance === undefined && typeof final.gift.amount === 'number') {
      final.gift = { ...final.gift, balance: final.gift.amount };
    }
  }
  return final;
}

/** An expiration date already past is no mistake promo can refuse (a test voucher), but it says so. */
export async function warnIfExpired(body: CreateVoucherBody, rt: Runtime): Promise<void> {
  const at = typeof body.expiration_date === 'string' ? Date.parse(body.expiration_date) : Number.NaN;
  if (at < rt.ctx.now())
    await rt.out.warn(
      `the expiration date ${body.expiration_date} is in the past: the voucher cannot be redeemed`,
    );
}
