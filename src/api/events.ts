// Send custom event: `POST /v1/events` with the app credentials.
import { nullable, object, optional, readAnswer, text } from './answer.js';
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

/** The service's answer: the event as received, with the customer it resolved. */
export interface EventResponse {
  object: 'event';
  type: string;
  customer: EventCustomer & { object?: 'customer' };
  referral: { code?: string; referrer_id?: string } | null;
  loyalty: { code?: string } | null;
  metadata: Record<string, unknown>;
}

export function sendEventRequest(body: EventRequest): ApiRequest {
  return { method: 'POST', path: '/v1/events', json: body, auth: 'app' };
}

const EVENT_ANSWER = object({
  type: text,
  customer: object({}),
  referral: optional(nullable(object({}))),
  loyalty: optional(nullable(object({}))),
});

export async function sendEvent(client: ApiClient, body: EventRequest): Promise<EventResponse> {
  return readAnswer<EventResponse>(
    await client.call<unknown>(sendEventRequest(body)),
    EVENT_ANSWER,
    'POST /v1/events',
  );
}
