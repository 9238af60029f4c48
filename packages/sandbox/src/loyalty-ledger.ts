// The points ledger of loyalty cards: per card, buckets of points each with its expiry date (or
// none) and points still pending. Every change goes through here (the v1 loyalty routes, a voucher's
// `POST /v1/vouchers/{code}/balance`, rewards and earning rules), so that the card's
// `loyalty_card` figures, its buckets and its trail of transactions never disagree. Subtraction takes
// the soonest-expiring points first, as the service does; points past their date leave the balance
// (a POINTS_EXPIRATION transaction) the next time the card is touched.
import { putTransaction } from './card-transactions.js';
import { BALANCE_KEYS } from './facts/balances.js';
import { cardFigures, day, ledgerOf, live, soonestFirst } from './loyalty-figures.js';
import { type RouteContext, SandboxError, type SandboxState } from './types.js';
import type { Json } from './voucher-check.js';
import { findVoucher, replaceVoucher } from './voucher-store.js';

export interface PointBucket {
  id: string;
  points: number;
  /** `YYYY-MM-DD`: the last day the points count; null: they never expire. */
  expires_at: string | null;
  created_at: string;
}

export interface PendingEntry {
  id: string;
  points: number;
  /** `YYYY-MM-DD`: from that day on they join the balance; null: only when activated. */
  activates_at: string | null;
  created_at: string;
  reason: string | null;
  source_id: string | null;
  related?: Json;
}

/** One card's ledger, as the `loyaltyLedger` slice keeps it (by card code). */
export interface LedgerCard {
  buckets: PointBucket[];
  pending: PendingEntry[];
}

export interface ChangeOptions {
  rc: RouteContext;
  reason?: string | null;
  sourceId?: string | null;
  /** The transaction's type: POINTS_ADDITION or POINTS_REMOVAL unless said. */
  type?: string;
  /** Merged into the transaction's details (an order, a redemption, an earning rule). */
  related?: Json;
  /** MANUAL (an API call) or AUTOMATIC (an earning rule, a redemption). */
  operation?: 'MANUAL' | 'AUTOMATIC';
  /** The transaction this one answers (a transfer's other half). */
  relatedTransactionId?: string | null;
}

export interface AddOptions extends ChangeOptions {
  /** `YYYY-MM-DD`, or null/undefined for points that never expire. */
  expiresAt?: string | null;
}

export interface Change {
  /** The service's balance object for this change. */
  balance: Json;
  transaction: Json;
  /** The card after the change. */
  voucher: Json;
  /** The pieces a subtraction took, soonest-expiring first (a transfer carries their dates over). */
  taken: Array<{ points: number; expires_at: string | null }>;
}

/** The loyalty card a code or id names; anything else is refused with the service's key. */
export function loyaltyCard(state: SandboxState, codeOrId: string): { code: string; voucher: Json } {
  const found = findVoucher(state, codeOrId);
  if (found.voucher.type !== 'LOYALTY_CARD' || !found.voucher.loyalty_card) {
    throw new SandboxError(
      400,
      BALANCE_KEYS.notACard,
      'Invalid voucher type',
      `Voucher ${found.code} is not a loyalty card`,
    );
  }
  return found;
}

interface Write {
  code: string;
  voucher: Json;
  ledger: LedgerCard;
  points: number;
  type: string;
  change: Partial<Json>;
  options: ChangeOptions;
}

/** Stores the ledger and the card, and writes the transaction: the three always together. */
function record(state: SandboxState, w: Write): { balance: Json; transaction: Json; voucher: Json } {
  const { rc } = w.options;
  state.loyaltyLedger[w.code] = w.ledger;
  const loyalty = cardFigures(w.voucher, w.ledger, day(rc.now()), w.change);
  const voucher = replaceVoucher(state, w.code, { ...w.voucher, loyalty_card: loyalty }, rc.now());
  const balance: Json = {
    type: 'loyalty_card',
    total: Number(loyalty.points ?? 0),
    object: 'balance',
    points: w.points,
    balance: Number(loyalty.balance ?? 0),
    operation_type: w.options.operation ?? 'MANUAL',
    related_object: { type: 'voucher', id: voucher.id },
  };
  const transaction: Json = {
    id: rc.newId('vtx_', 18),
    source_id: w.options.sourceId ?? null,
    voucher_id: voucher.id,
    campaign_id: voucher.campaign_id ?? null,
    source: w.options.operation === 'AUTOMATIC' ? null : 'API',
    reason: w.options.reason ?? null,
    type: w.type,
    // The trail's balance carries the change as `amount` too, as the voucher transactions have it.
    details: { balance: { ...balance, amount: w.points }, ...(w.options.related ?? {}) },
    related_transaction_id: w.options.relatedTransactionId ?? null,
    created_at: new Date(rc.now()).toISOString(),
  };
  putTransaction(state, transaction);
  return { balance, transaction, voucher };
}

