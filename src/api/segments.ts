// Customer segments, read only: `GET /v1/segments/{id}` (a rule's --segment is checked to exist
// before the rule is sent) and `GET /v1/customers/{id}/segments` (why a code refused for a segment
// rule was refused: the customer is not in it). promo creates no segments; the service's dashboard
// and API do.
import { list, maybe, object, optional, readAnswer, text } from './answer.js';
import { type ApiClient, encodePath } from './client.js';

const SEGMENT = object({ id: text, name: optional(maybe(text)), type: optional(maybe(text)) });

export async function getSegment(client: ApiClient, id: string) {
  return readAnswer(
    await client.call({ method: 'GET', path: encodePath`/v1/segments/${id}`, auth: 'app' }),
    SEGMENT,
    'GET /v1/segments/{segmentId}',
  );
}

/** The ids of the segments the customer (id or source id) is in. */
export async function customerSegmentIds(client: ApiClient, customer: string): Promise<string[]> {
  const answer = readAnswer(
    await client.call({ method: 'GET', path: encodePath`/v1/customers/${customer}/segments`, auth: 'app' }),
    object({ data: optional(maybe(list(SEGMENT))) }),
    'GET /v1/customers/{customerId}/segments',
  );
  return (answer.data ?? []).map((segment) => segment.id);
}
