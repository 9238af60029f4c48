// Parsers for the values people type for a voucher, a campaign and a job list's dates: money in
// currency units, counts, days of the week, HH:mm times, ISO 8601 dates and durations. Each failure names where the value came from
// (`--amount-off`, or a CSV column) and the rule it broke.

import { namedCharset } from 'promo-sandbox/facts/code-space';
import type { VoucherType } from '../../api/vouchers.js';
import { UsageError } from '../../base/errors.js';

/** `10.50` → 1050: the service keeps money in hundredths. Exact (no floating point), at most 2 decimals. */
export function parseMoney(text: string, name: string): number {
  const value = text.trim();
  if (/^-/.test(value)) throw new UsageError(`${name} must not be negative, not '${text}'`);
  const match = /^(\d+)(?:\.(\d*))?$/.exec(value);
  if (!match) throw new UsageError(`${name} must be an amount such as 25 or 10.50, not '${text}'`);
  const decimals = match[2] ?? '';
  if (decimals.length > 2) {
    throw new UsageError(
      `${name} takes at most 2 decimals (amounts are sent in hundredths: 10.50 is sent as 1050), not '${text}'`,
    );
  }
  const hundredths = Number(match[1]) * 100 + Number(decimals.padEnd(2, '0'));
  if (!Number.isSafeInteger(hundredths)) throw new UsageError(`${name} is too large: '${text}'`);
  return hundredths;
}

/** `discount`, `Apply-To-Order`, `apply_to_order` → `DISCOUNT`, `APPLY_TO_ORDER`. */
export function enumName(text: string): string {
  return text
    .trim()
    .toUpperCase()
    .replace(/[-\s]+/g, '_');
}

const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

export const DAYS_RULE = '0 = Sunday … 6 = Saturday, names sun..sat, ranges like mon-fri, or daily';

/** `3`, `wed` or `wednesday`. */
function day(text: string, name: string): number {
  const value = text.trim().toLowerCase();
  if (/^\d$/.test(value) && Number(value) <= 6) return Number(value);
  const index = DAY_NAMES.findIndex((d) => value.length >= 3 && d.startsWith(value));
  if (index === -1) throw new UsageError(`${name}: '${text}' is not a day of the week (${DAYS_RULE})`);
  return index;
}

/**
 * Days of the week from `1,3,5`, `mon-fri`, `sat,sun`, `fri-mon` (wraps past Saturday) or
 * `daily`; sorted, without repeats.
 */
export function parseDays(text: string, name: string): number[] {
  const days = new Set<number>();
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') throw new UsageError(`${name}: empty day in '${text}' (${DAYS_RULE})`);
    if (/^(daily|all|every)$/i.test(item)) {
      for (let d = 0; d <= 6; d++) days.add(d);
      continue;
    }
    const range = /^([^-]+)-([^-]+)$/.exec(item);
    if (range) {
      const from = day(range[1]!, name);
      const to = day(range[2]!, name);
      for (let d = from; ; d = (d + 1) % 7) {
        days.add(d);
        if (d === to) break;
      }
    } else {
      days.add(day(item, name));
    }
  }
  return [...days].sort((a, b) => a - b);
}

/** Days as a person types them: [1,2,3,4,5] → `mon-fri`, [0,6] → `sun,sat`, all seven → `daily`. */
export function formatDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return 'daily';
  const name = (d: number) => DAY_NAMES[d]?.slice(0, 3) ?? String(d);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    const [from, to] = [sorted[i]!, sorted[j]!];
    runs.push(
      to - from >= 2
        ? `${name(from)}-${name(to)}`
        : sorted
            .slice(i, j + 1)
            .map(name)
            .join(','),
    );
    i = j + 1;
  }
  return runs.join(',');
}

export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * One daily validity period: `DAYS@HH:mm-HH:mm`, e.g. `mon-fri@09:00-17:00` or `sat@22:00-02:00`
 * (an end not after the start runs past midnight).
 */