/**
 * Buckets past their date leave the card (one POINTS_EXPIRATION transaction for them) and pending
 * points whose day came join it (PENDING_POINTS_ACTIVATION): what the service does on its own
 * schedule, done here when the card is next touched.
 */
export function settleCard(state: SandboxState, code: string, rc: RouteContext): LedgerCard {
  const ledger = ledgerOf(state, code);
  const today = day(rc.now());
  const expired = ledger.buckets.filter((b) => b.expires_at !== null && b.expires_at < today);
  const due = ledger.pending.filter((p) => p.activates_at !== null && p.activates_at <= today);
  let current = ledger;
  if (expired.length > 0) {
    const lost = expired.reduce((sum, b) => sum + b.points, 0);
    current = { ...current, buckets: current.buckets.filter((b) => !expired.includes(b)) };
    const { voucher } = findVoucher(state, code);
    const card = voucher.loyalty_card as Json;
    const change = { expired_points: Number(card.expired_points ?? 0) + lost };
    const w = { code, voucher, ledger: current, points: -lost, type: 'POINTS_EXPIRATION', change };
    if (lost > 0) record(state, { ...w, options: { rc, operation: 'AUTOMATIC' } });
  }
  for (const entry of due) current = activate(state, code, current, entry, rc);
  return current;
}

function activate(
  state: SandboxState,
  code: string,
  ledger: LedgerCard,
  entry: PendingEntry,
  rc: RouteContext,
): LedgerCard {
  const next: LedgerCard = {
    buckets: [
      ...ledger.buckets,
      {
        id: rc.newId('lopb_', 18),
        points: entry.points,
        expires_at: null,
        created_at: new Date(rc.now()).toISOString(),
      },
    ],
    pending: ledger.pending.filter((p) => p.id !== entry.id),
  };
  const { voucher } = findVoucher(state, code);
  const card = voucher.loyalty_card as Json;
  record(state, {
    code,
    voucher,
    ledger: next,
    points: entry.points,
    type: 'PENDING_POINTS_ACTIVATION',
    change: { points: Number(card.points ?? 0) + entry.points },
    options: {
      rc,
      operation: 'AUTOMATIC',
      reason: entry.reason,
      sourceId: entry.source_id,
      related: entry.related,
    },
  });
  return next;
}

function checkPoints(points: number): void {
  if (!Number.isInteger(points) || points <= 0) {
    throw new SandboxError(400, 'invalid_payload', 'Invalid payload', 'Points must be a positive integer');
  }
}

/** The card (by code or id) with its ledger brought up to date, ready for a change. */
function prepared(state: SandboxState, codeOrId: string, rc: RouteContext) {
  const { code } = loyaltyCard(state, codeOrId);
  const ledger = settleCard(state, code, rc);
  return { code, ledger, voucher: state.vouchers[code] as Json };
}

/** Adds points to the card in a bucket of their own, expiring on `expiresAt` (or never). */
export function addPoints(
  state: SandboxState,
  codeOrId: string,
  points: number,
  options: AddOptions,
): Change {
  checkPoints(points);
  const { rc } = options;
  const { code, ledger, voucher } = prepared(state, codeOrId, rc);
  const bucket: PointBucket = {
    id: rc.newId('lopb_', 18),
    points,
    expires_at: options.expiresAt ?? null,
    created_at: new Date(rc.now()).toISOString(),
  };
  const card = voucher.loyalty_card as Json;
  const made = record(state, {
    code,
    voucher,
    ledger: { ...ledger, buckets: [...ledger.buckets, bucket] },
    points,
    type: options.type ?? 'POINTS_ADDITION',
    change: { points: Number(card.points ?? 0) + points },
    options,
  });
  return { ...made, taken: [] };
}

