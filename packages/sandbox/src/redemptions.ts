// Redeem: `POST /v1/redemptions`. Every code must apply (the default stacking rule, ALL): then each
// uses one of its redemptions (a gift card also its credits) and a redemption is kept per code, with
// a parent over them when there are several. When one does not apply nothing is redeemed: each code
// that did not apply is kept as a FAILURE redemption (the service lists those too) and the answer is
// the first one's error, with every code's verdict beside it. A customer named by a new source_id is
// created. Lost answers: promo marks each redemption in its metadata and looks it up before resending.

import { recordCreditsMoved } from './balances.js';
import { resolveCustomer } from './customers.js';
import { orderView } from './order-view.js';
import { keepRedeemedOrder, redeemedOrderId } from './orders.js';
import { evaluate, type Outcome } from './redeem-evaluate.js';
import { type RedeemRequest, readRedeemRequest } from './redeem-request.js';
import { leftOutRedeemables, redeemableView, trackingId } from './redeemable-view.js';
import {
  failedRedemption,
  parentRedemption,
  putRedemption,
  redemptionContext,
  successRedemption,
} from './redemption-build.js';
import type { Route, RouteContext, SandboxState } from './types.js';
import { hashSourceId } from './validations.js';
import type { Json } from './voucher-check.js';
import { replaceVoucher } from './voucher-store.js';

/** The voucher after one more use (and, for a gift card, `credits` fewer in its balance). */
export function usedVoucher(voucher: Json, uses: number, credits: number): Json {
  const redemption = (voucher.redemption ?? {}) as Json;
  const gift = voucher.gift as Json | null | undefined;
  return {
    ...voucher,
    redemption: {
      ...redemption,
      redeemed_quantity: Number(redemption.redeemed_quantity ?? 0) + uses,
      ...(gift ? { redeemed_amount: Number(redemption.redeemed_amount ?? 0) + credits } : {}),
    },
    ...(gift ? { gift: { ...gift, balance: Number(gift.balance ?? 0) - credits } } : {}),
  };
}

/** A redemption makes an order when the request gives one: an amount, items or a source id. */
const hasOrder = (request: RedeemRequest) =>
  request.order.amount !== null || request.order.items.length > 0 || request.order.source_id !== null;

function redeem(state: SandboxState, body: unknown, rc: RouteContext, requestId: string) {
  const request = readRedeemRequest(body);
  const customer = resolveCustomer(state, request.customer, rc, true);
  const tracking = request.tracking_id ?? trackingId(customer?.source_id as string | undefined, hashSourceId);
  const evaluation = evaluate(state, request, rc.now());
  const fresh = redemptionContext(request, customer, tracking, rc);
  // A known order source id keeps its order's id: the redemption updates that order.
  const ctx = { ...fresh, orderId: redeemedOrderId(state, request.order.source_id, fresh.orderId) };
  const customerId = (customer?.id as string | undefined) ?? null;
  const views = evaluation.outcomes.map((outcome) => redeemableView(outcome, request, customerId, requestId));

  if (!evaluation.valid) {
    for (const outcome of evaluation.outcomes) {
      if (outcome.status !== 'INAPPLICABLE') continue;
      putRedemption(
        state,
        failedRedemption(rc.newId('r_', 18), ctx, outcome.voucher, outcome.error, evaluation.order),
      );
    }
    const first = evaluation.outcomes.find((outcome) => outcome.status === 'INAPPLICABLE');
    const error = first?.status === 'INAPPLICABLE' ? first.error : undefined;
    return {
      status: error?.code ?? 400,
      body: {
        ...error,
        request_id: requestId,
        ...leftOutRedeemables(views),
      },
    };
  }

  const stacked = evaluation.outcomes.length > 1;
  const parentId = stacked ? rc.newId('r_', 18) : null;
  const children = evaluation.outcomes.map((outcome: Outcome) => {
    if (outcome.status === 'INAPPLICABLE')
      throw new Error('unreachable: a valid request has no inapplicable code');
    const code = String(outcome.voucher.code);
    const voucher = replaceVoucher(
      state,
      code,
      usedVoucher(state.vouchers[code] as Json, 1, outcome.credits),
      rc.now(),
    );
    const child = successRedemption(
      rc.newId('r_', 18),
      ctx,
      voucher,
      outcome.order,
      outcome.credits,
      parentId,
    );
    putRedemption(state, child);
    recordCreditsMoved(state, rc, voucher, -outcome.credits, { redemption: String(child.id) });
    return child;
  });
  const parent = parentId === null ? undefined : parentRedemption(parentId, ctx, children, evaluation.order);
  if (parent) putRedemption(state, parent);
  const order = orderView(request.order, evaluation.order, customerId, ctx.orderId);
  if (hasOrder(request)) {
    const ids = [...(parent ? [parent] : []), ...children].map((r) => String(r.id));
    keepRedeemedOrder(state, order, ids, rc);
  }
  return {
    status: 200,
    body: {
      redemptions: children,
      ...(parent ? { parent_redemption: parent } : {}),
      order,
    },
  };
}

export const redeemRoute: Route = {
  method: 'POST',
  pattern: '/v1/redemptions',
  auth: 'app-or-bearer',
  scopes: ['redemptions'],
  handle: (req, state, rc) => redeem(state, req.body, rc, req.requestId),
};
