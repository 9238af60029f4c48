// Whether a voucher's recurring window holds at an instant: its timeframe (every `interval` from the
// start date, for `duration`), its days of the week and its daily hours, the last two read in the
// project's time zone. The service answers `voucher_not_active_now` outside them.
import { type DailyPeriod, weekSpans } from './facts/validity-hours.js';
import { localTime } from './project-settings.js';
import type { Json } from './voucher-check.js';

const MINUTES_PER_DAY = 24 * 60;
const DURATION =
  /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/;

interface Duration {
  months: number;
  ms: number;
}

function parseDuration(text: string): Duration | undefined {
  const match = DURATION.exec(text);
  if (!match) return undefined;
  const n = (index: number) => Number((match[index] ?? '0').replace(',', '.'));
  return {
    months: n(1) * 12 + n(2),
    ms: (((n(3) * 7 + n(4)) * 24 + n(5)) * 60 + n(6)) * 60_000 + n(7) * 1000,
  };
}

/** `from` moved on by `times` durations; months go by the calendar (UTC), the rest by the clock. */
function addDuration(from: number, duration: Duration, times = 1): number {
  const date = new Date(from);
  if (duration.months > 0) date.setUTCMonth(date.getUTCMonth() + duration.months * times);
  return date.getTime() + duration.ms * times;
}

function inTimeframe(frame: Json, startDate: unknown, nowMs: number): boolean {
  const start = typeof startDate === 'string' ? Date.parse(startDate) : Number.NaN;
  const interval = typeof frame.interval === 'string' ? parseDuration(frame.interval) : undefined;
  const duration = typeof frame.duration === 'string' ? parseDuration(frame.duration) : undefined;
  if (Number.isNaN(start) || !duration) return true;
  if (nowMs < start) return false;
  let from = start;
  if (interval && (interval.months > 0 || interval.ms > 0)) {
    // Straight to the last period that began before now: by arithmetic for clock intervals, by
    // stepping for calendar ones (a month is not a fixed length).
    if (interval.months === 0) from = start + Math.floor((nowMs - start) / interval.ms) * interval.ms;
    else while (addDuration(from, interval) <= nowMs) from = addDuration(from, interval);
  }
  return nowMs < addDuration(from, duration);
}

function inDailyHours(daily: DailyPeriod[], day: number, minute: number): boolean {
  const at = day * MINUTES_PER_DAY + minute;
  return daily.some((period) => weekSpans(period).some(([from, to]) => at >= from && at < to));
}

/** Whether the voucher's recurring window (if it has one) is open at `nowMs`, in `zone`. */
export function activeNow(voucher: Json, nowMs: number, zone: string): boolean {
  const frame = voucher.validity_timeframe;
  if (frame && typeof frame === 'object' && !inTimeframe(frame as Json, voucher.start_date, nowMs)) {
    return false;
  }
  const { day, minute } = localTime(nowMs, zone);
  const days = voucher.validity_day_of_week;
  if (Array.isArray(days) && days.length > 0 && !days.includes(day)) return false;
  const hours = voucher.validity_hours as { daily?: DailyPeriod[] } | null | undefined;
  const daily = hours?.daily ?? [];
  return daily.length === 0 || inDailyHours(daily, day, minute);
}
