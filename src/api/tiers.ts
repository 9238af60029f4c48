// List tiers (beta): `GET /v2/loyalties/tier-structures/{id}/tiers`, cursor-paginated, bearer-authenticated.
import type { TierOrder } from 'promo-sandbox/facts/lists';
import { type Checked, list, maybe, nullable, number, object, readAnswer, text } from './answer.js';
import { type ApiClient, type ApiRequest, encodePath } from './client.js';

export { TIER_ORDERS, type TierOrder } from 'promo-sandbox/facts/lists';

/** Cursors are opaque to promo, but the service only issues ids of this shape. */
export const TIER_CURSOR_PATTERN = /^lcrst_[a-f0-9]+$/;

const TIER = object({
  id: text,
  name: text,
  qualification_rules: maybe(
    object({
      type: maybe(text),
      points: maybe(object({ min_value: maybe(number), max_value: maybe(number) })),
      segment: maybe(object({ id: maybe(text) })),
    }),
  ),
  created_at: text,
});
export type Tier = Checked<typeof TIER>;

/** The top-level fields of a tier (for --fields). */
export const TIER_FIELDS = [
  'id',
  'tier_structure_id',
  'name',
  'qualification_rules',
  'downgrade',
  'metadata',
  'created_at',
  'updated_at',
  'object',
] as const;

/** A page of tiers; `cursor` is null on the last page. */
const TIER_LIST_ANSWER = object({
  data: list(TIER),
  cursor: nullable(object({ next: text, expires_at: maybe(text) })),
});
export type TierList = Checked<typeof TIER_LIST_ANSWER>;

export interface ListTiersQuery {
  limit?: number;
  order?: TierOrder;
  cursor?: string;
}

export function listTiersRequest(structureId: string, query: ListTiersQuery, scopes: string[]): ApiRequest {
  return {
    method: 'GET',
    path: encodePath`/v2/loyalties/tier-structures/${structureId}/tiers`,
    query: { limit: query.limit, order: query.order, cursor: query.cursor },
    auth: 'bearer',
    scopes,
  };
}

export async function listTiers(
  client: ApiClient,
  structureId: string,
  query: ListTiersQuery,
  scopes: string[],
): Promise<TierList> {
  return readAnswer(
    await client.call(listTiersRequest(structureId, query, scopes)),
    TIER_LIST_ANSWER,
    'GET /v2/loyalties/tier-structures/{id}/tiers',
  );
}
