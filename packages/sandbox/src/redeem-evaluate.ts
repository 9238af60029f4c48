// Whether each code of a validation or redemption applies to the order, and what it takes off: the
// service's checks in its order (exists, enabled, started, not expired, inside its recurring window,
// uses left, then what its type needs), then the discount or gift credits, each code applied to what
// the earlier ones left. Validation and redemption both start here.
import { withCataloguePrices } from './catalogue-prices.js';
import {
  applyCredits,
  applyDiscount,
  type CalcOrder,
  type DiscountSpec,
  giftCredits,
  resetApplied,
  startOrder,
} from './facts/discounts.js';
import type { OrderLine } from './facts/order-totals.js';
import type { InapplicableKey } from './facts/redemption-keys.js';
import { notImitated, type RedeemableInput, type RedeemRequest } from './redeem-request.js';
import { applicableLines, applyToSome, ruleViolation } from './rules-evaluate.js';
import type { SandboxState } from './types.js';
import { activeNow } from './validity-now.js';
import type { Json } from './voucher-check.js';
import { findVoucherOrNone } from './voucher-store.js';

export interface KeyError {
  code: number;
  key: InapplicableKey;
  message: string;
  details: string;
  resource_id?: string;
  resource_type?: string;
}

export type Outcome =
  | {
      status: 'APPLICABLE' | 'SKIPPED';
      input: RedeemableInput;
      voucher: Json;
      /** The order after this code, with what it applied. */
      order: CalcOrder;
      result: Json;
      /** Gift credits this code pays. */
      credits: number;
    }
  | { status: 'INAPPLICABLE'; input: RedeemableInput; voucher: Json | null; error: KeyError };

export interface Evaluation {
  outcomes: Outcome[];
  valid: boolean;
  /** The order after every code, when all apply; else the order as given. */
  order: CalcOrder;
}

function keyError(key: InapplicableKey, message: string, details: string, code = 400): KeyError {
  return { code, key, message, details };
}

function day(iso: unknown): string {
  return String(iso).slice(0, 10);
}

/** The rule a voucher breaks before its type is looked at, if any (qualification asks it too). */
export function commonRule(voucher: Json, code: string, nowMs: number, zone: string): KeyError | undefined {
  const now = new Date(nowMs).toISOString();
  const redemption = (voucher.redemption ?? {}) as Json;
  const quantity = redemption.quantity as number | null | undefined;
  const used = Number(redemption.redeemed_quantity ?? 0);
  if (voucher.active === false)
    return keyError('voucher_disabled', 'Voucher is disabled', `Voucher ${code} is disabled`);
  if (typeof voucher.start_date === 'string' && voucher.start_date > now) {
    return keyError(
      'voucher_not_active',
      'Voucher not active',
      `Voucher ${code} is active from ${day(voucher.start_date)}`,
    );
  }
  if (typeof voucher.expiration_date === 'string' && voucher.expiration_date < now) {
    return keyError(
      'voucher_expired',
      'Voucher expired',
      `Voucher ${code} expired on ${day(voucher.expiration_date)}`,
    );
  }
  if (!activeNow(voucher, nowMs, zone)) {
    return keyError(
      'voucher_not_active_now',
      'Voucher not active now',
      `Voucher ${code} is outside its validity window now (time zone ${zone})`,
    );
  }
  if (typeof quantity === 'number' && used >= quantity) {
    return keyError(
      'quantity_exceeded',
      'Quantity exceeded',
      `Voucher ${code} was redeemed ${used} of ${quantity} times`,
    );
  }
  return undefined;
}

type Applied = { order: CalcOrder; result: Json; credits: number } | KeyError;

/** What a code gives on the order: its discount or its gift credits, or the key of why it cannot. */
export function applyVoucher(
  voucher: Json,
  input: RedeemableInput,
  order: CalcOrder,
  hasAmount: boolean,
  lines: ((line: OrderLine) => boolean) | undefined,
): Applied {
  const code = input.id;
  switch (voucher.type) {
    case 'GIFT_VOUCHER': {
      if (!hasAmount) {
        return keyError(
          'missing_amount',
          'Missing amount',
          'Amount is required when redeeming a GIFT_VOUCHER',
        );
      }
      const balance = Number((voucher.gift as Json | null)?.balance ?? 0);
      if (balance <= 0 || (input.credits !== null && input.credits > balance)) {
        const asked = input.credits === null ? '' : `, less than the ${input.credits} asked for`;
        return keyError(
          'gift_amount_exceeded',
          'Gift amount exceeded',
          `Gift card ${code} has a balance of ${balance}${asked}`,
        );
      }
      const credits = giftCredits(order, balance, input.credits);
      return { order: applyCredits(order, credits), result: { gift: { balance, credits } }, credits };
    }
    case 'LOYALTY_CARD': {
      const balance = Number((voucher.loyalty_card as Json | null)?.balance ?? 0);
      if (input.points !== null && input.points > balance) {
        return keyError(
          'loyalty_card_points_exceeded',
          'Loyalty card points exceeded',
          `Loyalty card ${code} holds ${balance} points, less than the ${input.points} asked for`,
        );
      }
      throw notImitated('loyalty rewards (paying with points)');
    }
    default: {
      const discount = voucher.discount as DiscountSpec;
      const step = lines ? applyToSome(order, discount, lines) : applyDiscount(order, discount);
      if (!step.ok) throw notImitated(step.unsupported);
      return { order: step.order, result: { discount }, credits: 0 };
    }
  }
}

export function evaluate(state: SandboxState, request: RedeemRequest, nowMs: number): Evaluation {
  const zone = state.project.time_zone;
  // Priced from the catalogue before anything is computed, so that the answer's order shows it too.
  request.order.items = withCataloguePrices(state, request.order.items);
  const start = startOrder(request.order.amount, request.order.items);
  const hasAmount = request.order.amount !== null || request.order.items.length > 0;
  let order = start;
  const outcomes: Outcome[] = request.redeemables.map((input): Outcome => {
    const voucher = findVoucherOrNone(state, input.id);
    if (!voucher) {
      const error = keyError(
        'resource_not_found',
        'Resource not found',
        `Cannot find voucher with id ${input.id}`,
        404,
      );
      return {
        status: 'INAPPLICABLE',
        input,
        voucher: null,
        error: { ...error, resource_id: input.id, resource_type: 'voucher' },
      };
    }
    const broken =
      commonRule(voucher, input.id, nowMs, zone) ?? ruleViolation(state, voucher, request, order, nowMs);
    if (broken) return { status: 'INAPPLICABLE', input, voucher, error: broken };
    const lines = applicableLines(state, voucher);
    const applied = applyVoucher(voucher, input, resetApplied(order), hasAmount, lines);
    if ('key' in applied) return { status: 'INAPPLICABLE', input, voucher, error: applied };
    order = applied.order;
    return { status: 'APPLICABLE', input, voucher, ...applied };
  });
  const valid = outcomes.every((outcome) => outcome.status === 'APPLICABLE');
  if (valid) {
    // The request as a whole: what every code applied, counted from the order as given.
    const lines = order.lines.map((line) => ({ ...line, applied_discount_amount: line.discount_amount }));
    return { outcomes, valid, order: { ...order, applied_discount_amount: order.discount_amount, lines } };
  }
  // The default stacking rule (ALL): one code that does not apply stops the others, which are skipped.
  const skipped = outcomes.map(
    (outcome): Outcome => (outcome.status === 'APPLICABLE' ? { ...outcome, status: 'SKIPPED' } : outcome),
  );
  return { outcomes: skipped, valid, order: start };
}
