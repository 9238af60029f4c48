// Publications: a code handed to a customer (`POST /v1/publications`, from a campaign or a named
// voucher) and their list (`GET /v1/publications`). The service takes no idempotency key: with
// `join_once=true` a repeat for the same customer and campaign answers the same code, which makes a
// repeat safe; otherwise a publication carries a `source_id` promo made, looked up after a lost answer.
import { type Checked, list, maybe, object, optional, readAnswer, readListAnswer, text } from './answer.js';
import type { ApiClient, ApiRequest } from './client.js';

export { MAX_PUBLICATION_COUNT, NO_VOUCHER_FOR_PUBLICATION } from 'promo-sandbox/facts/publications';

export interface PublicationBody {
  voucher?: string;
  campaign?: { name: string; count?: number };
  /** Who gets it: by id, source_id or email alone; the service creates or updates the customer with these fields. */
  customer: { id?: string; source_id?: string; email?: string; name?: string; phone?: string };
  source_id?: string;
  metadata?: Record<string, unknown>;
  channel?: string;
  [field: string]: unknown;
}

const PUBLICATION = object({
  id: text,
  customer_id: maybe(text),
  tracking_id: maybe(text),
  source_id: maybe(text),
  channel: maybe(text),
  created_at: maybe(text),
  voucher: optional(maybe(object({ code: text }))),
  vouchers: optional(maybe(list(text))),
});
export type Publication = Checked<typeof PUBLICATION>;

/** The codes a publication handed out: one voucher's, or the list of several. */
export function publishedCodes(publication: Publication): string[] {
  if (publication.voucher) return [publication.voucher.code];
  return publication.vouchers ?? [];
}

export const PUBLICATION_FIELDS = [
  'id',
  'object',
  'created_at',
  'customer_id',
  'tracking_id',
  'metadata',
  'channel',
  'source_id',
  'result',
  'customer',
  'voucher',
  'vouchers',
  'vouchers_id',
] as const;

export function publicationRequest(body: PublicationBody, joinOnce: boolean): ApiRequest {
  return {
    method: 'POST',
    path: '/v1/publications',
    query: joinOnce ? { join_once: true } : undefined,
    json: body,
    auth: 'app',
    // A join_once repeat from a campaign answers the same code: the transport may repeat it.
    idempotent: joinOnce && body.campaign !== undefined,
    mutates: true,
  };
}

export async function publish(
  client: ApiClient,
  body: PublicationBody,
  joinOnce: boolean,
): Promise<Publication> {
  return readAnswer(
    await client.call(publicationRequest(body, joinOnce)),
    PUBLICATION,
    'POST /v1/publications',
  );
}

export interface PublicationQuery {
  campaign?: string;
  customer?: string;
  voucher?: string;
  sourceId?: string;
  limit?: number;
  page?: number;
}

export function listPublicationsRequest(query: PublicationQuery): ApiRequest {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.campaign !== undefined) params.set('campaign', query.campaign);
  if (query.customer !== undefined) params.set('customer', query.customer);
  if (query.voucher !== undefined) params.set('voucher', query.voucher);
  if (query.sourceId !== undefined) params.set('source_id', query.sourceId);
  return { method: 'GET', path: '/v1/publications', query: params, auth: 'app' };
}

export async function listPublications(client: ApiClient, query: PublicationQuery) {
  return readListAnswer(
    await client.call(listPublicationsRequest(query)),
    PUBLICATION,
    'publications',
    'GET /v1/publications',
  );
}
