// List bin entries: `GET /v1/trash-bin`, what a delete without force moved to the bin. The sandbox
// bins vouchers only, by code (state.bin); an entry names the voucher by its code
// (`resource_name`) and id. When it was moved is not kept, so `created_at` is null (the vendor's
// schema allows it). Filters: id, resource_type, resource_name, resource_id.
import { STRING_OPERATORS } from './facts/filters.js';
import { type FilterFields, matchesFilters, parseFilters } from './list-filters.js';
import { DEFAULT_LIMIT, invalidQuery, readLimit } from './list-params.js';
import type { Route, SandboxReply, SandboxRequest, SandboxState } from './types.js';

const RESOURCE_TYPES = ['campaign', 'product', 'sku', 'voucher'];

const BIN_FILTER_FIELDS: FilterFields = {
  id: { operators: STRING_OPERATORS },
  resource_type: {
    operators: STRING_OPERATORS.filter((op) => op !== '$contains' && op !== '$not_contain'),
    values: RESOURCE_TYPES,
  },
  resource_name: { operators: STRING_OPERATORS },
  resource_id: { operators: STRING_OPERATORS },
};

function entryOf(voucher: Record<string, unknown>): Record<string, unknown> {
  const id = String(voucher.id ?? '');
  return {
    // One entry a voucher, named after it: the same voucher in the bin is the same entry.
    id: `tbe_${id.replace(/^v_/, '')}`,
    created_at: null,
    deleted_by_user_id: null,
    resource_id: id,
    resource_type: 'voucher',
    resource_name: voucher.code ?? null,
    resource_parent_id: voucher.campaign_id ?? null,
    object: 'voucher',
  };
}

function listBin(req: SandboxRequest, state: SandboxState): SandboxReply {
  const limit = readLimit(req.query) ?? DEFAULT_LIMIT;
  const filters = parseFilters(req.rawQuery, BIN_FILTER_FIELDS);
  const entries = Object.values(state.bin)
    .map(entryOf)
    .sort((a, b) => String(a.id).localeCompare(String(b.id)))
    .filter((entry) => matchesFilters(entry, filters));
  const after = req.query.get('starting_after_id');
  let start = 0;
  if (after !== null) {
    const at = entries.findIndex((entry) => entry.id === after);
    if (at === -1) throw invalidQuery('starting_after_id', `names no bin entry: '${after}'`);
    start = at + 1;
  }
  const data = entries.slice(start, start + limit);
  const hasMore = start + limit < entries.length;
  return {
    status: 200,
    body: {
      object: 'list',
      data_ref: 'data',
      data,
      total: data.length,
      has_more: hasMore,
      ...(hasMore ? { more_starting_after: data.at(-1)?.id } : {}),
    },
  };
}

export const trashBinRoutes: Route[] = [
  {
    method: 'GET',
    readOnly: true,
    pattern: '/v1/trash-bin',
    auth: 'app-or-bearer',
    scopes: ['trash-bin'],
    handle: listBin,
  },
];
