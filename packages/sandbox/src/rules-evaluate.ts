// The validation rules assigned to a voucher (its own and its campaign's), judged for one code of a
// validation or a redemption: the first rule set it breaks gives the service's key and message (the
// rule's own error.message, else the set's, else the service's default). Also what a rule set's
// `applicable_to` lets a discount touch. Validation, redemption (and qualification) call these.

import { findCustomer } from './customers.js';
import {
  type Applied,
  applyDiscount,
  type CalcOrder,
  type DiscountSpec,
  remaining,
} from './facts/discounts.js';
import type { OrderLine } from './facts/order-totals.js';
import { judgeRules, type RuleKey, type Uses } from './facts/validation-rules.js';
import { notImitated, type RedeemRequest } from './redeem-request.js';
import { rulesFor } from './rule-assignments.js';
import { segmentsOfCustomer } from './segments.js';
import type { SandboxState } from './types.js';
import { isRecord, type Json } from './voucher-check.js';

const DEFAULT_MESSAGES: Record<RuleKey, string> = {
  order_rules_violated: 'order does not match validation rules',
  customer_rules_violated: 'customer does not match validation rules',
  redemption_rules_violated: 'redemption does not match validation rules',
};

/** The rule sets that apply to a voucher; one the sandbox does not hold (a seed's) is refused by name. */
function ruleSets(state: SandboxState, voucher: Json): Array<{ rule: Json; on: 'voucher' | 'campaign' }> {
  return rulesFor(state, voucher).map(({ ruleId, on }) => {
    const rule = Object.hasOwn(state.validationRules, ruleId) ? state.validationRules[ruleId] : undefined;
    if (!rule)
      throw notImitated(
        `the validation rule ${ruleId} of voucher ${String(voucher.code)}, which it does not hold`,
      );
    return { rule, on };
  });
}

function customerOf(state: SandboxState, request: RedeemRequest): Json | null {
  const ref = request.customer;
  if (ref === null) return null;
  const known = findCustomer(state, String(ref.id ?? ref.source_id));
  return known ?? { id: null, metadata: ref.metadata ?? {} };
}

/** Periods start in UTC: today, this week from Monday, this month. */
function periodStarts(nowMs: number): { daily: string; weekly: string; monthly: string } {
  const now = new Date(nowMs);
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = day - ((now.getUTCDay() + 6) % 7) * 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    daily: iso(day),
    weekly: iso(monday),
    monthly: iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
  };
}

/** The customer's redemptions of this voucher (or of any code of its campaign) that stand. */
function usesOf(
  state: SandboxState,
  voucher: Json,
  customer: Json | null,
  on: 'voucher' | 'campaign',
  nowMs: number,
): Uses | null {
  if (customer === null) return null;
  const starts = periodStarts(nowMs);
  const uses: Uses = { total: 0, daily: 0, weekly: 0, monthly: 0 };
  if (customer.id === null) return uses;
  for (const r of Object.values(state.redemptions)) {
    // A rollback is kept beside its redemption (object redemption_rollback) and is no use itself.
    if (r.object !== 'redemption' || r.status !== 'SUCCEEDED' || r.related_object_type !== 'voucher')
      continue;
    if (r.customer_id !== customer.id) continue;
    const same =
      on === 'voucher'
        ? r.related_object_id === voucher.id
        : isRecord(r.voucher) && r.voucher.campaign_id === voucher.campaign_id;
    if (!same) continue;
    const date = String(r.date);
    uses.total++;
    if (date >= starts.daily) uses.daily++;
    if (date >= starts.weekly) uses.weekly++;
    if (date >= starts.monthly) uses.monthly++;
  }
  return uses;
}

/** How a caller that judges many codes for one request may ask: see ruleViolation. */
export interface RuleJudging {
  /** False leaves the customer's earlier uses unjudged. */
  countUses?: boolean;
  /** The request's customer, already found (null: none), so that it is not looked up per code. */
  customer?: Json | null;
  /** The ids of the segments that customer is in, already found (customerSegmentIds). */
  segments?: readonly string[] | null;
}

