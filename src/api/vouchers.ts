// Vouchers: create (POST /v1/vouchers) and delete (DELETE /v1/vouchers/{code}). Typed shapes of
// the request and the answer as the reference gives them; money is in hundredths throughout.

import { ApiError } from '../errors.js';
import { OutcomeUnknownError } from '../http/failures.js';
import { anything, list, nullable, object, optional, readAnswer, text } from './answer.js';
import { type ApiClient, type ApiRequest, encodePath } from './client.js';

export const VOUCHER_TYPES = ['DISCOUNT_VOUCHER', 'GIFT_VOUCHER', 'LOYALTY_CARD'] as const;
export type VoucherType = (typeof VOUCHER_TYPES)[number];

export const DISCOUNT_TYPES = ['AMOUNT', 'PERCENT', 'UNIT', 'FIXED'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** Effects each discount variant allows (the vendor's description, not the seed's partial list). */
export const DISCOUNT_EFFECTS: Record<DiscountType, readonly string[]> = {
  AMOUNT: [
    'APPLY_TO_ORDER',
    'APPLY_TO_ITEMS',
    'APPLY_TO_ITEMS_PROPORTIONALLY',
    'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY',
    'APPLY_TO_ITEMS_BY_QUANTITY',
  ],
  PERCENT: ['APPLY_TO_ORDER', 'APPLY_TO_ITEMS'],
  FIXED: ['APPLY_TO_ORDER', 'APPLY_TO_ITEMS'],
  // One product; ADD_MANY_ITEMS belongs to the several-units form.
  UNIT: ['ADD_MISSING_ITEMS', 'ADD_NEW_ITEMS', 'ADD_SAME_ITEMS'],
};
/** The effect of a unit discount over several products, and what each of its units may do. */
export const MANY_ITEMS_EFFECT = 'ADD_MANY_ITEMS';
export const ONE_UNIT_EFFECTS = ['ADD_NEW_ITEMS', 'ADD_MISSING_ITEMS'] as const;
export const GIFT_EFFECTS = ['APPLY_TO_ORDER', 'APPLY_TO_ITEMS'] as const;

export interface DiscountUnit {
  unit_off: number;
  unit_type: string;
  effect: string;
}

/** One of the variants, chosen by `type`; only the fields of that variant are set. */
export interface Discount {
  type?: DiscountType;
  percent_off?: number;
  amount_limit?: number;
  amount_off?: number;
  unit_off?: number;
  unit_type?: string;
  units?: DiscountUnit[];
  fixed_amount?: number;
  effect?: string;
  [field: string]: unknown;
}

export interface Gift {
  amount?: number;
  balance?: number;
  effect?: string;
  subtracted_amount?: number;
  [field: string]: unknown;
}

export interface CodeConfig {
  length?: number;
  charset?: string;
  prefix?: string;
  postfix?: string;
  pattern?: string;
  [field: string]: unknown;
}

export interface DailyPeriod {
  start_time: string;
  expiration_time: string;
  days_of_week: number[];
}

export interface CreateVoucherBody {
  type?: VoucherType;
  code?: string;
  code_config?: CodeConfig;
  category?: string;
  category_id?: string;
  campaign?: string;
  campaign_id?: string;
  discount?: Discount | null;
  gift?: Gift | null;
  loyalty_card?: { points?: number; [field: string]: unknown } | null;
  start_date?: string;
  expiration_date?: string;
  validity_timeframe?: { duration?: string; interval?: string };
  validity_day_of_week?: number[];
  validity_hours?: { daily?: DailyPeriod[] };
  active?: boolean;
  additional_info?: string;
  redemption?: { quantity?: number | null };
  metadata?: Record<string, unknown>;
  validation_rules?: string[];
  [field: string]: unknown;
}

/** The voucher object the service answers with; fields not listed pass through untouched. */
export interface Voucher {
  id: string;
  code: string;
  campaign: string | null;
  campaign_id: string | null;
  category: string | null;
  type: VoucherType;
  discount: Discount | null;
  gift: Gift | null;
  loyalty_card: { points: number; balance?: number; [field: string]: unknown } | null;
  start_date: string | null;
  expiration_date: string | null;
  validity_day_of_week?: number[] | null;
  validity_hours?: { daily?: DailyPeriod[] } | null;
  active: boolean | null;
  redemption?: { quantity: number | null; redeemed_quantity?: number };
  created_at: string;
  object: 'voucher';
  [field: string]: unknown;
}

/** What promo reads of a voucher: the table view and the bulk results. */
const optionalObject = optional(nullable(object({})));
export const VOUCHER_ANSWER = object({
  id: text,
  code: text,
  type: text,
  discount: optionalObject,
  gift: optionalObject,
  loyalty_card: optionalObject,
  validity_day_of_week: optional(nullable(list(anything))),
  validity_hours: optionalObject,
  redemption: optionalObject,
});

/**
 * With an explicit code the create is safe to repeat: a repeat can only create the voucher or
 * answer 409, so it is retried after a 502/503/504 or a reset like a GET.
 */
export function createVoucherRequest(body: CreateVoucherBody): ApiRequest {
  const idempotent = typeof body.code === 'string' && body.code !== '';
  return { method: 'POST', path: '/v1/vouchers', json: body, auth: 'app', idempotent, mutates: true };
}

/**
 * Throws OutcomeUnknownError when the answer was lost, including when a repeat of a create with a
 * code was answered 409: the lost first attempt most likely created it (read it back to be sure).
 */
export async function createVoucher(client: ApiClient, body: CreateVoucherBody): Promise<Voucher> {
  let response: Awaited<ReturnType<typeof client.call<unknown>>>;
  try {
    response = await client.call<unknown>(createVoucherRequest(body));
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.afterLostAnswer) {
      throw new OutcomeUnknownError(
        'POST',
        '/v1/vouchers',
        'conflict',
        'its answer was lost, and the repeat was answered 409: most likely the first attempt created it',
        'HTTP_409',
        409,
      );
    }
    throw error;
  }
  return readAnswer<Voucher>(response, VOUCHER_ANSWER, 'POST /v1/vouchers');
}

