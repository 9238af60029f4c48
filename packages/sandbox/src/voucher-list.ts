// List vouchers: `GET /v1/vouchers`, paged by page number up to page 99, newest first by default.
// One pass over the vouchers picks the matches; only the matches are sorted.
import { ALL_OPERATORS, VOUCHER_FILTER_ALIASES, WHOLE_VALUE_OPERATORS } from './facts/filters.js';
import { MAX_PAGE, VOUCHER_ORDERS, type VoucherOrder } from './facts/lists.js';
import { VOUCHER_TYPES } from './facts/vouchers.js';
import { type FilterFields, type Filters, matchesFilters, parseFilters } from './list-filters.js';
import { DEFAULT_LIMIT, invalidQuery, readChoice, readLimit } from './list-params.js';
import { pageByCreated, streamEntries } from './state-query.js';
import type { Route, RouteContext, SandboxReply, SandboxRequest, SandboxState } from './types.js';
import type { Json } from './voucher-check.js';

const ENUM_OPERATORS = WHOLE_VALUE_OPERATORS;
export const VOUCHER_FILTER_FIELDS: FilterFields = {
  ...Object.fromEntries(
    [
      'id',
      'code',
      'campaign',
      'campaign_id',
      'category',
      'category_id',
      'holder_id',
      'additional_info',
      'created_at',
      'updated_at',
      'start_date',
      'expiration_date',
    ].map((field) => [field, { operators: ALL_OPERATORS }]),
  ),
  type: { operators: ENUM_OPERATORS, values: VOUCHER_TYPES },
  active: { operators: ENUM_OPERATORS, values: ['true', 'false'] },
  'metadata.*': { operators: ALL_OPERATORS },
  // The vendor's voucher filters take any field of the voucher, with every operator.
  '*': { operators: ALL_OPERATORS },
};

function aliased(filters: Filters): Filters {
  return {
    ...filters,
    conditions: filters.conditions.map((c) => ({ ...c, field: VOUCHER_FILTER_ALIASES[c.field] ?? c.field })),
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

export function readPage(query: URLSearchParams): number {
  const raw = query.get('page');
  if (raw === null) return 1;
  const page = /^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(page >= 1 && page <= MAX_PAGE)) {
    throw invalidQuery('page', `must be an integer from 1 to ${MAX_PAGE}, got '${raw}'`);
  }
  return page;
}

/** An ISO 8601 date or date-time as a sortable ISO string (UTC, milliseconds), or undefined. */
export function readDate(query: URLSearchParams, name: string): string | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  const timed = /T\d{2}:\d{2}/.test(raw) && !/(Z|[+-]\d{2}:?\d{2})$/i.test(raw);
  const time = ISO_DATE.test(raw) ? Date.parse(timed ? `${raw}Z` : raw) : Number.NaN;
  if (Number.isNaN(time)) throw invalidQuery(name, `must be an ISO 8601 date or date-time, got '${raw}'`);
  return new Date(time).toISOString();
}

/** `ids=a&ids=b`, `ids[]=a`, `ids[0]=a` and `ids=a,b` all name the same set. */
function readIds(query: URLSearchParams): Set<string> | undefined {
  const values: string[] = [];
  for (const [key, value] of query) {
    if (key === 'ids' || /^ids\[\d*\]$/.test(key)) values.push(...value.split(',').map((id) => id.trim()));
  }
  const ids = values.filter((id) => id !== '');
  return ids.length > 0 ? new Set(ids) : undefined;
}

interface Range {
  after?: string;
  before?: string;
}

interface VoucherQuery {
  category?: string;
  campaign?: string;
  campaignId?: string;
  customer?: string;
  code?: string;
  ids?: Set<string>;
  created: Range;
  updated: Range;
  filters: Filters;
}

function readQuery(req: SandboxRequest, nowMs: number): VoucherQuery {
  const { query } = req;
  const text = (name: string) => query.get(name) ?? undefined;
  const range = (field: string): Range => ({
    after: readDate(query, `${field}[after]`),
    before: readDate(query, `${field}[before]`),
  });
  return {
    category: text('category'),
    campaign: text('campaign'),
    campaignId: text('campaign_id'),
    customer: text('customer'),
    code: text('code'),
    ids: readIds(query),
    created: range('created_at'),
    updated: range('updated_at'),
    filters: aliased(parseFilters(req.rawQuery, VOUCHER_FILTER_FIELDS, nowMs)),
  };
}