/**
 * Takes points from the card, soonest-expiring first. More than the card holds is refused with the
 * service's key (loyalty_card_points_exceeded), and nothing changes.
 */
export function takePoints(
  state: SandboxState,
  codeOrId: string,
  points: number,
  options: ChangeOptions,
): Change {
  checkPoints(points);
  const { rc } = options;
  const { code, ledger, voucher } = prepared(state, codeOrId, rc);
  const buckets = soonestFirst(live(ledger.buckets, day(rc.now())));
  const balance = buckets.reduce((sum, b) => sum + b.points, 0);
  if (points > balance) {
    throw new SandboxError(
      400,
      BALANCE_KEYS.pointsExceeded,
      'Balance exceeded',
      `Cannot remove ${points} points from loyalty card ${code}: its balance is ${balance}`,
    );
  }
  let left = points;
  const taken: Change['taken'] = [];
  const after = new Map<string, number>();
  for (const bucket of buckets) {
    if (left === 0) break;
    const take = Math.min(bucket.points, left);
    left -= take;
    taken.push({ points: take, expires_at: bucket.expires_at });
    after.set(bucket.id, bucket.points - take);
  }
  const remaining = ledger.buckets
    .map((b) => (after.has(b.id) ? { ...b, points: after.get(b.id) as number } : b))
    .filter((b) => b.points > 0);
  const card = voucher.loyalty_card as Json;
  const made = record(state, {
    code,
    voucher,
    ledger: { ...ledger, buckets: remaining },
    points: -points,
    type: options.type ?? 'POINTS_REMOVAL',
    // The service's total follows adds and subtractions (VoucherBalance.total), not expiry.
    change: {
      points: Number(card.points ?? 0) - points,
      subtracted_points: Number(card.subtracted_points ?? 0) + points,
    },
    options,
  });
  return { ...made, taken };
}

/** A signed change: added (positive) or taken (negative), as a balance call gives it. */
export function changePoints(state: SandboxState, code: string, signed: number, options: AddOptions): Change {
  return signed > 0 ? addPoints(state, code, signed, options) : takePoints(state, code, -signed, options);
}

/**
 * Moves points from one card to another: taken from `from` soonest-expiring first
 * (POINTS_TRANSFER_OUT) and added to `to` keeping their expiry dates (POINTS_TRANSFER_IN), the two
 * transactions naming each other.
 */
export function transferPoints(
  state: SandboxState,
  from: string,
  to: string,
  points: number,
  options: ChangeOptions,
): { out: Change; in: Change[] } {
  loyaltyCard(state, to);
  const out = takePoints(state, from, points, { ...options, type: 'POINTS_TRANSFER_OUT' });
  const ins: Change[] = [];
  for (const piece of out.taken) {
    ins.push(
      addPoints(state, to, piece.points, {
        ...options,
        type: 'POINTS_TRANSFER_IN',
        expiresAt: piece.expires_at,
        relatedTransactionId: out.transaction.id as string,
      }),
    );
  }
  return { out, in: ins };
}

/** Points that join the card on `activatesAt` (an earning rule's pending points). */
export function addPendingPoints(
  state: SandboxState,
  code: string,
  points: number,
  options: ChangeOptions & { activatesAt: string | null },
): PendingEntry {
  checkPoints(points);
  const { rc } = options;
  const { code: key, ledger, voucher } = prepared(state, code, rc);
  const entry: PendingEntry = {
    id: rc.newId('lopp_', 18),
    points,
    activates_at: options.activatesAt,
    created_at: new Date(rc.now()).toISOString(),
    reason: options.reason ?? null,
    source_id: options.sourceId ?? null,
    ...(options.related ? { related: options.related } : {}),
  };
  const next = { ...ledger, pending: [...ledger.pending, entry] };
  state.loyaltyLedger[key] = next;
  const loyalty = cardFigures(voucher, next, day(rc.now()), {});
  replaceVoucher(state, key, { ...voucher, loyalty_card: loyalty }, rc.now());
  return entry;
}

// Where they were first written: callers name them from here.
export { ledgerOf, memberView, pointsOf } from './loyalty-figures.js';
export { programExpiry, readExpirationRules } from './loyalty-rules.js';
