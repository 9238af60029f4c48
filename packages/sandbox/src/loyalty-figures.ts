// How a loyalty card's ledger reads: its live buckets soonest-expiring first, the points it can spend
// at a moment, and the card's `loyalty_card` figures (balance, pending points, the next points to
// expire) as the ledger makes them, for a change (loyalty-ledger.ts) or a read that writes nothing.
import type { LedgerCard, PointBucket } from './loyalty-ledger.js';
import type { SandboxState } from './types.js';
import type { Json } from './voucher-check.js';

/**
 * The card's ledger. A card no change has touched yet (made with points, or before the ledger
 * existed) holds its balance as one bucket that never expires.
 */
export function ledgerOf(state: SandboxState, code: string): LedgerCard {
  const kept = state.loyaltyLedger[code] as LedgerCard | undefined;
  if (kept) return kept;
  const card = (state.vouchers[code]?.loyalty_card ?? {}) as Json;
  const balance = Number(card.balance ?? card.points ?? 0);
  const created = String(state.vouchers[code]?.created_at ?? new Date(0).toISOString());
  return {
    buckets:
      balance > 0 ? [{ id: 'lopb_opening', points: balance, expires_at: null, created_at: created }] : [],
    pending: [],
  };
}

/** `YYYY-MM-DD` of an instant, in UTC: the unit of expiry and activation days. */
export function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Soonest expiry first, never-expiring last; among equals, oldest first. */
export function soonestFirst(buckets: PointBucket[]): PointBucket[] {
  return [...buckets].sort((a, b) => {
    if (a.expires_at !== b.expires_at) {
      if (a.expires_at === null) return 1;
      if (b.expires_at === null) return -1;
      return a.expires_at < b.expires_at ? -1 : 1;
    }
    return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0;
  });
}

/** The buckets that still count on `today`. */
export function live(buckets: PointBucket[], today: string): PointBucket[] {
  return buckets.filter((b) => b.points > 0 && (b.expires_at === null || b.expires_at >= today));
}

/** The points a card can spend at `nowMs` (expired buckets left out), and those pending. */
export function pointsOf(
  state: SandboxState,
  code: string,
  nowMs: number = Date.now(),
): { balance: number; pending: number; buckets: PointBucket[] } {
  const ledger = ledgerOf(state, code);
  const buckets = soonestFirst(live(ledger.buckets, day(nowMs)));
  return {
    balance: buckets.reduce((sum, b) => sum + b.points, 0),
    pending: ledger.pending.reduce((sum, p) => sum + p.points, 0),
    buckets,
  };
}

/** The card's `loyalty_card` figures as the ledger has them. */
export function cardFigures(voucher: Json, ledger: LedgerCard, today: string, change: Partial<Json>): Json {
  const card = voucher.loyalty_card as Json;
  const buckets = soonestFirst(live(ledger.buckets, today));
  const next = buckets.find((b) => b.expires_at !== null);
  const nextPoints = next
    ? buckets.filter((b) => b.expires_at === next.expires_at).reduce((sum, b) => sum + b.points, 0)
    : undefined;
  const figures: Json = {
    ...card,
    ...change,
    balance: buckets.reduce((sum, b) => sum + b.points, 0),
    pending_points: ledger.pending.reduce((sum, p) => sum + p.points, 0),
  };
  if (next) {
    figures.next_expiration_date = next.expires_at;
    figures.next_expiration_points = nextPoints;
  } else {
    delete figures.next_expiration_date;
    delete figures.next_expiration_points;
  }
  return figures;
}

/**
 * The card as a read at `nowMs` shows it, writing nothing (a GET runs in a read transaction): points
 * past their date out of the balance, pending points whose day came in it, as the next change will
 * record them.
 */
export function memberView(state: SandboxState, code: string, nowMs: number): Json {
  const voucher = state.vouchers[code] as Json;
  const ledger = ledgerOf(state, code);
  const today = day(nowMs);
  const expired = ledger.buckets.filter((b) => b.expires_at !== null && b.expires_at < today);
  const due = ledger.pending.filter((p) => p.activates_at !== null && p.activates_at <= today);
  const sum = (items: Array<{ points: number }>) => items.reduce((total, item) => total + item.points, 0);
  const card = voucher.loyalty_card as Json;
  const seen: LedgerCard = {
    buckets: [
      ...ledger.buckets.filter((b) => !expired.includes(b)),
      ...due.map((p) => ({ id: p.id, points: p.points, expires_at: null, created_at: p.created_at })),
    ],
    pending: ledger.pending.filter((p) => !due.includes(p)),
  };
  const change: Json = { points: Number(card.points ?? 0) + sum(due) };
  if (expired.length > 0) change.expired_points = Number(card.expired_points ?? 0) + sum(expired);
  return { ...voucher, loyalty_card: cardFigures(voucher, seen, today, change) };
}
