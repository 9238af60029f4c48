// The v1 loyalty API: programs (`/v1/loyalties[/{campaignId}]`, campaigns of type LOYALTY_PROGRAM,
// named by id or name), their members (loyalty cards, named by code), and a member's points: a
// change (`points`, negative subtracts, with an expiry for added points), a transfer from other
// cards, the trail, the buckets that expire and the points pending. None of the point writes takes
// an idempotency key: the transport never repeats them, and a caller that lost an answer looks its
// `source_id` up in the card's transactions (api/balances.ts findTransactions).
import {
  both,
  type Checked,
  type ListAnswer,
  list,
  maybe,
  number,
  object,
  readAnswer,
  readListAnswer,
  text,
} from './answer.js';
import { type Balance, TRANSACTION, TRANSACTION_PAGE, type TransactionList } from './balances.js';
import { CAMPAIGN_ANSWER, type Campaign } from './campaigns.js';
import { type ApiClient, type ApiRequest, encodePath } from './client.js';
import type { ListVouchersQuery } from './voucher-list.js';
import { VOUCHER_ANSWER } from './vouchers.js';

export async function listPrograms(
  client: ApiClient,
  query: { limit?: number; page?: number },
): Promise<ListAnswer<Campaign>> {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.page !== undefined) params.set('page', String(query.page));
  const request: ApiRequest = { method: 'GET', path: '/v1/loyalties', query: params, auth: 'app' };
  return readListAnswer(await client.call(request), CAMPAIGN_ANSWER, 'campaigns', 'GET /v1/loyalties');
}

export async function getProgram(client: ApiClient, program: string): Promise<Campaign> {
  const request: ApiRequest = { method: 'GET', path: encodePath`/v1/loyalties/${program}`, auth: 'app' };
  return readAnswer(await client.call(request), CAMPAIGN_ANSWER, 'GET /v1/loyalties/{campaignId}');
}

/** A member: the loyalty card, with the ledger's figures and its holder. */
export const MEMBER_ANSWER = both(
  VOUCHER_ANSWER,
  object({
    holder_id: maybe(text),
    loyalty_card: maybe(
      object({
        points: maybe(number),
        balance: maybe(number),
        next_expiration_date: maybe(text),
        next_expiration_points: maybe(number),
        pending_points: maybe(number),
        expired_points: maybe(number),
        subtracted_points: maybe(number),
      }),
    ),
  }),
);
export type Member = Checked<typeof MEMBER_ANSWER>;

/** The members of a program: the voucher list's query, as far as the members route takes it. */
export function listMembersRequest(program: string, query: ListVouchersQuery): ApiRequest {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined) params.set(key, String(value));
  };
  set('limit', query.limit);
  set('page', query.page);
  set('customer', query.customer);
  set('created_at[after]', query.createdAfter);
  set('created_at[before]', query.createdBefore);
  set('order', query.order);
  set('code', query.code);
  return { method: 'GET', path: encodePath`/v1/loyalties/${program}/members`, query: params, auth: 'app' };
}

export async function listMembers(
  client: ApiClient,
  program: string,
  query: ListVouchersQuery,
): Promise<ListAnswer<Member>> {
  return readListAnswer(
    await client.call(listMembersRequest(program, query)),
    MEMBER_ANSWER,
    'vouchers',
    'GET /v1/loyalties/{campaignId}/members',
  );
}

export function addMemberRequest(
  program: string,
  customer: { id: string } | { source_id: string },
): ApiRequest {
  return {
    method: 'POST',
    path: encodePath`/v1/loyalties/${program}/members`,
    json: { customer },
    auth: 'app',
    idempotent: false,
    mutates: true,
  };
}

/** Throws OutcomeUnknownError when the answer was lost: look the customer's cards up. */
export async function addMember(
  client: ApiClient,
  program: string,
  customer: { id: string } | { source_id: string },
): Promise<Member> {
  return readAnswer(
    await client.call(addMemberRequest(program, customer)),
    MEMBER_ANSWER,
    'POST /v1/loyalties/{campaignId}/members',
  );
}

export async function getMember(client: ApiClient, code: string): Promise<Member> {
  const request: ApiRequest = { method: 'GET', path: encodePath`/v1/loyalties/members/${code}`, auth: 'app' };
  return readAnswer(await client.call(request), MEMBER_ANSWER, 'GET /v1/loyalties/members/{memberId}');
}

