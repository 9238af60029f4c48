// Earning rules at work: when an order is paid (created or updated with status PAID, or kept PAID
// by a redemption with an order) or a custom event arrives, each active rule of the event, within
// its dates, credits its points through the ledger to every card of the customer in its program
// (for an event naming a loyalty card, that card alone). An order is credited once: on the change
// that makes it PAID, never again while it stays so.
import { ORDER_PAID } from './earning-rules.js';
import { addPoints } from './loyalty-ledger.js';
import type { RouteContext, SandboxState } from './types.js';
import type { Json } from './voucher-check.js';

/** The active rules of `event`, within their dates at `nowMs`. */
function rulesFor(state: SandboxState, event: string, nowMs: number): Json[] {
  const inDates = (rule: Json) =>
    (typeof rule.start_date !== 'string' || Date.parse(rule.start_date) <= nowMs) &&
    (typeof rule.expiration_date !== 'string' || Date.parse(rule.expiration_date) > nowMs);
  return Object.values(state.earningRules).filter(
    (rule) => rule.event === event && rule.active === true && inDates(rule),
  );
}

/** The points a rule gives for an order of `amount` (smallest currency unit), or an event. */
function pointsFor(rule: Json, amount: number): number {
  const loyalty = rule.loyalty as Json;
  if (loyalty.type === 'FIXED') return Number(loyalty.points);
  const every = ((loyalty.order as Json).amount as Json) ?? {};
  return Math.floor(amount / Number(every.every)) * Number(every.points);
}

/** The codes of the customer's cards in the program. */
function cardsOf(state: SandboxState, programId: string, customerId: string): string[] {
  return Object.entries(state.vouchers)
    .filter(([, v]) => v.type === 'LOYALTY_CARD' && v.campaign_id === programId && v.holder_id === customerId)
    .map(([code]) => code);
}

function credit(
  state: SandboxState,
  rc: RouteContext,
  rule: Json,
  codes: string[],
  amount: number,
  related: Json,
) {
  const points = pointsFor(rule, amount);
  if (points <= 0) return;
  for (const code of codes) {
    addPoints(state, code, points, {
      rc,
      operation: 'AUTOMATIC',
      type: 'POINTS_ACCRUAL',
      related: {
        ...related,
        earning_rule: { id: rule.id, source: { banner: (rule.source as Json).banner ?? null } },
      },
    });
  }
}

/** Credits an order that has just become PAID (`before` is its stored self, if any). */
export function creditPaidOrder(state: SandboxState, rc: RouteContext, order: Json, before?: Json): void {
  if (order.status !== 'PAID' || before?.status === 'PAID') return;
  const customerId = order.customer_id;
  if (typeof customerId !== 'string') return;
  const amount = Number(order.amount ?? 0);
  for (const rule of rulesFor(state, ORDER_PAID, rc.now())) {
    const programId = String((rule.source as Json).object_id);
    credit(state, rc, rule, cardsOf(state, programId, customerId), amount, {
      order: { id: order.id, source_id: order.source_id ?? null },
    });
  }
}

/** Credits a custom event of `customerId`, or of the card it names. */
export function creditEvent(
  state: SandboxState,
  rc: RouteContext,
  event: string,
  customerId: string | null,
  cardCode: string | null,
): void {
  for (const rule of rulesFor(state, event, rc.now())) {
    const programId = String((rule.source as Json).object_id);
    const card = cardCode === null ? undefined : state.vouchers[cardCode];
    const codes =
      cardCode !== null
        ? card?.type === 'LOYALTY_CARD' && card.campaign_id === programId
          ? [cardCode]
          : []
        : customerId === null
          ? []
          : cardsOf(state, programId, customerId);
    credit(state, rc, rule, codes, 0, { event: { type: event } });
  }
}