/** Both ends exclusive; a voucher without the date (never updated) is outside every range. */
function inRange(value: unknown, range: Range): boolean {
  if (range.after === undefined && range.before === undefined) return true;
  if (typeof value !== 'string') return false;
  return (
    (range.after === undefined || value > range.after) && (range.before === undefined || value < range.before)
  );
}

function matches(voucher: Json, q: VoucherQuery): boolean {
  return (
    (q.category === undefined || voucher.category === q.category || voucher.category_id === q.category) &&
    (q.campaign === undefined || voucher.campaign === q.campaign) &&
    (q.campaignId === undefined || voucher.campaign_id === q.campaignId) &&
    (q.customer === undefined || voucher.holder_id === q.customer) &&
    (q.ids === undefined || q.ids.has(String(voucher.id))) &&
    inRange(voucher.created_at, q.created) &&
    inRange(voucher.updated_at, q.updated) &&
    matchesFilters(voucher, q.filters)
  );
}

/** The vouchers to look at: one when a code is given, else all of them, read as they are walked. */
function candidates(state: SandboxState, code: string | undefined): Iterable<Json> {
  if (code === undefined) return streamEntries(state.vouchers);
  return Object.hasOwn(state.vouchers, code) ? [state.vouchers[code] as Json] : [];
}

/** A query the database's indexes answer alone: by campaign id, holder and creation date, nothing else. */
function byIndexes(state: SandboxState, q: VoucherQuery, order: VoucherOrder, limit: number, start: number) {
  // A campaign's name is unique, and its vouchers carry its id: the name is that id.
  const named = q.campaign === undefined ? undefined : state.campaigns.find((c) => c.name === q.campaign)?.id;
  const campaignId = named ?? q.campaignId;
  const plain =
    q.code === undefined &&
    q.category === undefined &&
    (q.campaign === undefined || (named !== undefined && (q.campaignId ?? named) === named)) &&
    q.ids === undefined &&
    q.updated.after === undefined &&
    q.updated.before === undefined &&
    q.filters.conditions.length === 0 &&
    (order === 'created_at' || order === '-created_at');
  if (!plain) return undefined;
  return pageByCreated(state.vouchers, {
    campaignId,
    holderId: q.customer,
    after: q.created.after,
    before: q.created.before,
    descending: order === '-created_at',
    limit,
    offset: start,
  });
}

/** Sorts by the order's field, ties broken by code in the same direction so that pages never overlap. */
function sortVouchers(vouchers: Json[], order: VoucherOrder): Json[] {
  const descending = order.startsWith('-');
  const field = descending ? order.slice(1) : order;
  const keyed = vouchers.map((voucher) => ({
    key: typeof voucher[field] === 'string' ? (voucher[field] as string) : '',
    code: String(voucher.code),
    voucher,
  }));
  const sign = descending ? -1 : 1;
  keyed.sort((a, b) => {
    if (a.key !== b.key) return a.key < b.key ? -sign : sign;
    if (a.code === b.code) return 0;
    return a.code < b.code ? -sign : sign;
  });
  return keyed.map((entry) => entry.voucher);
}

export function listVouchers(req: SandboxRequest, state: SandboxState, rc: RouteContext): SandboxReply {
  const limit = readLimit(req.query) ?? DEFAULT_LIMIT;
  const page = readPage(req.query);
  const order = readChoice(req.query, 'order', VOUCHER_ORDERS) ?? '-created_at';
  const q = readQuery(req, rc.now());
  const start = (page - 1) * limit;
  const indexed = byIndexes(state, q, order, limit, start);
  if (indexed) {
    const body = { object: 'list', data_ref: 'vouchers', vouchers: indexed.entries, total: indexed.total };
    return { status: 200, body };
  }
  const matching: Json[] = [];
  for (const voucher of candidates(state, q.code)) if (matches(voucher, q)) matching.push(voucher);
  const vouchers = sortVouchers(matching, order).slice(start, start + limit);
  return { status: 200, body: { object: 'list', data_ref: 'vouchers', vouchers, total: matching.length } };
}

export const voucherListRoutes: Route[] = [
  {
    method: 'GET',
    readOnly: true,
    pattern: '/v1/vouchers',
    auth: 'app-or-bearer',
    scopes: ['vouchers'],
    handle: listVouchers,
  },
];
