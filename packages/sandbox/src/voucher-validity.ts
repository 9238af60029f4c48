// The time fields of a voucher: its active period, the recurring timeframe, days of the week and
// daily hours. Dates come back normalised to the service's form (UTC with milliseconds).
import { firstOverlap } from './facts/validity-hours.js';
import {
  dayOfWeek,
  invalid,
  isGiven,
  type Json,
  joinPath,
  optionalArray,
  optionalRecord,
  optionalString,
  requireRecord,
} from './voucher-check.js';

export interface DailyPeriod {
  start_time: string;
  expiration_time: string;
  days_of_week: number[];
}

export interface Validity {
  start_date: string | null;
  expiration_date: string | null;
  validity_timeframe: { interval?: string; duration?: string } | null;
  validity_day_of_week: number[] | null;
  validity_hours: { daily: DailyPeriod[] } | null;
}

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const ISO_DURATION =
  /^P(?=\d|T\d)(?:\d+Y)?(?:\d+M)?(?:\d+W)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+(?:[.,]\d+)?S)?)?$/;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Date.parse rolls 2024-02-30 over into March; the calendar day must exist as written. */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isoDate(obj: Json, key: string): string | null {
  const value = optionalString(obj, key);
  if (value === null) return null;
  const match = ISO_DATE_TIME.exec(value);
  // A time without an offset would be read in the host's zone; the service keeps dates in UTC.
  const time = Date.parse(match?.[4] && !match[5] ? `${value}Z` : value);
  if (!match || Number.isNaN(time) || !isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]))) {
    invalid(key, 'must be an ISO 8601 date-time');
  }
  return new Date(time).toISOString();
}

function timeframe(obj: Json, startDate: string | null): Validity['validity_timeframe'] {
  const frame = optionalRecord(obj, 'validity_timeframe');
  if (frame === null) return null;
  if (startDate === null) invalid('start_date', 'is required when validity_timeframe is given');
  const result: { interval?: string; duration?: string } = {};
  for (const key of ['interval', 'duration'] as const) {
    const value = optionalString(frame, key, 'validity_timeframe');
    if (value === null) continue;
    if (!ISO_DURATION.test(value)) invalid(`validity_timeframe.${key}`, 'must be an ISO 8601 duration');
    result[key] = value;
  }
  return result;
}

function clockTime(period: Json, key: string, path: string): string {
  const value = period[key];
  if (!isGiven(value)) invalid(joinPath(path, key), 'is required');
  if (typeof value !== 'string' || !HH_MM.test(value))
    invalid(joinPath(path, key), 'must be a time in HH:mm format');
  return value;
}

function dailyPeriod(item: unknown, path: string): DailyPeriod {
  const period = requireRecord(item, path);
  const start_time = clockTime(period, 'start_time', path);
  const expiration_time = clockTime(period, 'expiration_time', path);
  const days_of_week = optionalArray(period, 'days_of_week', path, dayOfWeek);
  if (days_of_week === null) invalid(joinPath(path, 'days_of_week'), 'is required');
  return { start_time, days_of_week, expiration_time };
}

function checkNoOverlap(daily: DailyPeriod[]): void {
  const clash = firstOverlap(daily);
  if (clash)
    invalid(`validity_hours.daily[${clash[1]}]`, `must not overlap validity_hours.daily[${clash[0]}]`);
}

function hours(obj: Json): Validity['validity_hours'] {
  const value = optionalRecord(obj, 'validity_hours');
  if (value === null) return null;
  const daily = optionalArray(value, 'daily', 'validity_hours', dailyPeriod) ?? [];
  checkNoOverlap(daily);
  return { daily };
}

export function validateValidity(body: Json): Validity {
  const start_date = isoDate(body, 'start_date');
  const expiration_date = isoDate(body, 'expiration_date');
  if (start_date !== null && expiration_date !== null && expiration_date < start_date) {
    invalid('expiration_date', 'must not be before start_date');
  }
  return {
    start_date,
    expiration_date,
    validity_timeframe: timeframe(body, start_date),
    validity_day_of_week: optionalArray(body, 'validity_day_of_week', '', dayOfWeek),
    validity_hours: hours(body),
  };
}