export interface PointsChange {
  /** Negative subtracts. */
  points: number;
  expiration_type?: 'PROGRAM_RULES' | 'NON_EXPIRING' | 'CUSTOM_DATE';
  /** With CUSTOM_DATE: the day, as a date-time at its start (UTC). */
  expiration_date?: string;
  reason?: string;
  source_id?: string;
}

const POINTS_ANSWER = object({
  points: number,
  total: maybe(number),
  balance: number,
  type: maybe(text),
  object: maybe(text),
});

export function pointsRequest(code: string, change: PointsChange): ApiRequest {
  return {
    method: 'POST',
    path: encodePath`/v1/loyalties/members/${code}/balance`,
    json: change,
    auth: 'app',
    idempotent: false,
    mutates: true,
  };
}

/** The change's answer as a voucher balance change reads (`amount` is the points). */
export async function changePoints(client: ApiClient, code: string, change: PointsChange): Promise<Balance> {
  const answer = readAnswer(
    await client.call(pointsRequest(code, change)),
    POINTS_ANSWER,
    'POST /v1/loyalties/members/{memberId}/balance',
  );
  const { points, ...rest } = answer;
  return { ...rest, amount: points };
}

export interface PointsTransfer {
  code: string;
  points: number;
  reason?: string;
  source_id?: string;
}

export function transferRequest(program: string, code: string, from: PointsTransfer[]): ApiRequest {
  return {
    method: 'POST',
    path: encodePath`/v1/loyalties/${program}/members/${code}/transfers`,
    json: from,
    auth: 'app',
    idempotent: false,
    mutates: true,
  };
}

/** The receiving card after the transfer. Throws OutcomeUnknownError when the answer was lost. */
export async function transferPoints(
  client: ApiClient,
  program: string,
  code: string,
  from: PointsTransfer[],
): Promise<Member> {
  return readAnswer(
    await client.call(transferRequest(program, code, from)),
    MEMBER_ANSWER,
    'POST /v1/loyalties/{campaignId}/members/{memberId}/transfers',
  );
}

const BUCKET = object({
  id: maybe(text),
  expires_at: maybe(text),
  status: maybe(text),
  bucket: maybe(object({ total_points: maybe(number) })),
  created_at: maybe(text),
});
export type PointsBucket = Checked<typeof BUCKET>;

/** The card's buckets that expire, soonest first (one page of `limit`). */
export async function pointsExpiration(
  client: ApiClient,
  program: string,
  code: string,
  page: { limit?: number; page?: number },
): Promise<ListAnswer<PointsBucket>> {
  const query = new URLSearchParams();
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  if (page.page !== undefined) query.set('page', String(page.page));
  const request: ApiRequest = {
    method: 'GET',
    path: encodePath`/v1/loyalties/${program}/members/${code}/points-expiration`,
    query,
    auth: 'app',
  };
  return readListAnswer(
    await client.call(request),
    BUCKET,
    'data',
    'GET /v1/loyalties/{campaignId}/members/{memberId}/points-expiration',
  );
}

const PENDING = object({ id: text, points: number, activates_at: maybe(text), created_at: maybe(text) });
export type PendingPoints = Checked<typeof PENDING>;

/** The card's first page of pending points (up to 100). */
export async function pendingPoints(client: ApiClient, code: string): Promise<PendingPoints[]> {
  const request: ApiRequest = {
    method: 'GET',
    path: encodePath`/v1/loyalties/members/${code}/pending-points`,
    query: new URLSearchParams({ limit: '100' }),
    auth: 'app',
  };
  const answer = readAnswer(
    await client.call(request),
    object({ data: maybe(list(PENDING)) }),
    'GET /v1/loyalties/members/{memberId}/pending-points',
  );
  return answer.data ?? [];
}

/** A page of the card's transactions, newest first (the loyalty API's view of the card's trail). */
export async function memberTransactions(
  client: ApiClient,
  code: string,
  limit?: number,
  startingAfter?: string,
): Promise<TransactionList> {
  const query = new URLSearchParams();
  if (limit !== undefined) query.set('limit', String(limit));
  if (startingAfter !== undefined) query.set('starting_after_id', startingAfter);
  const request: ApiRequest = {
    method: 'GET',
    path: encodePath`/v1/loyalties/members/${code}/transactions`,
    query,
    auth: 'app',
  };
  return readListAnswer(
    await client.call(request),
    TRANSACTION,
    'data',
    'GET /v1/loyalties/members/{memberId}/transactions',
    TRANSACTION_PAGE,
  );
}
