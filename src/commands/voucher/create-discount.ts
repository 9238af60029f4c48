// The discount options: which variant each implies (--percent-off → PERCENT, ...), and the
// discount object they make, money in hundredths. Values excluding each other are refused.
import type { Discount, DiscountType } from '../../api/vouchers.js';
import { UsageError } from '../../errors.js';
import type { FlagValues } from './create-options.js';
import { enumName, parseCount, parseMoney, parsePercent } from './values.js';

/** How an error names an option: `--amount-off` on the command line, the column in a CSV file. */
export type NameOf = (flag: string) => string;

/** Which flag implies which discount variant. */
const DISCOUNT_FLAGS: Array<[string, DiscountType]> = [
  ['percent-off', 'PERCENT'],
  ['amount-limit', 'PERCENT'],
  ['amount-off', 'AMOUNT'],
  ['unit-off', 'UNIT'],
  ['unit-type', 'UNIT'],
  ['unit', 'UNIT'],
  ['fixed-amount', 'FIXED'],
];

/** The discount the options set (its variant implied when --discount-type is not given), if any. */
export function discountPatch(values: FlagValues, nameOf: NameOf): Discount | undefined {
  const str = (flag: string) => values[flag] as string | undefined;
  const given = DISCOUNT_FLAGS.filter(([flag]) => values[flag] !== undefined);
  const explicit = str('discount-type');
  if (given.length === 0 && explicit === undefined && str('effect') === undefined) return undefined;

  let type: DiscountType | undefined;
  if (explicit !== undefined) {
    const name = enumName(explicit);
    if (!['AMOUNT', 'PERCENT', 'UNIT', 'FIXED'].includes(name)) {
      throw new UsageError(
        `${nameOf('discount-type')} must be amount, percent, unit or fixed, not '${explicit}'`,
      );
    }
    type = name as DiscountType;
  }
  for (const [flag, implied] of given) {
    if (type !== undefined && implied !== type) {
      const other = explicit !== undefined ? `${nameOf('discount-type')} ${explicit}` : nameOf(given[0]![0]);
      throw new UsageError(
        `${nameOf(flag)} is for ${implied === 'AMOUNT' ? 'an' : 'a'} ${implied.toLowerCase()} discount; it cannot go with ${other}`,
      );
    }
    type = implied;
  }

  const discount: Discount = type ? { type } : {};
  if (str('percent-off') !== undefined)
    discount.percent_off = parsePercent(str('percent-off')!, nameOf('percent-off'));
  if (str('amount-limit') !== undefined)
    discount.amount_limit = parseMoney(str('amount-limit')!, nameOf('amount-limit'));
  if (str('amount-off') !== undefined)
    discount.amount_off = parseMoney(str('amount-off')!, nameOf('amount-off'));
  if (str('fixed-amount') !== undefined)
    discount.fixed_amount = parseMoney(str('fixed-amount')!, nameOf('fixed-amount'));
  const units = values.unit as string[] | undefined;
  if (units && (str('unit-off') !== undefined || str('unit-type') !== undefined)) {
    throw new UsageError(
      `${nameOf('unit')} excludes ${nameOf('unit-off')}/${nameOf('unit-type')}: use --unit-off with --unit-type for one product, --unit (repeated) for several`,
    );
  }
  if (str('unit-off') !== undefined) discount.unit_off = parseCount(str('unit-off')!, nameOf('unit-off'));
  if (str('unit-type') !== undefined) discount.unit_type = str('unit-type');
  if (units) {
    discount.units = units.map((u) => parseUnit(u, nameOf('unit')));
    discount.effect = 'ADD_MANY_ITEMS';
  }
  if (str('effect') !== undefined) discount.effect = enumName(str('effect')!);
  return discount;
}

const UNIT_EFFECT_NAMES: Record<string, string> = {
  NEW: 'ADD_NEW_ITEMS',
  ADD_NEW_ITEMS: 'ADD_NEW_ITEMS',
  MISSING: 'ADD_MISSING_ITEMS',
  ADD_MISSING_ITEMS: 'ADD_MISSING_ITEMS',
};

/** `prod_1:2`, `prod_1:2:missing`: read from the right, so a product id may itself hold a colon. */
function parseUnit(text: string, name: string): { unit_off: number; unit_type: string; effect: string } {
  const parts = text.split(':');
  let effect = 'ADD_NEW_ITEMS';
  const last = parts[parts.length - 1] ?? '';
  if (parts.length >= 3 && !/^\d+$/.test(last)) {
    const known = UNIT_EFFECT_NAMES[enumName(last)];
    if (!known)
      throw new UsageError(`${name}: unit effect must be new or missing, not '${last}' (in '${text}')`);
    effect = known;
    parts.pop();
  }
  const count = parts.pop();
  const product = parts.join(':');
  if (parts.length === 0 || product === '' || count === undefined) {
    throw new UsageError(`${name} takes PRODUCT:COUNT[:EFFECT] (e.g. prod_0a9f:2:missing), not '${text}'`);
  }
  return { unit_off: parseCount(count, name), unit_type: product, effect };
}
