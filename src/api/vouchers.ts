// Vouchers: create, get, update, enable, disable and delete (`/v1/vouchers[/{code}]`). The request
// bodies are typed as the reference gives them; the answer's type is what its check reads
// (answer.ts). Money is in hundredths throughout.

import type { DiscountType, VoucherType } from 'promo-sandbox/facts/vouchers';
import { ApiError } from '../base/errors.js';
import { OutcomeUnknownError } from '../http/failures.js';
import {
  anything,
  type Checked,
  flag,
  list,
  maybe,
  number,
  object,
  readAnswer,
  record,
  text,
} from './answer.js';
import { type ApiClient, type ApiRequest, type ApiResponse, encodePath } from './client.js';

// The kinds of voucher and the effects of each value are facts the sandbox shares (facts/vouchers.ts).
export {
  DISCOUNT_EFFECTS,
  DISCOUNT_TYPES,
  type DiscountType,
  GIFT_EFFECTS,
  MANY_ITEMS_EFFECT,
  ONE_OF_MANY_UNIT_EFFECTS as ONE_UNIT_EFFECTS,
  VOUCHER_TYPES,
  type VoucherType,
} from 'promo-sandbox/facts/vouchers';

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

const DISCOUNT_ANSWER = object({
  type: maybe(text),
  percent_off: maybe(number),
  amount_limit: maybe(number),
  amount_off: maybe(number),
  fixed_amount: maybe(number),
  unit_off: maybe(number),
  unit_type: maybe(text),
  units: maybe(list(object({ unit_off: maybe(number), unit_type: maybe(text), effect: maybe(text) }))),
  effect: maybe(text),
});

/**
 * The voucher object the service answers with, as far as promo reads it (tables, bulk results,
 * read-backs); every other field passes through untouched, typed `unknown`.
 */
export const VOUCHER_ANSWER = object({
  id: text,
  code: text,
  type: text,
  campaign: maybe(text),
  campaign_id: maybe(text),
  category: maybe(text),
  discount: maybe(DISCOUNT_ANSWER),
  gift: maybe(object({ amount: maybe(number), balance: maybe(number), effect: maybe(text) })),
  loyalty_card: maybe(object({ points: maybe(number), balance: maybe(number) })),
  start_date: maybe(text),
  expiration_date: maybe(text),
  validity_timeframe: maybe(object({ duration: maybe(text), interval: maybe(text) })),
  validity_day_of_week: maybe(list(number)),
  validity_hours: maybe(
    object({
      daily: maybe(list(object({ start_time: text, expiration_time: text, days_of_week: list(number) }))),
    }),
  ),
  active: maybe(flag),
  deleted: maybe(flag),
  redemption: maybe(object({ quantity: maybe(number), redeemed_quantity: maybe(number) })),
  metadata: maybe(record(anything)),
  created_at: maybe(text),
  updated_at: maybe(text),
});

export type Voucher = Checked<typeof VOUCHER_ANSWER>;

/** The top-level fields of the service's voucher object (for --fields). */
export const VOUCHER_FIELDS = [
  'id',
  'code',
  'campaign',
  'campaign_id',
  'category',
  'category_id',
  'categories',
  'type',
  'discount',
  'gift',
  'loyalty_card',
  'start_date',
  'expiration_date',
  'validity_timeframe',
  'validity_day_of_week',
  'validity_hours',
  'active',
  'additional_info',
  'metadata',
  'assets',
  'is_referral_code',
  'created_at',
  'updated_at',
  'holder_id',
  'referrer_id',
  'validation_rules_assignments',
  'redemption',
  'publish',
  'object',
] as const;

/** The fields a voucher added to a campaign sets itself; its type and value are the campaign's. */
export const CAMPAIGN_VOUCHER_FIELDS = [
  'category',
  'additional_info',
  'start_date',
  'expiration_date',
  'redemption',
  'metadata',
  'code_config',
] as const;

/** The campaign a create body adds its voucher to (by id or name), if any. */
export function campaignOf(body: CreateVoucherBody): string | undefined {
  const campaign = body.campaign_id ?? body.campaign;
  return typeof campaign === 'string' && campaign !== '' ? campaign : undefined;
}

