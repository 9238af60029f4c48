// The points ledger called directly on a plain state: buckets with expiry dates, subtraction from the
// soonest-expiring points, refusal with the service's key, transfers, pending points, expiry, and the
// card's loyalty_card figures and trail kept in step.
import { describe, expect, it } from 'vitest';
import { updateBalance } from '../src/balances.js';
import { transactionsOfCard } from '../src/card-transactions.js';
import {
  addPendingPoints,
  addPoints,
  ledgerOf,
  pointsOf,
  takePoints,
  transferPoints,
} from '../src/loyalty-ledger.js';
import { demoSeed, stateFromSeed } from '../src/seed.js';
import type { SandboxState } from '../src/types.js';
import { routeContext, routeRequest, sandboxFailure } from './helpers/sandbox-routes.js';

const DAY = 24 * 3600 * 1000;

function card(id: string, points = 0) {
  return {
    id,
    code: id.toUpperCase(),
    type: 'LOYALTY_CARD',
    campaign_id: 'camp_loyal',
    holder_id: 'cust_1',
    loyalty_card: { points, balance: points },
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

function setup() {
  let now = Date.parse('2026-04-01T12:00:00Z');
  const rc = routeContext(() => now);
  const state: SandboxState = stateFromSeed(demoSeed());
  state.vouchers.V_A = card('v_a');
  state.vouchers.V_B = card('v_b');
  return { state, rc, later: (days: number) => (now += days * DAY) };
}

describe('the loyalty points ledger', () => {
  it('adds points in buckets and keeps the card and its trail in step', () => {
    const { state, rc } = setup();
    addPoints(state, 'V_A', 100, { rc, expiresAt: '2026-06-30', reason: 'welcome', sourceId: 's1' });
    const made = addPoints(state, 'V_A', 50, { rc, expiresAt: null });
    expect(made.balance).toMatchObject({ points: 50, balance: 150, total: 150, type: 'loyalty_card' });
    expect(state.vouchers.V_A?.loyalty_card).toMatchObject({
      points: 150,
      balance: 150,
      next_expiration_date: '2026-06-30',
      next_expiration_points: 100,
      pending_points: 0,
    });
    const trail = transactionsOfCard(state, 'v_a');
    expect(trail.map((t) => [t.type, t.reason, t.source_id])).toEqual([
      ['POINTS_ADDITION', 'welcome', 's1'],
      ['POINTS_ADDITION', null, null],
    ]);
    expect(pointsOf(state, 'V_A', rc.now()).balance).toBe(150);
  });

  it('takes the soonest-expiring points first, never-expiring ones last', () => {
    const { state, rc } = setup();
    addPoints(state, 'V_A', 40, { rc, expiresAt: null });
    addPoints(state, 'V_A', 30, { rc, expiresAt: '2026-09-01' });
    addPoints(state, 'V_A', 20, { rc, expiresAt: '2026-05-01' });
    const taken = takePoints(state, 'V_A', 35, { rc, reason: 'fix' });
    expect(taken.taken).toEqual([
      { points: 20, expires_at: '2026-05-01' },
      { points: 15, expires_at: '2026-09-01' },
    ]);
    expect(ledgerOf(state, 'V_A').buckets.map((b) => [b.points, b.expires_at])).toEqual([
      [40, null],
      [15, '2026-09-01'],
    ]);
    expect(taken.balance).toMatchObject({ points: -35, balance: 55 });
    expect(state.vouchers.V_A?.loyalty_card).toMatchObject({ balance: 55, subtracted_points: 35 });
  });

  it('refuses more than the balance with the service key and changes nothing', () => {
    const { state, rc } = setup();
    addPoints(state, 'V_A', 10, { rc });
    const error = sandboxFailure(() => takePoints(state, 'V_A', 11, { rc }));
    expect([error.status, error.key]).toEqual([400, 'loyalty_card_points_exceeded']);
    expect(pointsOf(state, 'V_A', rc.now()).balance).toBe(10);
    expect(transactionsOfCard(state, 'v_a')).toHaveLength(1);
  });

  it('refuses a count that is not a positive whole number', () => {
    const { state, rc } = setup();
    for (const points of [0, -5, 1.5]) {
      expect(sandboxFailure(() => addPoints(state, 'V_A', points, { rc })).key).toBe('invalid_payload');
    }
  });

  it('moves points between cards with their expiry dates, the two halves naming each other', () => {
    const { state, rc } = setup();
    addPoints(state, 'V_A', 20, { rc, expiresAt: '2026-05-01' });
    addPoints(state, 'V_A', 20, { rc, expiresAt: null });
    const moved = transferPoints(state, 'V_A', 'V_B', 30, { rc, reason: 'new card', sourceId: 'mv1' });
    expect(pointsOf(state, 'V_A', rc.now()).balance).toBe(10);
    expect(ledgerOf(state, 'V_B').buckets.map((b) => [b.points, b.expires_at])).toEqual([
      [20, '2026-05-01'],
      [10, null],
    ]);
    const into = transactionsOfCard(state, 'v_b');
    expect(into.map((t) => t.type)).toEqual(['POINTS_TRANSFER_IN', 'POINTS_TRANSFER_IN']);
    expect(into[0]?.related_transaction_id).toBe(moved.out.transaction.id);
    expect(moved.out.transaction.type).toBe('POINTS_TRANSFER_OUT');
  });

  it('lets points lapse after their date and activates pending points on theirs', () => {
    const { state, rc, later } = setup();
    addPoints(state, 'V_A', 25, { rc, expiresAt: '2026-04-02' });
    addPoints(state, 'V_A', 5, { rc });
    addPendingPoints(state, 'V_A', 7, { rc, activatesAt: '2026-04-05', reason: 'order' });
    expect(pointsOf(state, 'V_A', rc.now())).toMatchObject({ balance: 30, pending: 7 });
    expect(state.vouchers.V_A?.loyalty_card).toMatchObject({ pending_points: 7 });
    later(2);
    expect(pointsOf(state, 'V_A', rc.now()).balance).toBe(5);
    later(3);
    addPoints(state, 'V_A', 1, { rc });
    expect(pointsOf(state, 'V_A', rc.now())).toMatchObject({ balance: 13, pending: 0 });
    expect(
      transactionsOfCard(state, 'v_a').map((t) => [
        t.type,
        (t.details as { balance: { points: number } }).balance.points,
      ]),
    ).toEqual([
      ['POINTS_ADDITION', 25],
      ['POINTS_ADDITION', 5],
      ['POINTS_EXPIRATION', -25],
      ['PENDING_POINTS_ACTIVATION', 7],
      ['POINTS_ADDITION', 1],
    ]);
    expect(state.vouchers.V_A?.loyalty_card).toMatchObject({ balance: 13, expired_points: 25 });
  });

  it('counts the points of a card made before the ledger as one never-expiring bucket', () => {
    const { state, rc } = setup();
    state.vouchers.V_C = card('v_c', 80);
    expect(pointsOf(state, 'V_C', rc.now()).balance).toBe(80);
    takePoints(state, 'V_C', 30, { rc });
    expect(state.vouchers.V_C?.loyalty_card).toMatchObject({ points: 50, balance: 50 });
  });

  it('refuses a voucher that is not a loyalty card', () => {
    const { state, rc } = setup();
    state.vouchers.GIFT = { ...card('v_g'), type: 'GIFT_VOUCHER', loyalty_card: null };
    expect(sandboxFailure(() => addPoints(state, 'GIFT', 5, { rc })).key).toBe('invalid_voucher');
  });

  it('is what a voucher balance change on a loyalty card goes through', () => {
    const { state, rc } = setup();
    const change = (amount: number) =>
      updateBalance.handle(
        routeRequest({
          method: 'POST',
          path: '/v1/vouchers/V_A/balance',
          params: { code: 'V_A' },
          body: { amount, source_id: 'x' },
        }),
        state,
        rc,
      ).body;
    addPoints(state, 'V_A', 10, { rc, expiresAt: '2026-05-01' });
    expect(change(5)).toMatchObject({ amount: 5, balance: 15, total: 15, type: 'loyalty_card' });
    expect(change(-12)).toMatchObject({ amount: -12, balance: 3 });
    expect(ledgerOf(state, 'V_A').buckets.map((b) => [b.points, b.expires_at])).toEqual([[3, null]]);
    expect(sandboxFailure(() => change(-4)).key).toBe('loyalty_card_points_exceeded');
  });
});
