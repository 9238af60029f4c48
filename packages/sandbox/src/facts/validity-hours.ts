// When the daily periods of `validity_hours` clash: each period is placed on the week (minutes from
// Sunday 00:00, half-open); a period whose expiration time is not after its start time runs past
// midnight into the next day, Saturday night into Sunday morning. A day named twice in one period
// is one day. promo refuses a clash before sending, the sandbox when it answers, by this one rule.

export interface DailyPeriod {
  start_time: string;
  expiration_time: string;
  days_of_week: readonly number[];
}

const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** `HH:mm` as minutes after midnight. */
function minutes(time: string): number {
  const [hours, mins] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (mins ?? 0);
}

/** Where a period lies on the week: half-open spans of minutes, split where it wraps past Saturday. */
export function weekSpans(period: DailyPeriod): Array<[number, number]> {
  const start = minutes(period.start_time);
  const end = minutes(period.expiration_time);
  const length = end > start ? end - start : end + MINUTES_PER_DAY - start;
  return [...new Set(period.days_of_week)].flatMap((day): Array<[number, number]> => {
    const from = day * MINUTES_PER_DAY + start;
    const to = from + length;
    return to <= MINUTES_PER_WEEK
      ? [[from, to]]
      : [
          [from, MINUTES_PER_WEEK],
          [0, to - MINUTES_PER_WEEK],
        ];
  });
}

/** The first two periods that clash, as [a, b] with a < b (the smallest a first); undefined when none do. */
export function firstOverlap(periods: readonly DailyPeriod[]): [number, number] | undefined {
  const spans = periods.map(weekSpans);
  for (let a = 0; a < spans.length; a++) {
    for (let b = a + 1; b < spans.length; b++) {
      const clash = spans[a]!.some(([from, to]) => spans[b]!.some(([f, t]) => from < t && f < to));
      if (clash) return [a, b];
    }
  }
  return undefined;
}
