// Why a code does not apply, in words a person can act on ("expired on 1 Feb 2020", "used 1 of 1
// times", "valid only on Mondays"), from the service's key and, where it helps, the voucher itself.
import { INAPPLICABLE_KEYS } from 'promo-sandbox/facts/redemption-keys';
import { formatMoney } from '../../output/table.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

/** `2020-02-01T00:00:00Z` → `1 Feb 2020` (the day in UTC, as the service keeps dates). */
export function day(iso: unknown): string | undefined {
  const time = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(time)) return undefined;
  const date = new Date(time);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

function joinWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

type Voucher = Record<string, unknown> | undefined;

function windowWords(voucher: Voucher): string | undefined {
  const days = voucher?.validity_day_of_week;
  const parts: string[] = [];
  if (Array.isArray(days) && days.length > 0) {
    parts.push(`only on ${joinWords(days.map((d) => DAYS[Number(d)] ?? String(d)))}`);
  }
  const daily = (voucher?.validity_hours as { daily?: Array<Record<string, unknown>> } | null)?.daily ?? [];
  if (daily.length > 0)
    parts.push(`from ${joinWords(daily.map((p) => `${p.start_time} to ${p.expiration_time}`))}`);
  if (voucher?.validity_timeframe) parts.push('in its recurring timeframe');
  return parts.length > 0
    ? `not valid now: valid ${parts.join(', ')} (in the project's time zone)`
    : undefined;
}

/** The reason in words for `key`; `voucher` (when promo could read it) makes it concrete. */
export function refusalWords(key: string | undefined, voucher?: Voucher): string {
  const redemption = voucher?.redemption as Record<string, unknown> | undefined;
  const gift = voucher?.gift as Record<string, unknown> | undefined;
  const concrete: Record<string, string | undefined> = {
    voucher_expired: day(voucher?.expiration_date) && `expired on ${day(voucher?.expiration_date)}`,
    voucher_not_active: day(voucher?.start_date) && `not active until ${day(voucher?.start_date)}`,
    quantity_exceeded:
      typeof redemption?.quantity === 'number'
        ? `used ${redemption.redeemed_quantity ?? 0} of ${redemption.quantity} times`
        : undefined,
    voucher_not_active_now: windowWords(voucher),
    gift_amount_exceeded:
      typeof gift?.balance === 'number' ? `its gift balance is ${formatMoney(gift.balance)}` : undefined,
  };
  const known = (INAPPLICABLE_KEYS as Record<string, string>)[key ?? ''];
  return (
    concrete[key ?? ''] ??
    known ??
    (key === 'preceding_validation_failed' ? 'another code does not apply' : (key ?? 'not applicable'))
  );
}
