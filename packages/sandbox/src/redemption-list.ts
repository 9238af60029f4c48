// Reading redemptions: `GET /v1/redemptions` (paged by page number, newest first; by result,
// campaign, customer, creation time and the `filters` grammar, metadata included, which is how promo
// finds a redemption whose answer was lost), `GET /v1/redemptions/{id}` (a redemption or a rollback)
// and `GET /v1/vouchers/{code}/redemption` (one voucher's redemptions and rollbacks).

import { findCustomer } from './customers.js';
import { ALL_OPERATORS, STRING_OPERATORS } from './facts/filters.js';
import { REDEMPTION_ORDERS } from './facts/lists.js';
import { type FilterFields, matchesFilters, parseFilters } from './list-filters.js';
import { DEFAULT_LIMIT, invalidQuery, readChoice, readLimit } from './list-params.js';
import { findRedemption } from './rollbacks.js';
import type { Route, SandboxReply, SandboxRequest, SandboxState } from './types.js';
import type { Json } from './voucher-check.js';
import { readDate, readPage } from './voucher-list.js';
import { findVoucher } from './voucher-store.js';

const FILTER_FIELDS: FilterFields = {
  ...Object.fromEntries(
    [
      'voucher_code',
      'related_object_id',
      'related_object_parent_id',
      'parent_redemption_id',
      'failure_code',
      'result',
      'object',
      'customer_id',
      'campaign_name',
      'user_login',
    ].map((field) => [field, { operators: STRING_OPERATORS }]),
  ),
  created_at: { operators: ALL_OPERATORS },
  'metadata.*': { operators: ALL_OPERATORS },
};

/** What the filters and the order read of a redemption: its own fields and its voucher's. */
function filterView(redemption: Json): Json {
  const voucher = (redemption.voucher ?? null) as Json | null;
  return {
    id: redemption.id,
    voucher_code: voucher?.code ?? null,
    related_object_id: redemption.related_object_id ?? null,
    related_object_parent_id: voucher?.campaign_id ?? null,
    parent_redemption_id: redemption.redemption ?? null,
    failure_code: redemption.failure_code ?? null,
    result: redemption.result ?? null,
    object: redemption.object,
    customer_id: redemption.customer_id ?? null,
    campaign_name: voucher?.campaign ?? null,
    tracking_id: redemption.tracking_id ?? null,
    created_at: redemption.date,
    metadata: redemption.metadata ?? {},
  };
}

function readResults(query: URLSearchParams): string[] {
  const results = query.getAll('result');
  const wrong = results.find((result) => result !== 'SUCCESS' && result !== 'FAILURE');
  if (wrong !== undefined) throw invalidQuery('result', `must be SUCCESS or FAILURE, got '${wrong}'`);
  return results;
}

function listRedemptions(req: SandboxRequest, state: SandboxState, nowMs: number): SandboxReply {
  const { query } = req;
  const limit = readLimit(query) ?? DEFAULT_LIMIT;
  const page = readPage(query);
  const order = readChoice(query, 'order', REDEMPTION_ORDERS) ?? '-created_at';
  const results = readResults(query);
  const campaign = query.get('campaign');
  const customerParam = query.get('customer');
  const after = readDate(query, 'created_at[after]');
  const before = readDate(query, 'created_at[before]');
  const filters = parseFilters(req.rawQuery, FILTER_FIELDS, nowMs);
  // A customer is named by id or source id; one the sandbox does not know has no redemptions.
  const customerId = customerParam === null ? undefined : (findCustomer(state, customerParam)?.id ?? '');

  const matching = Object.values(state.redemptions)
    .map((redemption) => ({ redemption, view: filterView(redemption) }))
    .filter(
      ({ view }) =>
        (results.length === 0 || results.includes(String(view.result))) &&
        (campaign === null || view.campaign_name === campaign) &&
        (customerId === undefined || view.customer_id === customerId) &&
        (after === undefined || String(view.created_at) > after) &&
        (before === undefined || String(view.created_at) < before) &&
        matchesFilters(view, filters),
    );
  const descending = order.startsWith('-');
  const field = descending ? order.slice(1) : order;
  const key = (view: Json) => String(view[field === 'created_at' ? 'created_at' : field] ?? '');
  // Stored in the order they happened, so a stable sort keeps ties in that order.
  const sorted = matching
    .map((entry, index) => ({ ...entry, index }))
    .sort((a, b) => {
      const [x, y] = [key(a.view), key(b.view)];
      const cmp = x === y ? a.index - b.index : x < y ? -1 : 1;
      return descending ? -cmp : cmp;
    });
  const start = (page - 1) * limit;
  const redemptions = sorted.slice(start, start + limit).map(({ redemption }) => redemption);
  return {
    status: 200,
    body: { object: 'list', data_ref: 'redemptions', redemptions, total: matching.length },
  };
}

function voucherRedemptions(req: SandboxRequest, state: SandboxState): SandboxReply {
  const { code, voucher } = findVoucher(state, req.params.code ?? '');
  const entries = Object.values(state.redemptions).filter(
    (redemption) => (redemption.voucher as Json | undefined)?.code === code,
  );
  const redemption = (voucher.redemption ?? {}) as Json;
  return {
    status: 200,
    body: {
      quantity: redemption.quantity ?? null,
      redeemed_quantity: redemption.redeemed_quantity ?? 0,
      object: 'list',
      url: `/v1/vouchers/${encodeURIComponent(code)}/redemptions?page=1&limit=10`,
      data_ref: 'redemption_entries',
      total: entries.length,
      redemption_entries: entries.reverse(),
    },
  };
}

export const redemptionReadRoutes: Route[] = [
  {
    method: 'GET',
    readOnly: true,
    pattern: '/v1/redemptions',
    auth: 'app-or-bearer',
    scopes: ['redemptions'],
    handle: (req, state, rc) => listRedemptions(req, state, rc.now()),
  },
  {
    method: 'GET',
    readOnly: true,
    pattern: '/v1/redemptions/:redemptionId',
    auth: 'app-or-bearer',
    scopes: ['redemptions'],
    handle: (req, state) => ({ status: 200, body: findRedemption(state, req.params.redemptionId ?? '') }),
  },
  {
    method: 'GET',
    readOnly: true,
    pattern: '/v1/vouchers/:code/redemption',
    auth: 'app-or-bearer',
    scopes: ['redemptions', 'vouchers'],
    handle: voucherRedemptions,
  },
];
