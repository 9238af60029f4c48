// The options of `promo voucher create` as data: commander registers them from this table, and a
// CSV file for `--input` may use the same names as columns. `flagsToPatch` turns typed-in values
// into the part of the API's create body they set (money to hundredths, days and hours to arrays).
import { type Command, Option } from 'commander';
import type { CreateVoucherBody, Discount, DiscountType, VoucherType } from '../../api/vouchers.js';
import { UsageError } from '../../errors.js';
import { parseMetadata } from '../../input/metadata.js';
import {
  enumName,
  parseCount,
  parseDate,
  parseDays,
  parseDuration,
  parseHours,
  parseMoney,
  parsePercent,
} from './values.js';

export interface FlagDef {
  /** Kebab-case, without dashes: `percent-off`. */
  name: string;
  /** Placeholder of the value; none for a switch. */
  arg?: string;
  repeatable?: boolean;
  help: string;
}

/** Every option that sets a field of the voucher (not --body, --input, --skip, --dry-run). */
export const FIELD_FLAGS: FlagDef[] = [
  {
    name: 'type',
    arg: 'type',
    help: 'discount, gift or loyalty (or DISCOUNT_VOUCHER, GIFT_VOUCHER, LOYALTY_CARD)',
  },
  { name: 'code', arg: 'code', help: 'the code; without it (or code config) the service generates one' },
  { name: 'length', arg: 'n', help: 'code config: characters of the generated code, without prefix/postfix' },
  {
    name: 'charset',
    arg: 'set',
    help: 'code config: alphanumeric, alphabetic, lowercase, uppercase, numbers, or your own characters',
  },
  { name: 'prefix', arg: 'text', help: 'code config: text before the generated part' },
  { name: 'postfix', arg: 'text', help: 'code config: text after the generated part' },
  {
    name: 'pattern',
    arg: 'pattern',
    help: 'code config: each # becomes a random character (e.g. SALE-####)',
  },
  { name: 'category', arg: 'name', help: 'category name (created if new)' },
  { name: 'category-id', arg: 'id', help: 'category id' },
  { name: 'campaign', arg: 'name', help: 'parent campaign, by name (required for a loyalty card)' },
  { name: 'campaign-id', arg: 'id', help: 'parent campaign, by id' },
  {
    name: 'discount-type',
    arg: 'type',
    help: 'amount, percent, unit or fixed (implied by the value flags below)',
  },
  { name: 'percent-off', arg: 'percent', help: 'percent discount, 0 to 100' },
  { name: 'amount-limit', arg: 'amount', help: 'cap of a percent discount, in currency units' },
  { name: 'amount-off', arg: 'amount', help: 'amount discount, in currency units (10.50)' },
  { name: 'unit-off', arg: 'n', help: 'unit discount: number of free units (with --unit-type)' },
  { name: 'unit-type', arg: 'product', help: 'unit discount: the product given (e.g. prod_0a9f9ab4)' },
  {
    name: 'unit',
    arg: 'product:n[:effect]',
    repeatable: true,
    help: 'unit discount over several products, repeatable; effect new (default) or missing',
  },
  { name: 'fixed-amount', arg: 'amount', help: 'fixed-price discount, in currency units' },
  { name: 'effect', arg: 'effect', help: 'how the discount applies, e.g. apply-to-order, apply-to-items' },
  { name: 'gift-amount', arg: 'amount', help: 'gift card credit, in currency units (25 → sent as 2500)' },
  { name: 'gift-balance', arg: 'amount', help: 'gift card starting balance (default: the amount)' },
  { name: 'gift-effect', arg: 'effect', help: 'apply-to-order or apply-to-items' },
  { name: 'points', arg: 'n', help: 'loyalty card points' },
  { name: 'start-date', arg: 'date', help: 'inactive before this ISO 8601 date or date-time' },
  { name: 'expiration-date', arg: 'date', help: 'inactive after this ISO 8601 date or date-time' },
  {
    name: 'validity-duration',
    arg: 'duration',
    help: 'active this long in each period (ISO 8601, e.g. PT1H)',
  },
  { name: 'validity-interval', arg: 'duration', help: 'a period starts this often (ISO 8601, e.g. P2D)' },
  {
    name: 'validity-day',
    arg: 'days',
    repeatable: true,
    help: 'valid on these days: 1,2 or mon-fri (0 = Sunday)',
  },
  {
    name: 'validity-hours',
    arg: 'days@HH:mm-HH:mm',
    repeatable: true,
    help: 'valid daily period, repeatable, e.g. mon-fri@09:00-17:00',
  },
  { name: 'active', help: 'create it active (the default)' },
  { name: 'inactive', help: 'create it inactive' },
  { name: 'additional-info', arg: 'text', help: 'free text about the code' },
  { name: 'redemption-quantity', arg: 'n', help: 'how many times it can be redeemed, or unlimited' },
  {
    name: 'metadata',
    arg: 'key=value',
    repeatable: true,
    help: 'repeatable; values typed as JSON where they parse',
  },
  { name: 'validation-rule', arg: 'id', repeatable: true, help: 'validation rule id, repeatable' },
];

