// The v1 loyalty API's points: a member's balance changed (`points`, negative subtracts, with an
// expiry for added points), points moved from other cards, the trail of transactions, the buckets
// that expire and the pending points. All of it goes through the ledger (loyalty-ledger.ts). Like a
// voucher's balance change, none of these takes an idempotency key: a caller that lost an answer
// looks for its `source_id` in the member's transactions.
import { listTransactions } from './balances.js';
import { BALANCE_KEYS } from './facts/balances.js';
import { invalidQuery, readChoice, readLimit } from './list-params.js';
import { changePoints, ledgerOf, loyaltyCard, programExpiry, transferPoints } from './loyalty-ledger.js';
import { findProgram, memberAnswer } from './loyalty-programs.js';
import {
  appOrBearerRoute,
  type RouteContext,
  SandboxError,
  type SandboxRequest,
  type SandboxState,
} from './types.js';
import { bodyObject, type Json } from './voucher-check.js';
import { readPage } from './voucher-list.js';
import { voucherNotFound } from './voucher-store.js';

const EXPIRATION_TYPES = ['PROGRAM_RULES', 'NON_EXPIRING', 'CUSTOM_DATE'] as const;
const invalid = (details: string) => new SandboxError(400, 'invalid_payload', 'Invalid payload', details);

