// The body of a validation or a redemption (`POST /v1/validations`, `POST /v1/redemptions`): up to
// 30 redeemables, an order, a customer, metadata. What the sandbox does not imitate (promotion tiers
// and stacks, sessions) is refused with a 400 that says so, never answered with a made-up success.

import { type CustomerRef, readCustomerRef } from './customers.js';
import type { OrderLineInput } from './facts/discounts.js';
import { MAX_REDEEMABLES } from './facts/redemption-keys.js';
import { SandboxError } from './types.js';
import {
  invalid,
  isGiven,
  type Json,
  joinPath,
  optionalNumber,
  optionalRecord,
  optionalString,
  requireRecord,
} from './voucher-check.js';

export interface RedeemableInput {
  id: string;
  /** Credits asked of a gift card. */
  credits: number | null;
  /** Points asked of a loyalty card (a pay-with-points reward). */
  points: number | null;
  /** A loyalty reward was named. */
  reward: boolean;
}

export interface OrderInput {
  id: string | null;
  source_id: string | null;
  amount: number | null;
  items: Array<OrderLineInput & Json>;
  metadata: Json;
}

export interface RedeemRequest {
  redeemables: RedeemableInput[];
  order: OrderInput;
  customer: CustomerRef | null;
  metadata: Json;
  tracking_id: string | null;
}

/** 400 for what the sandbox does not imitate; its help lists the same things. */
export function notImitated(what: string): SandboxError {
  return new SandboxError(
    400,
    'not_imitated',
    'Not imitated by the sandbox',
    `The sandbox does not imitate ${what}; try it against the service itself`,
  );
}

const AMOUNT = { integer: true, min: 0 };

function redeemable(value: unknown, index: number): RedeemableInput {
  const path = `redeemables[${index}]`;
  const item = requireRecord(value, path);
  const object = optionalString(item, 'object', path) ?? 'voucher';
  if (object === 'promotion_tier' || object === 'promotion_stack')
    throw notImitated('promotion tiers and stacks');
  if (object !== 'voucher')
    invalid(joinPath(path, 'object'), 'must be voucher, promotion_tier or promotion_stack');
  const id = optionalString(item, 'id', path);
  if (!id) invalid(joinPath(path, 'id'), 'is required');
  const gift = optionalRecord(item, 'gift', path);
  const reward = optionalRecord(item, 'reward', path);
  return {
    id,
    credits: gift ? optionalNumber(gift, 'credits', `${path}.gift`, AMOUNT) : null,
    points: reward ? optionalNumber(reward, 'points', `${path}.reward`, AMOUNT) : null,
    reward: reward !== null,
  };
}

function orderItem(value: unknown, index: number): OrderLineInput & Json {
  const path = `order.items[${index}]`;
  const item = requireRecord(value, path);
  optionalNumber(item, 'quantity', path, { integer: true, min: 1 });
  optionalNumber(item, 'price', path, AMOUNT);
  optionalNumber(item, 'amount', path, AMOUNT);
  for (const key of ['product_id', 'sku_id', 'source_id']) optionalString(item, key, path);
  return item as OrderLineInput & Json;
}

/** The request's order (validation, redemption, qualification). */
export function readOrder(body: Json): OrderInput {
  const given = optionalRecord(body, 'order') ?? {};
  const items = given.items;
  if (isGiven(items) && !Array.isArray(items)) invalid('order.items', 'must be an array');
  return {
    id: optionalString(given, 'id', 'order'),
    source_id: optionalString(given, 'source_id', 'order'),
    amount: optionalNumber(given, 'amount', 'order', AMOUNT),
    items: ((items as unknown[] | undefined) ?? []).map(orderItem),
    metadata: optionalRecord(given, 'metadata', 'order') ?? {},
  };
}

export function readRedeemRequest(value: unknown): RedeemRequest {
  const body = requireRecord(value ?? null, 'body');
  if (isGiven(body.session)) throw notImitated('sessions (session locks)');
  const list = body.redeemables;
  if (!Array.isArray(list) || list.length === 0) invalid('redeemables', 'must be a non-empty array');
  if (list.length > MAX_REDEEMABLES) invalid('redeemables', `must hold at most ${MAX_REDEEMABLES} items`);
  const redeemables = list.map(redeemable);
  const seen = new Set<string>();
  for (const [index, item] of redeemables.entries()) {
    if (seen.has(item.id)) invalid(`redeemables[${index}].id`, `repeats the code ${item.id}`);
    seen.add(item.id);
  }
  return {
    redeemables,
    order: readOrder(body),
    customer: readCustomerRef(body.customer),
    metadata: optionalRecord(body, 'metadata') ?? {},
    tracking_id: optionalString(body, 'tracking_id'),
  };
}
