// List tiers (beta): `GET /v2/loyalties/tier-structures/{id}/tiers`, cursor-paginated, bearer-authenticated.
import { list, nullable, object, readAnswer, text } from './answer.js';
import { type ApiClient, type ApiRequest, encodePath } from './client.js';

export const TIER_ORDERS = ['created_at', '-created_at', 'name', '-name'] as const;
export type TierOrder = (typeof TIER_ORDERS)[number];

/** Cursors are opaque to promo, but the service only issues ids of this shape. */
export const TIER_CURSOR_PATTERN = /^lcrst_[a-f0-9]+$/;

export interface Tier {
  id: string;
  tier_structure_id: string;
  name: string;
  qualification_rules?: {
    type?: string;
    points?: { min_value?: number; max_value?: number };
    segment?: { id?: string };
  };
  downgrade: Record<string, unknown>;
  metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string | null;
  object: 'tier';
}

export interface TierList {
  object: 'list';
  data: Tier[];
  /** Null on the last page. */
  cursor: { next: string; expires_at: string } | null;
}

const TIER_LIST_ANSWER = object({
  data: list(object({ id: text, name: text, created_at: text })),
  cursor: nullable(object({ next: text })),
});

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
  return readAnswer<TierList>(
    await client.call<unknown>(listTiersRequest(structureId, query, scopes)),
    TIER_LIST_ANSWER,
    'GET /v2/loyalties/tier-structures/{id}/tiers',
  );
}
