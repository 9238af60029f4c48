// Values typed for the voucher fields (options, or CSV cells) → the part of the create body they
// set, by the table in fields.ts: each value parsed by its row and held to its row's rule. What
// the rows cannot say alone is checked here first: values that exclude each other.
import { type CreateVoucherBody, DISCOUNT_TYPES, type DiscountType } from '../../../api/vouchers.js';
import { UsageError } from '../../../base/errors.js';
import { enumName } from '../../shared/values.js';
import { VOUCHER_FIELDS, type VoucherField } from './fields.js';

/** Values as typed, by flag name: a string, a list for the repeatable ones, true for a switch given. */
export type FieldValues = Record<string, string | string[] | true | undefined>;

/** How an error names an option: `--amount-off` on the command line, the column in a CSV file. */
export type NameOf = (flag: string) => string;

const dashed: NameOf = (flag) => `--${flag}`;

const CODE_CONFIG = VOUCHER_FIELDS.filter((f) => f.path.startsWith('code_config.')).map((f) => f.flag);

/** The part of a create body the given values set; `nameOf` says how errors name an option. */
export function fieldsPatch(
  values: FieldValues,
  nameOf: NameOf = dashed,
  fields: readonly VoucherField[] = VOUCHER_FIELDS,
): CreateVoucherBody {
  const has = (flag: string) => values[flag] !== undefined;
  const configGiven = CODE_CONFIG.filter(has);
  if (has('code') && configGiven.length > 0) {
    throw new UsageError(
      `${nameOf('code')} and ${nameOf(configGiven[0]!)} exclude each other: give a code, or the rules to generate one`,
    );
  }
  if (has('pattern') && has('length')) {
    throw new UsageError(
      `${nameOf('length')} has no effect with ${nameOf('pattern')} (the pattern sets the length)`,
    );
  }
  if (has('active') && has('inactive')) {
    throw new UsageError(`${nameOf('active')} and ${nameOf('inactive')} exclude each other`);
  }
  if (has('unit') && (has('unit-off') || has('unit-type'))) {
    throw new UsageError(
      `${nameOf('unit')} excludes ${nameOf('unit-off')}/${nameOf('unit-type')}: use --unit-off with --unit-type for one product, --unit (repeated) for several`,
    );
  }
  const body: Record<string, unknown> = {};
  const discountType = impliedDiscount(values, nameOf);
  if (discountType) setPath(body, 'discount.type', discountType);
  for (const field of fields) {
    const value = values[field.flag];
    if (value === undefined || field.path === 'discount.type') continue;
    const parsed = parseField(field, value, nameOf(field.flag));
    if (parsed !== undefined) setPath(body, field.path, parsed);
  }
  // Several units make one ADD_MANY_ITEMS discount, unless --effect says otherwise.
  if (has('unit') && !has('effect')) setPath(body, 'discount.effect', 'ADD_MANY_ITEMS');
  return body as CreateVoucherBody;
}

function parseField(field: VoucherField, value: string | string[] | true, name: string): unknown {
  if (field.set !== undefined) return field.set;
  const texts = Array.isArray(value) ? value : [String(value)];
  if (field.parseAll) return field.parseAll(texts, name);
  const text = texts.at(-1)!;
  const parsed = field.parse ? field.parse(text, name) : text;
  if (field.rule && !field.rule.test(parsed))
    throw new UsageError(`${name} ${field.rule.text}, not '${text}'`);
  return parsed;
}

function setPath(body: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = body;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
}

/** The discount variant: --discount-type's, or the one the values imply; values of two variants are refused. */
function impliedDiscount(values: FieldValues, nameOf: NameOf): DiscountType | undefined {
  const given = VOUCHER_FIELDS.filter((f) => f.implies && values[f.flag] !== undefined);
  const explicit = values['discount-type'];
  let type: DiscountType | undefined;
  if (typeof explicit === 'string') {
    type = DISCOUNT_TYPES.find((known) => known === enumName(explicit));
    if (type === undefined) {
      throw new UsageError(
        `${nameOf('discount-type')} must be amount, percent, unit or fixed, not '${explicit}'`,
      );
    }
  }
  for (const field of given) {
    const implied = field.implies!;
    if (type !== undefined && implied !== type) {
      const other =
        typeof explicit === 'string' ? `${nameOf('discount-type')} ${explicit}` : nameOf(given[0]!.flag);
      throw new UsageError(
        `${nameOf(field.flag)} is for ${implied === 'AMOUNT' ? 'an' : 'a'} ${implied.toLowerCase()} discount; it cannot go with ${other}`,
      );
    }
    type = implied;
  }
  return type;
}
