// Send custom event: `POST /v1/events` with the app credentials.
import { type Checked, maybe, object, readAnswer, text } from './answer.js';
import type { ApiClient, ApiRequest } from './client.js';

export const MAX_EVENT_NAME_LENGTH = 300;

export interface EventCustomer {
  id?: string;
  source_id?: string;
  name?: string;
  email?: string;
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}

export interface EventRequest {
  event: string;
  customer: EventCustomer;
  referral?: { code: string; referrer_id?: string };
  loyalty?: { code: string };
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}

export function sendEventRequest(body: EventRequest): ApiRequest {
  return { method: 'POST', path: '/v1/events', json: body, auth: 'app' };
}

/** The service's answer: the event as received, with the customer it resolved (what promo shows). */
const EVENT_ANSWER = object({
  type: text,
  customer: object({ id: maybe(text), source_id: maybe(text), email: maybe(text), name: maybe(text) }),
  referral: maybe(object({ code: maybe(text), referrer_id: maybe(text) })),
  loyalty: maybe(object({ code: maybe(text) })),
});
export type EventResponse = Checked<typeof EVENT_ANSWER>;

export async function sendEvent(client: ApiClient, body: EventRequest): Promise<EventResponse> {
  return readAnswer(await client.call(sendEventRequest(body)), EVENT_ANSWER, 'POST /v1/events');
}