function text(input: Json, key: string): string | null {
  const value = input[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalid(`Property ${key} must be a string`);
  return value;
}

function readPoints(input: Json, key: string, signed: boolean): number {
  const points = input[key];
  if (typeof points !== 'number' || !Number.isInteger(points) || points === 0 || (!signed && points < 0)) {
    throw invalid(`Property ${key} must be a ${signed ? 'non-zero' : 'positive'} integer`);
  }
  return points;
}

/** The day added points expire: the program's rules, never, or the date given. */
function expiryOf(input: Json, state: SandboxState, voucher: Json, rc: RouteContext): string | null {
  const type = text(input, 'expiration_type') ?? 'PROGRAM_RULES';
  if (!(EXPIRATION_TYPES as readonly string[]).includes(type))
    throw invalid(`Property expiration_type must be one of ${EXPIRATION_TYPES.join(', ')}`);
  const date = text(input, 'expiration_date');
  if (type === 'PROGRAM_RULES') return programExpiry(state, voucher, rc.now());
  if (type === 'NON_EXPIRING') return null;
  if (date === null || !/^\d{4}-\d{2}-\d{2}/.test(date) || Number.isNaN(Date.parse(date.slice(0, 10))))
    throw invalid('Property expiration_date must be a date (YYYY-MM-DD) with expiration_type CUSTOM_DATE');
  return date.slice(0, 10);
}

/** A card's points change only once it has a holder, as a voucher's balance change. */
function needsHolder(voucher: Json, code: string): void {
  if (!voucher.holder_id)
    throw new SandboxError(
      400,
      BALANCE_KEYS.noHolder,
      'Missing holder',
      `Loyalty card ${code} has no holder`,
    );
}

function changeBalance(req: SandboxRequest, state: SandboxState, rc: RouteContext) {
  const { code, voucher } = loyaltyCard(state, req.params.memberId ?? '');
  const input = bodyObject(req.body);
  const points = readPoints(input, 'points', true);
  const expiresAt = expiryOf(input, state, voucher, rc);
  needsHolder(voucher, code);
  const made = changePoints(state, code, points, {
    rc,
    expiresAt,
    reason: text(input, 'reason'),
    sourceId: text(input, 'source_id'),
  });
  return { status: 200, body: made.balance };
}

/** Each card named gives its points to the member, all or none (one transaction). */
function transfer(req: SandboxRequest, state: SandboxState, rc: RouteContext) {
  const { campaign } = findProgram(state, req.params.campaignId ?? '');
  const { code, voucher } = loyaltyCard(state, req.params.memberId ?? '');
  if (voucher.campaign_id !== campaign.id) throw voucherNotFound(req.params.memberId ?? '');
  if (!Array.isArray(req.body) || req.body.length === 0)
    throw invalid('The body must be a non-empty array of {code, points}');
  for (const item of req.body) {
    const input = bodyObject(item);
    const from = text(input, 'code');
    if (from === null) throw invalid('Property code is required: the card the points come from');
    if (loyaltyCard(state, from).code === code) throw invalid('A card cannot transfer points to itself');
    transferPoints(state, from, code, readPoints(input, 'points', false), {
      rc,
      reason: text(input, 'reason'),
      sourceId: text(input, 'source_id'),
    });
  }
  return { status: 200, body: memberAnswer(state, { ...req, params: { memberId: code } }, rc.now()) };
}

/** The buckets with an expiry date, soonest first (points that never expire have no bucket here). */
function pointsExpiration(req: SandboxRequest, state: SandboxState, rc: RouteContext) {
  const { code, voucher } = loyaltyCard(state, req.params.memberId ?? '');
  const { campaign } = findProgram(state, req.params.campaignId ?? '');
  if (voucher.campaign_id !== campaign.id) throw voucherNotFound(req.params.memberId ?? '');
  const limit = readLimit(req.query) ?? 10;
  const page = readPage(req.query);
  const today = new Date(rc.now()).toISOString().slice(0, 10);
  const buckets = ledgerOf(state, code)
    .buckets.filter((b) => b.expires_at !== null && b.expires_at >= today)
    .sort((a, b) => ((a.expires_at as string) < (b.expires_at as string) ? -1 : 1));
  const data = buckets.slice((page - 1) * limit, page * limit).map((b) => ({
    id: b.id,
    voucher_id: voucher.id,
    campaign_id: voucher.campaign_id,
    bucket: { total_points: b.points },
    status: 'ACTIVE',
    expires_at: b.expires_at,
    created_at: b.created_at,
    object: 'loyalty_points_bucket',
  }));
  return { status: 200, body: { object: 'list', data_ref: 'data', data, total: buckets.length } };
}

function pendingPoints(req: SandboxRequest, state: SandboxState) {
  const { code, voucher } = loyaltyCard(state, req.params.memberId ?? '');
  const limit = readLimit(req.query) ?? 10;
  const order = readChoice(req.query, 'order', ['id', '-id'] as const) ?? 'id';
  let entries = [...ledgerOf(state, code).pending];
  if (order === '-id') entries = entries.reverse();
  const after = req.query.get('starting_after_id');
  let start = 0;
  if (after !== null) {
    start = entries.findIndex((p) => p.id === after) + 1;
    if (start === 0)
      throw invalidQuery('starting_after_id', `names no pending points of this card: '${after}'`);
  }
  const data = entries.slice(start, start + limit).map((p) => ({
    id: p.id,
    voucher_id: voucher.id,
    campaign_id: voucher.campaign_id,
    customer_id: voucher.holder_id ?? null,
    points: p.points,
    activates_at: p.activates_at,
    details: p.related ?? {},
    created_at: p.created_at,
    object: 'loyalty_pending_points',
  }));
  const hasMore = start + limit < entries.length;
  const more = hasMore ? { more_starting_after: data.at(-1)?.id } : {};
  return { status: 200, body: { object: 'list', data_ref: 'data', data, has_more: hasMore, ...more } };
}

const route = appOrBearerRoute(['loyalties']);

export const loyaltyPointRoutes = [
  route('POST', '/v1/loyalties/members/:memberId/balance', changeBalance),
  route(
    'GET',
    '/v1/loyalties/members/:memberId/transactions',
    (req, state, rc) => {
      loyaltyCard(state, req.params.memberId ?? '');
      return listTransactions.handle({ ...req, params: { code: req.params.memberId ?? '' } }, state, rc);
    },
    true,
  ),
  route('GET', '/v1/loyalties/members/:memberId/pending-points', pendingPoints, true),
  route('POST', '/v1/loyalties/:campaignId/members/:memberId/transfers', transfer),
  route('GET', '/v1/loyalties/:campaignId/members/:memberId/points-expiration', pointsExpiration, true),
];
