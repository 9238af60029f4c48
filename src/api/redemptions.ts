// Redemptions: redeem (`POST /v1/redemptions`), list and get them (rolling them back:
// redemption-rollbacks.ts) and a voucher's redemptions.
// A redemption uses a code or a balance and the service takes no idempotency key: a redeem is never
// repeated after a lost answer. Each carries a mark of promo's in its metadata instead
// (REDEMPTION_MARK), so that the redemption can be looked up (findMarkedRedemptions) before any resend.

import type { RedemptionOrder } from 'promo-sandbox/facts/lists';
import {
  anything,
  type Checked,
  type ListAnswer,
  list,
  maybe,
  number,
  object,
  oneOf,
  optional,
  readAnswer,
  readListAnswer,
  record,
  text,
} from './answer.js';
import { type ApiClient, type ApiRequest, encodePath } from './client.js';
import { type FilterCondition, filterParams } from './templates.js';
import { ORDER_ANSWER, REDEEMABLE_ANSWER, type RedeemBody } from './validations.js';

/** The metadata key holding the request id promo gave a redemption, to find it after a lost answer. */
export const REDEMPTION_MARK = 'promo_request_id';

export const REDEMPTION_ANSWER = object({
  id: text,
  object: oneOf('redemption', 'redemption_rollback'),
  date: maybe(text),
  result: maybe(oneOf('SUCCESS', 'FAILURE')),
  status: maybe(text),
  failure_code: maybe(text),
  failure_message: maybe(text),
  amount: maybe(number),
  /** The parent redemption (a stacked one), or for a rollback the redemption it undid. */
  redemption: maybe(text),
  customer_id: maybe(text),
  metadata: maybe(record(anything)),
  reason: maybe(text),
  voucher: maybe(object({ id: maybe(text), code: maybe(text) })),
  order: maybe(ORDER_ANSWER),
});
export type Redemption = Checked<typeof REDEMPTION_ANSWER>;

const REDEEM_ANSWER = object({
  redemptions: list(REDEMPTION_ANSWER),
  parent_redemption: maybe(REDEMPTION_ANSWER),
  order: maybe(ORDER_ANSWER),
  inapplicable_redeemables: maybe(list(REDEEMABLE_ANSWER)),
  skipped_redeemables: maybe(list(REDEEMABLE_ANSWER)),
});
export type RedeemAnswer = Checked<typeof REDEEM_ANSWER>;

/** Never repeated by the transport: a lost answer is an OutcomeUnknownError for the caller to look up. */
export function redeemRequest(body: RedeemBody): ApiRequest {
  return {
    method: 'POST',
    path: '/v1/redemptions',
    json: body,
    auth: 'app',
    idempotent: false,
    mutates: true,
  };
}

/** A code that does not apply is an ApiError (400, its key; the body lists every code's verdict). */
export async function redeem(client: ApiClient, body: RedeemBody): Promise<RedeemAnswer> {
  return readAnswer(await client.call(redeemRequest(body)), REDEEM_ANSWER, 'POST /v1/redemptions');
}

export { REDEMPTION_ORDERS } from 'promo-sandbox/facts/lists';

export interface ListRedemptionsQuery {
  limit?: number;
  page?: number;
  result?: 'SUCCESS' | 'FAILURE';
  /** A campaign's name. */
  campaign?: string;
  /** A customer's id or source id. */
  customer?: string;
  createdAfter?: string;
  createdBefore?: string;
  order?: RedemptionOrder;
  filters?: FilterCondition[];
  junction?: 'and' | 'or';
}

export function listRedemptionsRequest(query: ListRedemptionsQuery): ApiRequest {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined) params.set(key, String(value));
  };
  set('limit', query.limit);
  set('page', query.page);
  set('result', query.result);
  set('campaign', query.campaign);
  set('customer', query.customer);
  set('created_at[after]', query.createdAfter);
  set('created_at[before]', query.createdBefore);
  set('order', query.order);
  for (const [key, value] of filterParams(query.filters ?? [], query.junction)) params.append(key, value);
  return { method: 'GET', path: '/v1/redemptions', query: params, auth: 'app' };
}

export async function listRedemptions(
  client: ApiClient,
  query: ListRedemptionsQuery,
): Promise<ListAnswer<Redemption>> {
  return readListAnswer(
    await client.call(listRedemptionsRequest(query)),
    REDEMPTION_ANSWER,
    'redemptions',
    'GET /v1/redemptions',
  );
}

/**
 * The redemptions (and the refusals kept) promo marked with `mark`, made since `since`: how a lost
 * redeem is looked up (a stacked one's parent and each code's; rollbacks left out).
 */
export async function findMarkedRedemptions(
  client: ApiClient,
  mark: string,
  since?: string,
): Promise<Redemption[]> {
  const filters: FilterCondition[] = [
    { field: `metadata.${REDEMPTION_MARK}`, operator: '$is', values: [mark] },
  ];
  const found = await listRedemptions(client, { limit: 100, createdAfter: since, filters });
  return found.items.filter((r) => r.object === 'redemption');
}

/** A redemption (`r_...`) or a rollback (`rr_...`). */
export async function getRedemption(client: ApiClient, id: string): Promise<Redemption> {
  const request: ApiRequest = { method: 'GET', path: encodePath`/v1/redemptions/${id}`, auth: 'app' };
  return readAnswer(await client.call(request), REDEMPTION_ANSWER, 'GET /v1/redemptions/{id}');
}

const VOUCHER_REDEMPTIONS_ANSWER = object({
  quantity: maybe(number),
  redeemed_quantity: maybe(number),
  total: optional(number),
  redemption_entries: list(REDEMPTION_ANSWER),
});
export type VoucherRedemptions = Checked<typeof VOUCHER_REDEMPTIONS_ANSWER>;

export async function getVoucherRedemptions(client: ApiClient, code: string): Promise<VoucherRedemptions> {
  const request: ApiRequest = {
    method: 'GET',
    path: encodePath`/v1/vouchers/${code}/redemption`,
    auth: 'app',
  };
  return readAnswer(
    await client.call(request),
    VOUCHER_REDEMPTIONS_ANSWER,
    'GET /v1/vouchers/{code}/redemption',
  );
}
