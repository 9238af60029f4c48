// One code of a qualification judged as a validation judges it: its own checks (enabled, dates,
// window, uses left), then its validation rules (uses per customer left uncounted, as the service's
// qualification does), then what it gives the order as given. qualifications.ts asks it per code.
import { type CalcOrder, resetApplied } from './facts/discounts.js';
import { applyVoucher, commonRule } from './redeem-evaluate.js';
import type { RedeemRequest } from './redeem-request.js';
import { applicableLines, customerSegmentIds, ruleViolation } from './rules-evaluate.js';
import { SandboxError, type SandboxState } from './types.js';
import type { Json } from './voucher-check.js';

export interface Judging {
  state: SandboxState;
  rules: RedeemRequest;
  /** The customer, found once for every code. */
  customer: Json | null;
  start: CalcOrder;
  hasAmount: boolean;
  nowMs: number;
  /** The ids of the customer's segments, found on the first code that needs them. */
  segments?: readonly string[] | null;
}

/**
 * What a code (or a campaign's template) gives this order, or undefined when it does not qualify.
 * One the sandbox cannot judge refuses the whole answer, naming it: leaving it out would answer
 * what the service would not.
 */
export function judge(j: Judging, voucher: Json, id: string): { order: CalcOrder; result: Json } | undefined {
  try {
    return judged(j, voucher, id);
  } catch (error) {
    if (!(error instanceof SandboxError) || error.key !== 'not_imitated') throw error;
    const kind = voucher.object === 'campaign' ? 'campaign' : 'voucher';
    throw new SandboxError(error.status, error.key, error.message, `${error.details} (${kind} ${id})`);
  }
}

function judged(j: Judging, voucher: Json, id: string): { order: CalcOrder; result: Json } | undefined {
  if (commonRule(voucher, id, j.nowMs, j.state.project.time_zone)) return undefined;
  // The customer's segments are found once per answer, not per code.
  j.segments ??= customerSegmentIds(j.state, j.customer);
  const how = { countUses: false, customer: j.customer, segments: j.segments };
  if (ruleViolation(j.state, voucher, j.rules, j.start, j.nowMs, how)) return undefined;
  const input = { id, credits: null, points: null, reward: false };
  const lines = applicableLines(j.state, voucher);
  const applied = applyVoucher(voucher, input, resetApplied(j.start), j.hasAmount, lines);
  return 'key' in applied ? undefined : applied;
}
