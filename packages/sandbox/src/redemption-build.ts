// The redemption objects the sandbox keeps and answers with: one per code redeemed (SUCCESS) or
// refused (FAILURE, kept and listed as the service does), a parent over the codes of a stacked
// request, and rollbacks (`rr_...`). Each is stored whole and replaced, never edited in place.

import { simpleCustomer } from './customers.js';
import type { CalcOrder } from './facts/discounts.js';
import { orderView } from './order-view.js';
import type { KeyError } from './redeem-evaluate.js';
import type { RedeemRequest } from './redeem-request.js';
import type { RouteContext, SandboxState } from './types.js';
import type { Json } from './voucher-check.js';

export interface RedemptionContext {
  request: RedeemRequest;
  customer: Json | null;
  trackingId: string | null;
  date: string;
  channel: Json;
  orderId: string;
}

export function redemptionContext(
  request: RedeemRequest,
  customer: Json | null,
  trackingId: string | null,
  rc: RouteContext,
): RedemptionContext {
  return {
    request,
    customer,
    trackingId,
    date: new Date(rc.now()).toISOString(),
    channel: { channel_id: rc.appId, channel_type: 'API' },
    orderId: rc.newId('ord_', 18),
  };
}

function common(id: string, ctx: RedemptionContext): Json {
  return {
    id,
    object: 'redemption',
    date: ctx.date,
    customer_id: (ctx.customer?.id as string | undefined) ?? null,
    tracking_id: ctx.trackingId,
    metadata: ctx.request.metadata,
    channel: ctx.channel,
    customer: simpleCustomer(ctx.customer),
  };
}

export function successRedemption(
  id: string,
  ctx: RedemptionContext,
  voucher: Json,
  order: CalcOrder,
  credits: number,
  parentId: string | null,
): Json {
  const gift = voucher.type === 'GIFT_VOUCHER';
  return {
    ...common(id, ctx),
    amount: gift ? credits : 0,
    redemption: parentId,
    result: 'SUCCESS',
    status: 'SUCCEEDED',
    order: orderView(ctx.request.order, order, (ctx.customer?.id as string | undefined) ?? null, ctx.orderId),
    related_object_type: 'voucher',
    related_object_id: voucher.id,
    voucher,
    ...(gift ? { gift: { amount: credits } } : {}),
  };
}

export function failedRedemption(
  id: string,
  ctx: RedemptionContext,
  voucher: Json | null,
  error: KeyError,
  order: CalcOrder,
): Json {
  return {
    ...common(id, ctx),
    amount: 0,
    redemption: null,
    result: 'FAILURE',
    status: 'FAILED',
    failure_code: error.key,
    failure_message: error.details,
    order: orderView(ctx.request.order, order, (ctx.customer?.id as string | undefined) ?? null, ctx.orderId),
    related_object_type: 'voucher',
    related_object_id: (voucher?.id as string | undefined) ?? null,
    ...(voucher ? { voucher } : {}),
  };
}

export function parentRedemption(
  id: string,
  ctx: RedemptionContext,
  children: Json[],
  order: CalcOrder,
): Json {
  return {
    ...common(id, ctx),
    amount: children.reduce((sum, child) => sum + Number(child.amount ?? 0), 0),
    redemption: null,
    result: 'SUCCESS',
    status: 'SUCCEEDED',
    order: orderView(ctx.request.order, order, (ctx.customer?.id as string | undefined) ?? null, ctx.orderId),
    related_object_type: 'redemption',
    related_object_id: id,
    related_redemptions: {
      redemptions: children.map((child) => ({ id: child.id, date: child.date })),
    },
  };
}

/** Redemptions and rollbacks are keyed by id; defineProperty keeps any id an ordinary key. */
export function putRedemption(state: SandboxState, record: Json): void {
  Object.defineProperty(state.redemptions, String(record.id), {
    value: record,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
