// The time rules of a create body: ISO 8601 dates and durations, the expiration not before the
// start, a timeframe needing a start date, days 0..6, HH:mm times and daily periods that do not
// overlap (a period whose end is not after its start runs past midnight).

import { firstOverlap } from 'promo-sandbox/facts/validity-hours';
import type { CreateVoucherBody } from '../../../api/vouchers.js';
import { formatDays, HH_MM, ISO_DURATION, isoDateMs } from '../../shared/values.js';
import { bad, days, given, isObject, object, shown } from './body-checks.js';

export function checkDates(body: CreateVoucherBody): void {
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

export function checkValidityHours(value: unknown): void {
  const hours = object(value, 'validity_hours');
  if (!hours) return;
  if (!given(hours.daily)) return;
  if (!Array.isArray(hours.daily)) bad('validity_hours.daily', 'must be a list of daily periods');
  const periods = hours.daily.map((item, i) => {
    const path = `validity_hours.daily[${i}]`;
    if (!isObject(item)) bad(path, 'must be an object with start_time, expiration_time and days_of_week');
    for (const key of ['start_time', 'expiration_time']) {
      const time = item[key];
      if (!given(time)) bad(`${path}.${key}`, 'is required: a time in HH:mm (00:00 to 23:59)');
      if (typeof time !== 'string' || !HH_MM.test(time))
        bad(`${path}.${key}`, `must be a time in HH:mm (00:00 to 23:59), not ${shown(time)}`);
    }
    if (item.start_time === item.expiration_time)
      bad(path, 'is empty: start_time and expiration_time must differ');
    days(item.days_of_week, `${path}.days_of_week`, true);
    return item as { start_time: string; expiration_time: string; days_of_week: number[] };
  });
  const clash = firstOverlap(periods);
  if (clash) {
    const [a, b] = clash;
    const show = (p: (typeof periods)[number]) =>
      `${formatDays(p.days_of_week)}@${p.start_time}-${p.expiration_time}`;
    bad(
      `validity_hours.daily[${b}]`,
      `overlaps validity_hours.daily[${a}] (${show(periods[b]!)} and ${show(periods[a]!)}): periods must not overlap`,
    );
  }
}
