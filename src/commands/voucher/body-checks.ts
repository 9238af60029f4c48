// Small checks of a create body's fields. A failure is a UsageError naming the option that sets
// the field, the field's path in the body, and the rule, so that a value from --body or an NDJSON
// line is as easy to find as one from a flag.
import { UsageError } from '../../errors.js';

export type Json = Record<string, unknown>;

/** The option that sets each field, for messages (indices are ignored: `discount.units[1].effect`). */
const FIELD_FLAG: Record<string, string> = {
  type: '--type',
  code: '--code',
  'code_config.length': '--length',
  'code_config.charset': '--charset',
  'code_config.prefix': '--prefix',
  'code_config.postfix': '--postfix',
  'code_config.pattern': '--pattern',
  category: '--category',
  category_id: '--category-id',
  campaign: '--campaign',
  campaign_id: '--campaign-id',
  discount: '--percent-off/--amount-off/--unit-off/--unit/--fixed-amount',
  'discount.type': '--discount-type',
  'discount.percent_off': '--percent-off',
  'discount.amount_limit': '--amount-limit',
  'discount.amount_off': '--amount-off',
  'discount.unit_off': '--unit-off',
  'discount.unit_type': '--unit-type',
  'discount.units': '--unit',
  'discount.fixed_amount': '--fixed-amount',
  'discount.effect': '--effect',
  gift: '--gift-amount',
  'gift.amount': '--gift-amount',
  'gift.balance': '--gift-balance',
  'gift.effect': '--gift-effect',
  loyalty_card: '--points',
  'loyalty_card.points': '--points',
  start_date: '--start-date',
  expiration_date: '--expiration-date',
  validity_timeframe: '--validity-duration/--validity-interval',
  'validity_timeframe.duration': '--validity-duration',
  'validity_timeframe.interval': '--validity-interval',
  validity_day_of_week: '--validity-day',
  validity_hours: '--validity-hours',
  active: '--active/--inactive',
  additional_info: '--additional-info',
  redemption: '--redemption-quantity',
  'redemption.quantity': '--redemption-quantity',
  metadata: '--metadata',
  validation_rules: '--validation-rule',
};

export function flagFor(path: string): string | undefined {
  const bare = path.replace(/\[\d+\]/g, '');
  for (let key = bare; key; key = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '') {
    if (FIELD_FLAG[key]) return FIELD_FLAG[key];
  }
  return undefined;
}

export function bad(path: string, rule: string): never {
  const flag = flagFor(path);
  throw new UsageError(flag ? `${flag} (${path}) ${rule}` : `${path} ${rule}`);
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const given = (value: unknown) => value !== undefined && value !== null;
export const shown = (value: unknown) => JSON.stringify(value);

export function nonNegativeInteger(value: unknown, path: string, what = 'a whole number, 0 or more'): void {
  if (!given(value)) return;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    bad(path, `must be ${what}, not ${shown(value)}`);
}

/** Money in the body is in hundredths: a whole number. */
export function money(value: unknown, path: string): void {
  nonNegativeInteger(value, path, 'a whole number of hundredths (1050 for 10.50), 0 or more');
}

export function string(value: unknown, path: string, nonEmpty = true): void {
  if (!given(value)) return;
  if (typeof value !== 'string' || (nonEmpty && value.trim() === ''))
    bad(path, `must be ${nonEmpty ? 'a non-empty' : 'a'} string`);
}

export function oneOf(value: unknown, path: string, allowed: readonly string[]): void {
  if (!given(value)) return;
  if (typeof value !== 'string' || !allowed.includes(value))
    bad(path, `must be one of ${allowed.join(', ')}, not ${shown(value)}`);
}

export function object(value: unknown, path: string): Json | undefined {
  if (!given(value)) return undefined;
  if (!isObject(value)) bad(path, 'must be an object');
  return value;
}

export function days(value: unknown, path: string, required = false): number[] | undefined {
  if (!given(value)) {
    if (required) bad(path, 'is required (days of the week, 0 = Sunday … 6 = Saturday)');
    return undefined;
  }
  if (!Array.isArray(value) || (required && value.length === 0))
    bad(path, 'must be a list of days of the week 0..6');
  value.forEach((day, i) => {
    if (typeof day !== 'number' || !Number.isInteger(day) || day < 0 || day > 6) {
      bad(`${path}[${i}]`, `must be a day of the week from 0 (Sunday) to 6 (Saturday), not ${shown(day)}`);
    }
  });
  return value as number[];
}