/** Values as typed: a string per option, a list for the repeatable ones, true for a switch. */
export type FlagValues = Record<string, string | string[] | boolean | undefined>;

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

export function addFieldOptions(command: Command): Command {
  for (const def of FIELD_FLAGS) {
    const option = new Option(def.arg ? `--${def.name} <${def.arg}>` : `--${def.name}`, def.help);
    if (def.repeatable) option.argParser(collect);
    command.addOption(option);
  }
  return command;
}

/** commander's attribute name of a flag: `percent-off` → `percentOff`. */
export function attributeName(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** commander's parsed options, keyed by flag name. */
export function flagValues(options: Record<string, unknown>): FlagValues {
  const values: FlagValues = {};
  for (const def of FIELD_FLAGS) {
    const value = options[attributeName(def.name)];
    if (value !== undefined) values[def.name] = value as string | string[] | boolean;
  }
  return values;
}

const TYPE_NAMES: Record<string, VoucherType> = {
  DISCOUNT: 'DISCOUNT_VOUCHER',
  DISCOUNT_VOUCHER: 'DISCOUNT_VOUCHER',
  GIFT: 'GIFT_VOUCHER',
  GIFT_CARD: 'GIFT_VOUCHER',
  GIFT_VOUCHER: 'GIFT_VOUCHER',
  LOYALTY: 'LOYALTY_CARD',
  LOYALTY_CARD: 'LOYALTY_CARD',
};

/** Named character sets, sent as the characters themselves (which is what the service takes). */
const CHARSETS: Record<string, string> = {
  ALPHANUMERIC: '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ALPHABETIC: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  LOWERCASE: 'abcdefghijklmnopqrstuvwxyz',
  ALPHABETIC_LOWERCASE: 'abcdefghijklmnopqrstuvwxyz',
  UPPERCASE: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ALPHABETIC_UPPERCASE: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  NUMBERS: '0123456789',
  DIGITS: '0123456789',
};

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
const CODE_CONFIG_FLAGS = ['length', 'charset', 'prefix', 'postfix', 'pattern'];

/** How an error names an option: `--amount-off` on the command line, the column in a CSV file. */
export type NameOf = (flag: string) => string;
const dashed: NameOf = (flag) => `--${flag}`;

/**
 * The part of a create body the given values set. Checks what each value looks like and which
 * values exclude each other; rules across the whole body are create-validate's.
 */
export function flagsToPatch(values: FlagValues, nameOf: NameOf = dashed): CreateVoucherBody {
  const str = (flag: string) => values[flag] as string | undefined;
  const list = (flag: string) => values[flag] as string[] | undefined;
  const has = (flag: string) => values[flag] !== undefined;
  const body: CreateVoucherBody = {};

  const type = str('type');
  if (type !== undefined) {
    const known = TYPE_NAMES[enumName(type)];
    if (!known) throw new UsageError(`${nameOf('type')} must be discount, gift or loyalty, not '${type}'`);
    body.type = known;
  }

  const codeConfigGiven = CODE_CONFIG_FLAGS.filter(has);
  if (has('code') && codeConfigGiven.length > 0) {
    throw new UsageError(
      `${nameOf('code')} and ${nameOf(codeConfigGiven[0]!)} exclude each other: give a code, or the rules to generate one`,
    );
  }
  if (has('code')) body.code = checkCode(str('code')!, nameOf('code'));
  if (codeConfigGiven.length > 0) body.code_config = codeConfig(values, nameOf);

  for (const [flag, field] of [
    ['category', 'category'],
    ['category-id', 'category_id'],
    ['campaign', 'campaign'],
    ['campaign-id', 'campaign_id'],
    ['additional-info', 'additional_info'],
  ] as const) {
    const value = str(flag);
    if (value === undefined) continue;
    if (field !== 'additional_info' && value.trim() === '')
      throw new UsageError(`${nameOf(flag)} must not be empty`);
    body[field] = value;
  }

  const discount = discountPatch(values, nameOf);
  if (discount) body.discount = discount;

  if (has('gift-amount') || has('gift-balance') || has('gift-effect')) {
    body.gift = {};
    if (has('gift-amount')) body.gift.amount = parseMoney(str('gift-amount')!, nameOf('gift-amount'));
    if (has('gift-balance')) body.gift.balance = parseMoney(str('gift-balance')!, nameOf('gift-balance'));
    if (has('gift-effect')) body.gift.effect = enumName(str('gift-effect')!);
  }
  if (has('points')) body.loyalty_card = { points: parseCount(str('points')!, nameOf('points')) };

  if (has('start-date')) body.start_date = parseDate(str('start-date')!, nameOf('start-date'), false);
  if (has('expiration-date'))
    body.expiration_date = parseDate(str('expiration-date')!, nameOf('expiration-date'), true);
  if (has('validity-duration') || has('validity-interval')) {
    body.validity_timeframe = {};
    if (has('validity-duration'))
      body.validity_timeframe.duration = parseDuration(
        str('validity-duration')!,
        nameOf('validity-duration'),
      );
    if (has('validity-interval'))
      body.validity_timeframe.interval = parseDuration(
        str('validity-interval')!,
        nameOf('validity-interval'),
      );
  }
  const days = list('validity-day');
  if (days) {
    body.validity_day_of_week = [...new Set(days.flatMap((d) => parseDays(d, nameOf('validity-day'))))].sort(
      (a, b) => a - b,
    );
  }
  const hours = list('validity-hours');
  if (hours) body.validity_hours = { daily: hours.map((h) => parseHours(h, nameOf('validity-hours'))) };

  if (values.active === true && values.inactive === true) {
    throw new UsageError(`${nameOf('active')} and ${nameOf('inactive')} exclude each other`);
  }
  if (values.active === true) body.active = true;
  if (values.inactive === true) body.active = false;

  const quantity = str('redemption-quantity');
  if (quantity !== undefined) {
    body.redemption = {
      quantity: /^\s*unlimited\s*$/i.test(quantity)
        ? null
        : parseCount(quantity, nameOf('redemption-quantity'), 1),
    };
  }
  const metadata = parseMetadata(list('metadata'), nameOf('metadata'));
  if (metadata) body.metadata = metadata;
  const rules = list('validation-rule');
  if (rules) {
    body.validation_rules = rules.map((rule) => {
      if (!/^\S+$/.test(rule))
        throw new UsageError(`${nameOf('validation-rule')} must be a rule id, not '${rule}'`);
      return rule;
    });
  }
  return body;
}

function checkCode(code: string, name: string): string {
  if (code === '') throw new UsageError(`${name} must not be empty`);
  if (/[\u0000-\u001f\u007f]/.test(code)) throw new UsageError(`${name} must not contain control characters`);
  return code;
}

function codeConfig(values: FlagValues, nameOf: NameOf): NonNullable<CreateVoucherBody['code_config']> {
  const str = (flag: string) => values[flag] as string | undefined;
  const config: NonNullable<CreateVoucherBody['code_config']> = {};
  const pattern = str('pattern');
  if (pattern !== undefined && str('length') !== undefined) {
    throw new UsageError(
      `${nameOf('length')} has no effect with ${nameOf('pattern')} (the pattern sets the length)`,
    );
  }
  if (str('length') !== undefined) config.length = parseCount(str('length')!, nameOf('length'), 1);
  const charset = str('charset');
  if (charset !== undefined) {
    if (charset === '') throw new UsageError(`${nameOf('charset')} must not be empty`);
    config.charset = CHARSETS[enumName(charset)] ?? charset;
  }
  if (str('prefix') !== undefined) config.prefix = str('prefix');
  if (str('postfix') !== undefined) config.postfix = str('postfix');
  if (pattern !== undefined) config.pattern = pattern;
  return config;
}

function discountPatch(values: FlagValues, nameOf: NameOf): Discount | undefined {
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
        `${nameOf(flag)} is for a ${implied.toLowerCase()} discount; it cannot go with ${other}`,
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