/**
 * A voucher into a campaign, through the campaign's own route: with a code, `POST
 * /v1/campaigns/{campaign}/vouchers/{code}` (safe to repeat: a repeat can only make it or answer
 * 409); without one, `POST /v1/campaigns/{campaign}/vouchers`, the code made by the campaign's
 * code config (or the body's), each attempt possibly a voucher.
 */
export function campaignVoucherRequest(
  campaign: string,
  fields: Record<string, unknown>,
  code?: string,
): ApiRequest {
  const base = encodePath`/v1/campaigns/${campaign}/vouchers`;
  if (code === undefined)
    return { method: 'POST', path: base, json: fields, auth: 'app', idempotent: false, mutates: true };
  const { code_config: _, ...own } = fields;
  return {
    method: 'POST',
    path: `${base}${encodePath`/${code}`}`,
    json: own,
    auth: 'app',
    idempotent: true,
    mutates: true,
  };
}

/**
 * With an explicit code the create is safe to repeat: a repeat can only create the voucher or
 * answer 409, so it is retried after a 502/503/504 or a reset like a GET. A body that names a
 * campaign goes through the campaign's route, which adds the voucher to it.
 */
export function createVoucherRequest(body: CreateVoucherBody): ApiRequest {
  const campaign = campaignOf(body);
  if (campaign !== undefined) {
    const { campaign: _c, campaign_id: _i, code, ...fields } = body;
    return campaignVoucherRequest(
      campaign,
      fields,
      typeof code === 'string' && code !== '' ? code : undefined,
    );
  }
  const idempotent = typeof body.code === 'string' && body.code !== '';
  return { method: 'POST', path: '/v1/vouchers', json: body, auth: 'app', idempotent, mutates: true };
}

/**
 * Throws OutcomeUnknownError when the answer was lost, including when a repeat of a create with a
 * code was answered 409: the lost first attempt most likely created it (read it back to be sure).
 */
export async function createVoucher(client: ApiClient, body: CreateVoucherBody): Promise<Voucher> {
  let response: ApiResponse;
  try {
    response = await client.call(createVoucherRequest(body));
  } catch (error) {
    const hint = lostCreateHint(body.code);
    if (error instanceof ApiError && error.status === 409 && error.afterLostAnswer) {
      throw new OutcomeUnknownError({
        method: 'POST',
        path: '/v1/vouchers',
        lost: 'conflict',
        why: 'its answer was lost, and the repeat was answered 409: most likely the first attempt created it',
        code: 'HTTP_409',
        status: 409,
        hint,
      });
    }
    throw error instanceof OutcomeUnknownError ? error.withHint(hint) : error;
  }
  return readAnswer(response, VOUCHER_ANSWER, 'POST /v1/vouchers');
}

/** How to tell whether a create whose answer was lost made the voucher. */
function lostCreateHint(code: string | undefined): string {
  return code
    ? `Check before creating it again: \`promo voucher get ${code}\` answers 404 (exit 3) if it was not created.`
    : 'A voucher without a code cannot be looked up by it: `promo voucher list --created-after TIME` shows what the service created since, before you create it again.';
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
  await client.call(deleteVoucherRequest(code, force));
}

/** A code or the voucher's id (`v_...`): the service takes either in the path. */
export function getVoucherRequest(codeOrId: string): ApiRequest {
  return { method: 'GET', path: encodePath`/v1/vouchers/${codeOrId}`, auth: 'app' };
}

export async function getVoucher(client: ApiClient, codeOrId: string): Promise<Voucher> {
  return readAnswer(
    await client.call(getVoucherRequest(codeOrId)),
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
  return readAnswer(
    await client.call(updateVoucherRequest(code, body)),
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
  return readAnswer(
    await client.call(setVoucherActiveRequest(code, active)),
    VOUCHER_ANSWER,
    `POST /v1/vouchers/{code}/${active ? 'enable' : 'disable'}`,
  );
}
