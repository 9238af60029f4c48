// Checks a whole create body before it is sent, whatever it came from (flags, --body, a line of
// --input): the rules of CLI.md's "Bad input" and the reference. A failure is a UsageError naming
// the option that sets the field, the field itself, and the rule; nothing is sent.
import {
  type CreateVoucherBody,
  DISCOUNT_EFFECTS,
  DISCOUNT_TYPES,
  type DiscountType,
  GIFT_EFFECTS,
  MANY_ITEMS_EFFECT,
  ONE_UNIT_EFFECTS,
  VOUCHER_TYPES,
  type VoucherType,
} from '../../api/vouchers.js';
import { UsageError } from '../../errors.js';
import { HH_MM, ISO_DURATION, isoDateMs } from './values.js';

type Json = Record<string, unknown>;

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

function flagFor(path: string): string | undefined {
  const bare = path.replace(/\[\d+\]/g, '');
  for (let key = bare; key; key = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '') {
    if (FIELD_FLAG[key]) return FIELD_FLAG[key];
  }
  return undefined;
}

function bad(path: string, rule: string): never {
  const flag = flagFor(path);
  throw new UsageError(flag ? `${flag} (${path}) ${rule}` : `${path} ${rule}`);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const given = (value: unknown) => value !== undefined && value !== null;
const shown = (value: unknown) => JSON.stringify(value);

function nonNegativeInteger(value: unknown, path: string, what = 'a whole number, 0 or more'): void {
  if (!given(value)) return;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    bad(path, `must be ${what}, not ${shown(value)}`);
}

/** Money in the body is in hundredths: a whole number. */
function money(value: unknown, path: string): void {
  nonNegativeInteger(value, path, 'a whole number of hundredths (1050 for 10.50), 0 or more');
}

function string(value: unknown, path: string, nonEmpty = true): void {
  if (!given(value)) return;
  if (typeof value !== 'string' || (nonEmpty && value.trim() === ''))
    bad(path, `must be ${nonEmpty ? 'a non-empty' : 'a'} string`);
}

function oneOf(value: unknown, path: string, allowed: readonly string[]): void {
  if (!given(value)) return;
  if (typeof value !== 'string' || !allowed.includes(value))
    bad(path, `must be one of ${allowed.join(', ')}, not ${shown(value)}`);
}

function object(value: unknown, path: string): Json | undefined {
  if (!given(value)) return undefined;
  if (!isObject(value)) bad(path, 'must be an object');
  return value;
}

function days(value: unknown, path: string, required = false): number[] | undefined {
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

export function validateCreateBody(body: CreateVoucherBody): void {
  if (!given(body.type)) {
    bad(
      'type',
      'is required: discount, gift or loyalty (or the discount, gift or loyalty fields that imply it)',
    );
  }
  oneOf(body.type, 'type', VOUCHER_TYPES);
  const type = body.type as VoucherType;
  checkTypeParts(body, type);
  checkCode(body, type);
  for (const field of ['category', 'category_id', 'campaign', 'campaign_id'] as const)
    string(body[field], field);
  if (type === 'LOYALTY_CARD' && !given(body.campaign) && !given(body.campaign_id)) {
    bad('campaign', 'is required for a loyalty card: pass --campaign NAME or --campaign-id ID');
  }
  checkDates(body);
  checkValidityHours(body.validity_hours);
  if (given(body.active) && typeof body.active !== 'boolean') bad('active', 'must be true or false');
  string(body.additional_info, 'additional_info', false);
  const redemption = object(body.redemption, 'redemption');
  if (redemption && given(redemption.quantity)) {
    nonNegativeInteger(redemption.quantity, 'redemption.quantity');
    if (redemption.quantity === 0) bad('redemption.quantity', 'must be 1 or more (or unlimited)');
  }
  object(body.metadata, 'metadata');
  if (given(body.validation_rules)) {
    if (!Array.isArray(body.validation_rules)) bad('validation_rules', 'must be a list of rule ids');
    body.validation_rules.forEach((rule, i) => {
      string(rule, `validation_rules[${i}]`);
    });
  }
}

function checkTypeParts(body: CreateVoucherBody, type: VoucherType): void {
  const part = { DISCOUNT_VOUCHER: 'discount', GIFT_VOUCHER: 'gift', LOYALTY_CARD: 'loyalty_card' } as const;
  const words = { DISCOUNT_VOUCHER: 'discount', GIFT_VOUCHER: 'gift', LOYALTY_CARD: 'loyalty' };
  for (const [other, field] of Object.entries(part) as Array<[VoucherType, string]>) {
    if (other !== type && given(body[field])) {
      bad(field, `is for --type ${words[other]}, and the type is ${type}`);
    }
  }
  const own = body[part[type]];
  if (!given(own)) {
    const needs = {
      DISCOUNT_VOUCHER:
        'a discount: --percent-off, --amount-off, --unit-off with --unit-type, --unit or --fixed-amount',
      GIFT_VOUCHER: 'an amount: --gift-amount',
      LOYALTY_CARD: 'points: --points',
    };
    bad(part[type], `is required for ${type}: it needs ${needs[type]}`);
  }
  if (type === 'DISCOUNT_VOUCHER') checkDiscount(object(own, 'discount')!);
  if (type === 'GIFT_VOUCHER') {
    const gift = object(own, 'gift')!;
    if (!given(gift.amount)) bad('gift.amount', 'is required for a gift card');
    money(gift.amount, 'gift.amount');
    money(gift.balance, 'gift.balance');
    oneOf(gift.effect, 'gift.effect', GIFT_EFFECTS);
  }
  if (type === 'LOYALTY_CARD') {
    const card = object(own, 'loyalty_card')!;
    if (!given(card.points)) bad('loyalty_card.points', 'is required for a loyalty card');
    nonNegativeInteger(card.points, 'loyalty_card.points');
  }
}

function checkDiscount(discount: Json): void {
  if (!given(discount.type)) bad('discount.type', `is required: one of ${DISCOUNT_TYPES.join(', ')}`);
  oneOf(discount.type, 'discount.type', DISCOUNT_TYPES);
  const type = discount.type as DiscountType;
  const require = (field: string) => {
    if (!given(discount[field])) bad(`discount.${field}`, `is required for a ${type} discount`);
  };
  switch (type) {
    case 'PERCENT': {
      require('percent_off');
      const p = discount.percent_off;
      if (typeof p !== 'number' || !(p >= 0 && p <= 100))
        bad('discount.percent_off', `must be a number from 0 to 100, not ${shown(p)}`);
      money(discount.amount_limit, 'discount.amount_limit');
      break;
    }
    case 'AMOUNT':
      require('amount_off');
      money(discount.amount_off, 'discount.amount_off');
      break;
    case 'FIXED':
      require('fixed_amount');
      money(discount.fixed_amount, 'discount.fixed_amount');
      break;
    case 'UNIT':
      if (given(discount.units)) {
        checkUnits(discount);
        return;
      }
      require('unit_off');
      nonNegativeInteger(discount.unit_off, 'discount.unit_off');
      require('unit_type');
      string(discount.unit_type, 'discount.unit_type');
      if (discount.effect === MANY_ITEMS_EFFECT)
        bad('discount.effect', `${MANY_ITEMS_EFFECT} needs several units (--unit)`);
      break;
  }
  oneOf(discount.effect, 'discount.effect', DISCOUNT_EFFECTS[type]);
}

function checkUnits(discount: Json): void {
  const units = discount.units;
  if (!Array.isArray(units) || units.length === 0) bad('discount.units', 'must be a non-empty list of units');
  units.forEach((unit, i) => {
    const path = `discount.units[${i}]`;
    if (!isObject(unit)) bad(path, 'must be an object with unit_off, unit_type and effect');
    if (!given(unit.unit_off)) bad(`${path}.unit_off`, 'is required');
    nonNegativeInteger(unit.unit_off, `${path}.unit_off`);
    if (!given(unit.unit_type)) bad(`${path}.unit_type`, 'is required');
    string(unit.unit_type, `${path}.unit_type`);
    if (!given(unit.effect)) bad(`${path}.effect`, `is required: ${ONE_UNIT_EFFECTS.join(' or ')}`);
    oneOf(unit.effect, `${path}.effect`, ONE_UNIT_EFFECTS);
  });
  oneOf(discount.effect, 'discount.effect', [MANY_ITEMS_EFFECT]);
}

function checkCode(body: CreateVoucherBody, type: VoucherType): void {
  string(body.code, 'code');
  const config = object(body.code_config, 'code_config');
  if (config) {
    if (given(config.length)) {
      nonNegativeInteger(config.length, 'code_config.length');
      if (config.length === 0) bad('code_config.length', 'must be 1 or more');
    }
    string(config.charset, 'code_config.charset');
    string(config.prefix, 'code_config.prefix', false);
    string(config.postfix, 'code_config.postfix', false);
    string(config.pattern, 'code_config.pattern');
    if (typeof config.pattern === 'string' && !config.pattern.includes('#')) {
      bad(
        'code_config.pattern',
        'must contain # (each # becomes a random character); for a fixed code use --code',
      );
    }
  }
  if (type === 'GIFT_VOUCHER' && !given(body.code) && !config) {
    bad(
      'code',
      'or a code config (--length, --charset, --prefix, --postfix, --pattern) is required for a gift card',
    );
  }
}

function checkDates(body: CreateVoucherBody): void {
  const ms: Record<string, number | undefined> = {};
  for (const field of ['start_date', 'expiration_date'] as const) {
    const value = body[field];
    if (!given(value)) continue;
    ms[field] = typeof value === 'string' ? isoDateMs(value) : undefined;
    if (ms[field] === undefined)
      bad(field, `must be an ISO 8601 date-time (2026-12-31T23:59:59Z), not ${shown(value)}`);
  }
  if (ms.start_date !== undefined && ms.expiration_date !== undefined && ms.expiration_date < ms.start_date) {
    bad('expiration_date', `must not be before --start-date (${body.start_date})`);
  }
  const frame = object(body.validity_timeframe, 'validity_timeframe');
  if (frame) {
    if (!given(body.start_date))
      bad('validity_timeframe', 'needs --start-date (start_date): the periods count from it');
    for (const key of ['duration', 'interval']) {
      const value = frame[key];
      if (!given(value))
        bad(`validity_timeframe.${key}`, 'is required: a timeframe has a duration and an interval');
      if (typeof value !== 'string' || !ISO_DURATION.test(value)) {
        bad(`validity_timeframe.${key}`, `must be an ISO 8601 duration (PT1H, P2D), not ${shown(value)}`);
      }
    }
  }
  days(body.validity_day_of_week, 'validity_day_of_week');
}

const DAY_MINUTES = 24 * 60;
const WEEK_MINUTES = 7 * DAY_MINUTES;

function minutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
}

/** Where a period lies on the week, in minutes from Sunday 00:00; past midnight it runs into the next day. */
function weekSpans(period: { start_time: string; expiration_time: string; days_of_week: number[] }) {
  const start = minutes(period.start_time);
  const end = minutes(period.expiration_time);
  const length = end > start ? end - start : end + DAY_MINUTES - start;
  return period.days_of_week.flatMap((day) => {
    const from = day * DAY_MINUTES + start;
    const to = from + length;
    return to <= WEEK_MINUTES
      ? [[from, to]]
      : [
          [from, WEEK_MINUTES],
          [0, to - WEEK_MINUTES],
        ];
  });
}

function checkValidityHours(value: unknown): void {
  const hours = object(value, 'validity_hours');
  if (!hours) return;
  if (!given(hours.daily)) return;
  if (!Array.isArray(hours.daily)) bad('validity_hours.daily', 'must be a list of daily periods');
  const periods = hours.daily.map((item, i) => {
    const path = `validity_hours.daily[${i}]`;
    if (!isObject(item)) bad(path, 'must be an object with start_time, expiration_time and days_of_week');
    for (const key of ['start_time', 'expiration_time']) {
      const time = item[key];
      if (typeof time !== 'string' || !HH_MM.test(time))
        bad(`${path}.${key}`, `must be a time in HH:mm (00:00 to 23:59), not ${shown(time)}`);
    }
    if (item.start_time === item.expiration_time)
      bad(path, 'is empty: start_time and expiration_time must differ');
    days(item.days_of_week, `${path}.days_of_week`, true);
    return item as { start_time: string; expiration_time: string; days_of_week: number[] };
  });
  const spans = periods.map(weekSpans);
  for (let a = 0; a < spans.length; a++) {
    for (let b = a + 1; b < spans.length; b++) {
      const overlap = spans[a]!.some(([f1, t1]) => spans[b]!.some(([f2, t2]) => f1! < t2! && f2! < t1!));
      if (overlap) {
        const show = (p: (typeof periods)[number]) =>
          `${p.days_of_week.join(',')}@${p.start_time}-${p.expiration_time}`;
        bad(
          `validity_hours.daily[${b}]`,
          `overlaps validity_hours.daily[${a}] (${show(periods[b]!)} and ${show(periods[a]!)}): periods must not overlap`,
        );
      }
    }
  }
}
