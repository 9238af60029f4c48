// List tiers (beta): `GET /v2/loyalties/tier-structures/{tierStructureId}/tiers`, cursor-paginated.
import { TIER_ORDERS } from './facts/lists.js';
import { issueCursor, readCursor } from './list-cursors.js';
import { compareKeys, DEFAULT_LIMIT, readChoice, readLimit } from './list-params.js';
import {
  type Route,
  type RouteContext,
  SandboxError,
  type SandboxReply,
  type SandboxRequest,
  type SandboxState,
} from './types.js';

type Tier = Record<string, unknown>;

const DEFAULT_ORDER = '-created_at';

export const tierRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/v2/loyalties/tier-structures/:tierStructureId/tiers',
    auth: 'app-or-bearer',
    scopes: ['loyalties'],
    handle: listTiers,
  },
];

function listTiers(req: SandboxRequest, state: SandboxState, rc: RouteContext): SandboxReply {
  const structureId = req.params.tierStructureId ?? '';
  const tiers = state.tierStructures[structureId];
  if (!tiers) {
    throw new SandboxError(
      404,
      'not_found',
      'Resource not found',
      `Cannot find tier_structure with id ${structureId}`,
      { resource_id: structureId, resource_type: 'tier_structure' },
    );
  }

  const requestedOrder = readChoice(req.query, 'order', TIER_ORDERS);
  const requestedLimit = readLimit(req.query);
  const cursorId = req.query.get('cursor');
  // A cursor carries the order and page size it was issued with; an explicit limit may still change
  // the page size, which is harmless because the cursor stores a position, not a page number.
  const position =
    cursorId === null
      ? { order: requestedOrder ?? DEFAULT_ORDER, offset: 0, limit: DEFAULT_LIMIT }
      : readCursor(state, cursorId, structureId, requestedOrder, rc.now());
  const limit = requestedLimit ?? position.limit;

  const sorted = sortTiers(tiers, position.order);
  const data = sorted.slice(position.offset, position.offset + limit);
  const nextOffset = position.offset + data.length;
  const cursor =
    nextOffset < sorted.length
      ? issueCursor(state, rc, structureId, { order: position.order, offset: nextOffset, limit })
      : null;
  return { status: 200, body: { object: 'list', data, cursor } };
}

/** A copy of the tiers in the requested order; ties fall back to the id so that pages never overlap. */
export function sortTiers(tiers: Tier[], order: string): Tier[] {
  const descending = order.startsWith('-');
  const field = descending ? order.slice(1) : order;
  const text = (tier: Tier, key: string) => String(tier[key] ?? '');
  // Dates are compared as instants, since a seed file may write them with other offsets.
  const key = (tier: Tier): string | number =>
    field === 'created_at' ? Date.parse(text(tier, field)) || 0 : text(tier, field);
  return [...tiers].sort((a, b) => {
    const primary = compareKeys(key(a), key(b));
    const result = primary !== 0 ? primary : compareKeys(text(a, 'id'), text(b, 'id'));
    return descending ? -result : result;
  });
}