/** Without `force` the voucher goes to the bin; with it, it is removed for good and its code freed. */
export function deleteVoucherRequest(code: string, force: boolean): ApiRequest {
  return {
    method: 'DELETE',
    path: encodePath`/v1/vouchers/${code}`,
    query: force ? { force: true } : undefined,
    auth: 'app',
  };
}

export async function deleteVoucher(client: ApiClient, code: string, force: boolean): Promise<void> {
  await client.call<unknown>(deleteVoucherRequest(code, force));
}

/** A code or the voucher's id (`v_...`): the service takes either in the path. */
export function getVoucherRequest(codeOrId: string): ApiRequest {
  return { method: 'GET', path: encodePath`/v1/vouchers/${codeOrId}`, auth: 'app' };
}

export async function getVoucher(client: ApiClient, codeOrId: string): Promise<Voucher> {
  return readAnswer<Voucher>(
    await client.call<unknown>(getVoucherRequest(codeOrId)),
    VOUCHER_ANSWER,
    'GET /v1/vouchers/{code}',
  );
}

/**
 * The fields an update may change (the service skips any other silently); gift amounts and loyalty
 * points are not among them: they change through the balance operation.
 */
export const UPDATE_FIELDS = [
  'category',
  'category_id',
  'start_date',
  'expiration_date',
  'validity_timeframe',
  'validity_day_of_week',
  'validity_hours',
  'active',
  'additional_info',
  'metadata',
  'type',
  'discount',
  'gift',
  'loyalty_card',
] as const;

export type UpdateVoucherBody = Partial<Pick<CreateVoucherBody, (typeof UPDATE_FIELDS)[number]>>;

/** PUT sets the given fields to the given values: sending it twice does no harm. */
export function updateVoucherRequest(code: string, body: UpdateVoucherBody): ApiRequest {
  return { method: 'PUT', path: encodePath`/v1/vouchers/${code}`, json: body, auth: 'app' };
}

export async function updateVoucher(
  client: ApiClient,
  code: string,
  body: UpdateVoucherBody,
): Promise<Voucher> {
  return readAnswer<Voucher>(
    await client.call<unknown>(updateVoucherRequest(code, body)),
    VOUCHER_ANSWER,
    'PUT /v1/vouchers/{code}',
  );
}

/** Enable and disable set a state, whatever it was: repeating one is harmless, so it may be retried. */
export function setVoucherActiveRequest(code: string, active: boolean): ApiRequest {
  const verb = active ? 'enable' : 'disable';
  return { method: 'POST', path: encodePath`/v1/vouchers/${code}/${verb}`, auth: 'app', idempotent: true };
}

export async function setVoucherActive(client: ApiClient, code: string, active: boolean): Promise<Voucher> {
  return readAnswer<Voucher>(
    await client.call<unknown>(setVoucherActiveRequest(code, active)),
    VOUCHER_ANSWER,
    `POST /v1/vouchers/{code}/${active ? 'enable' : 'disable'}`,
  );
}
