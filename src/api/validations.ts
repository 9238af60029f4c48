// Validate codes against an order: `POST /v1/validations` (up to 30 codes in one stacked request).
// It changes nothing on the service, so it is repeated like a GET after a lost answer. The request
// and order shapes are shared with redemptions.ts. Money is in hundredths throughout.
import {
  anything,
  type Checked,
  flag,
  list,
  maybe,
  number,
  object,
  oneOf,
  optional,
  readAnswer,
  record,
  text,
} from './answer.js';
import type { ApiClient, ApiRequest } from './client.js';

export { MAX_REDEEMABLES } from 'promo-sandbox/facts/redemption-keys';

export interface Redeemable {
  object: 'voucher';
  id: string;
  /** Gift card credits to use (hundredths); the card's balance, up to the order, when absent. */
  gift?: { credits: number };
  [field: string]: unknown;
}

export interface OrderItem {
  product_id?: string;
  sku_id?: string;
  source_id?: string;
  quantity?: number;
  price?: number;
  amount?: number;
  [field: string]: unknown;
}

export interface Order {
  source_id?: string;
  amount?: number;
  items?: OrderItem[];
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}

/** A customer by the service's id or by the caller's source_id (a new one is created on redemption). */
export interface CustomerRef {
  id?: string;
  source_id?: string;
  [field: string]: unknown;
}

/** The body of a validation and of a redemption. */
export interface RedeemBody {
  redeemables: Redeemable[];
  order?: Order;
  customer?: CustomerRef;
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}

/** The order totals as the service computes them (OrderCalculated). */
export const ORDER_ANSWER = object({
  id: maybe(text),
  source_id: maybe(text),
  amount: maybe(number),
  discount_amount: maybe(number),
  items_discount_amount: maybe(number),
  total_discount_amount: maybe(number),
  total_amount: maybe(number),
  applied_discount_amount: maybe(number),
  items_applied_discount_amount: maybe(number),
  total_applied_discount_amount: maybe(number),
});
export type OrderAnswer = Checked<typeof ORDER_ANSWER>;

/** Why a code does not apply or was skipped: `result.error` (with its key) and `result.details`. */
export const RESULT_ANSWER = object({
  error: maybe(object({ code: maybe(number), key: maybe(text), message: maybe(text), details: maybe(text) })),
  details: maybe(object({ key: maybe(text), message: maybe(text) })),
  discount: maybe(record(anything)),
  gift: maybe(object({ balance: maybe(number), credits: maybe(number) })),
});

export const REDEEMABLE_ANSWER = object({
  status: oneOf('APPLICABLE', 'INAPPLICABLE', 'SKIPPED'),
  id: text,
  object: maybe(text),
  order: maybe(ORDER_ANSWER),
  result: maybe(RESULT_ANSWER),
});
export type RedeemableAnswer = Checked<typeof REDEEMABLE_ANSWER>;

const VALIDATION_ANSWER = object({
  valid: flag,
  redeemables: list(REDEEMABLE_ANSWER),
  inapplicable_redeemables: optional(list(REDEEMABLE_ANSWER)),
  skipped_redeemables: optional(list(REDEEMABLE_ANSWER)),
  order: maybe(ORDER_ANSWER),
});
export type Validation = Checked<typeof VALIDATION_ANSWER>;

export function validateRequest(body: RedeemBody): ApiRequest {
  return {
    method: 'POST',
    path: '/v1/validations',
    json: body,
    auth: 'app',
    idempotent: true,
    mutates: false,
  };
}

export async function validate(client: ApiClient, body: RedeemBody): Promise<Validation> {
  return readAnswer(await client.call(validateRequest(body)), VALIDATION_ANSWER, 'POST /v1/validations');
}

/** The key a redeemable was refused or skipped with (`quantity_exceeded`, `preceding_validation_failed`). */
export function refusalKey(redeemable: RedeemableAnswer): string | undefined {
  return redeemable.result?.error?.key ?? redeemable.result?.details?.key ?? undefined;
}
