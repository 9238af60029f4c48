// `flagsToPatch` turns the values typed for voucher create's options into the part of the API's
// create body they set (money to hundredths, days and hours to arrays, named charsets to
// characters). It checks what each value looks like and which values exclude each other; rules
// across the whole body are create-validate's.
import type { CreateVoucherBody, VoucherType } from '../../api/vouchers.js';
import { UsageError } from '../../errors.js';
import { parseMetadata } from '../../input/metadata.js';
import { discountPatch, type NameOf } from './create-discount.js';
import type { FlagValues } from './create-options.js';
import {
  enumName,
  parseCount,
  parseDate,
  parseDays,
  parseDuration,
  parseHours,
  parseMoney,
} from './values.js';

export type { NameOf } from './create-discount.js';

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

const CODE_CONFIG_FLAGS = ['length', 'charset', 'prefix', 'postfix', 'pattern'];

const dashed: NameOf = (flag) => `--${flag}`;

/** The part of a create body the given values set; `nameOf` says how errors name an option. */
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