export function parseHours(
  text: string,
  name: string,
): { start_time: string; expiration_time: string; days_of_week: number[] } {
  const match = /^([^@]+)@\s*([^-\s]+)\s*-\s*(\S+)$/.exec(text.trim());
  if (!match) {
    throw new UsageError(`${name} takes DAYS@HH:mm-HH:mm (e.g. mon-fri@09:00-17:00), not '${text}'`);
  }
  const [, days, start, end] = match as unknown as [string, string, string, string];
  for (const time of [start, end]) {
    if (!HH_MM.test(time)) throw new UsageError(`${name}: '${time}' is not a time in HH:mm (00:00 to 23:59)`);
  }
  if (start === end)
    throw new UsageError(`${name}: the period ${start}-${end} is empty; the times must differ`);
  return { start_time: start, expiration_time: end, days_of_week: parseDays(days, name) };
}

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Milliseconds of an ISO 8601 date or date-time (UTC when it has no offset), or undefined if it is not one. */
export function isoDateMs(text: string): number | undefined {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const [, y, m, d, hh] = match;
  const calendar = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (calendar.getUTCMonth() !== Number(m) - 1 || calendar.getUTCDate() !== Number(d)) return undefined;
  const ms = Date.parse(hh !== undefined && !match[7] ? `${text}Z` : text);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * A date for the service: a bare date becomes the start (or, for an expiration, the end) of that
 * day in UTC; a time without an offset is taken as UTC.
 */
/** A date or date-time flag as the service's list and export parameters want it: a UTC date-time. */
export function parseInstant(text: string | undefined, flag: string): string | undefined {
  if (text === undefined) return undefined;
  const ms = isoDateMs(text.trim());
  if (ms === undefined) {
    throw new UsageError(
      `${flag} must be an ISO 8601 date or date-time (2026-06-01 or 2026-06-01T12:00:00Z), not '${text}'`,
    );
  }
  return new Date(ms).toISOString();
}

export function parseDate(text: string, name: string, endOfDay: boolean): string {
  const value = text.trim();
  if (isoDateMs(value) === undefined) {
    throw new UsageError(
      `${name} must be an ISO 8601 date or date-time (2026-12-31 or 2026-12-31T23:59:59Z), not '${text}'`,
    );
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T${endOfDay ? '23:59:59' : '00:00:00'}Z`;
  return /(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`;
}

export const ISO_DURATION =
  /^P(?=\d|T\d)(?:\d+Y)?(?:\d+M)?(?:\d+W)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+(?:[.,]\d+)?S)?)?$/;

export function parseDuration(text: string, name: string): string {
  const value = text.trim().toUpperCase();
  if (!ISO_DURATION.test(value)) {
    throw new UsageError(`${name} must be an ISO 8601 duration such as PT1H, P2D or P1W, not '${text}'`);
  }
  return value;
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

export function parseVoucherType(text: string, name: string): VoucherType {
  const known = TYPE_NAMES[enumName(text)];
  if (!known) throw new UsageError(`${name} must be discount, gift or loyalty, not '${text}'`);
  return known;
}

/** promo's short names of the service's sets, beside the names the service itself knows. */
const CHARSET_ALIASES: Record<string, string> = {
  LOWERCASE: 'alphabetic lowercase',
  UPPERCASE: 'alphabetic uppercase',
  DIGITS: 'numbers',
};

/** --charset: a named set (the service's names, or promo's short ones) sent as its characters; else the text. */
export function parseCharset(text: string): string {
  if (text === '') return '';
  return namedCharset(CHARSET_ALIASES[enumName(text)] ?? text) ?? text;
}

const UNIT_EFFECT_NAMES: Record<string, string> = {
  NEW: 'ADD_NEW_ITEMS',
  ADD_NEW_ITEMS: 'ADD_NEW_ITEMS',
  MISSING: 'ADD_MISSING_ITEMS',
  ADD_MISSING_ITEMS: 'ADD_MISSING_ITEMS',
};

/** `prod_1:2`, `prod_1:2:missing`: read from the right, so a product id may itself hold a colon. */
export function parseUnit(
  text: string,
  name: string,
): { unit_off: number; unit_type: string; effect: string } {
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
  const units = /^\s*\d+\s*$/.test(count) ? Number(count.trim()) : Number.NaN;
  if (!Number.isSafeInteger(units))
    throw new UsageError(`${name} must be a whole number, 0 or more, not '${count}'`);
  return { unit_off: units, unit_type: product, effect };
}