/** The ids of the static segments the customer is in; null without a customer. */
export function customerSegmentIds(state: SandboxState, customer: Json | null): string[] | null {
  if (customer === null) return null;
  if (customer.id === null) return [];
  return segmentsOfCustomer(state, String(customer.id)).map((s) => String(s.id));
}

/**
 * The first assigned rule set the code breaks, as the key error the answer carries; none when all
 * hold. `countUses: false` leaves the customer's earlier uses unjudged: the service's qualification
 * ignores redemptions per customer (its description says so), validation and redemption count them.
 */
export function ruleViolation(
  state: SandboxState,
  voucher: Json,
  request: RedeemRequest,
  order: CalcOrder,
  nowMs: number,
  how: RuleJudging = {},
): RuleError | undefined {
  const sets = ruleSets(state, voucher);
  if (sets.length === 0) return undefined;
  const customer = how.customer === undefined ? customerOf(state, request) : how.customer;
  const countUses = how.countUses ?? true;
  const segments = how.segments === undefined ? customerSegmentIds(state, customer) : how.segments;
  for (const { rule, on } of sets) {
    const verdict = judgeRules((rule.rules ?? {}) as Json, {
      amount: order.amount,
      total_amount: remaining(order),
      items: request.order.items,
      customer: customer === null ? null : { metadata: (customer.metadata ?? {}) as Json },
      uses: countUses ? usesOf(state, voucher, customer, on, nowMs) : undefined,
      segments,
    });
    if (verdict === true || verdict === null) continue;
    const own = verdict.rule.error?.message;
    const set = (rule.error as Json | null)?.message;
    return {
      code: 400,
      key: verdict.key,
      message: typeof own === 'string' ? own : typeof set === 'string' ? set : DEFAULT_MESSAGES[verdict.key],
      details: `Validation rule ${String(rule.id)}: rule ${verdict.number} (${verdict.rule.name}) is not met`,
      resource_id: String(rule.id),
      resource_type: 'validation_rule',
    };
  }
  return undefined;
}

/** The key error of a broken rule set (redeem-evaluate's KeyError). */
export interface RuleError {
  code: number;
  key: RuleKey;
  message: string;
  details: string;
  resource_id: string;
  resource_type: string;
}

type Entry = { object?: unknown; id?: unknown; source_id?: unknown };

/** Which order lines a discount may touch under the voucher's rule sets' applicable_to; undefined: all. */
export function applicableLines(
  state: SandboxState,
  voucher: Json,
): ((line: OrderLine) => boolean) | undefined {
  const included: Entry[] = [];
  const excluded: Entry[] = [];
  for (const { rule } of ruleSets(state, voucher)) {
    const to = (rule.applicable_to ?? {}) as { included?: Entry[]; excluded?: Entry[] };
    included.push(...(to.included ?? []));
    excluded.push(...(to.excluded ?? []));
  }
  if (included.length === 0 && excluded.length === 0) return undefined;
  const names = (line: OrderLine, entry: Entry) =>
    line.ref !== null && (line.ref === entry.id || line.ref === entry.source_id);
  return (line) =>
    (included.length === 0 || included.some((e) => names(line, e))) && !excluded.some((e) => names(line, e));
}

/** An item discount applied to the lines `keep` picks; the others are left as they were. */
export function applyToSome(
  order: CalcOrder,
  discount: DiscountSpec,
  keep: (line: OrderLine) => boolean,
): Applied {
  if (discount.type === 'UNIT' || discount.effect !== 'APPLY_TO_ITEMS')
    throw notImitated('applicable_to with a discount that is not applied to items (effect APPLY_TO_ITEMS)');
  const picked = order.lines.flatMap((line, index) => (keep(line) ? [index] : []));
  const step = applyDiscount({ ...order, lines: picked.map((i) => order.lines[i] as OrderLine) }, discount);
  if (!step.ok) return step;
  const lines = [...order.lines];
  step.order.lines.forEach((line, j) => {
    lines[picked[j] as number] = line;
  });
  return { ...step, order: { ...step.order, lines } };
}
