// Send custom event: `POST /v1/events`. The event must be defined in the project's event schema; the
// customer is identified by id, source_id or email and, as the service does, created or updated in
// the customers the sandbox keeps (customer get finds the customer an event named).
import { readNamedCustomer, upsertNamedCustomer } from './customer-upsert.js';
import { simpleCustomer } from './customers.js';
import { creditEvent } from './earning-credit.js';
import {
  type Route,
  type RouteContext,
  SandboxError,
  type SandboxReply,
  type SandboxRequest,
  type SandboxState,
} from './types.js';

type Json = Record<string, unknown>;

export const MAX_EVENT_NAME_LENGTH = 300;

export const eventRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/v1/events',
    auth: 'app-or-bearer',
    scopes: ['events'],
    handle: sendEvent,
  },
];

function sendEvent(req: SandboxRequest, state: SandboxState, rc: RouteContext): SandboxReply {
  if (!isObject(req.body)) throw invalidPayload('The request body must be a JSON object.');
  const body = req.body;

  const name = body.event;
  // Length in characters (code points), not UTF-16 units, so an emoji counts once.
  const length = typeof name === 'string' ? [...name].length : 0;
  if (typeof name !== 'string' || length < 1 || length > MAX_EVENT_NAME_LENGTH) {
    throw invalidPayload(`'event' is required: a string of 1 to ${MAX_EVENT_NAME_LENGTH} characters.`);
  }
  const customer = readNamedCustomer(body.customer, 'customer');
  if (customer === undefined)
    throw invalidPayload("'customer' is required: an object with id, source_id or email.");
  const referral = readCodeHolder(body.referral, 'referral', ['code', 'referrer_id']);
  const loyalty = readCodeHolder(body.loyalty, 'loyalty', ['code']);
  const metadata = readOptionalObject(body.metadata, 'metadata') ?? {};

  // Validation comes first so that a malformed request is a 400 even when the event is unknown.
  if (!state.eventSchemas.includes(name)) {
    throw new SandboxError(
      404,
      'not_found',
      'Resource not found',
      `Cannot find custom_event_schema with id ${name}; define the event in the project's event schema first.`,
      { resource_id: name, resource_type: 'custom_event_schema' },
    );
  }

  const named = upsertNamedCustomer(state, customer, rc, { unknownId: 'create' });
  const event: Json = {
    object: 'event',
    type: name,
    customer: simpleCustomer(named),
    referral,
    loyalty,
    metadata,
  };
  state.events.push(structuredClone(event));
  creditEvent(
    state,
    rc,
    name,
    typeof named?.id === 'string' ? named.id : null,
    (loyalty?.code as string | undefined) ?? null,
  );
  return { status: 200, body: event };
}

/** `referral` and `loyalty`: absent or null answer null; given, they need a non-empty `code`. */
function readCodeHolder(value: unknown, name: string, fields: string[]): Json | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) throw invalidPayload(`'${name}' must be an object.`);
  if (typeof value.code !== 'string' || value.code === '') {
    throw invalidPayload(`'${name}.code' is required when '${name}' is given.`);
  }
  const answer: Json = {};
  for (const field of fields) {
    const item = value[field];
    if (item === undefined || item === null) continue;
    if (typeof item !== 'string') throw invalidPayload(`'${name}.${field}' must be a string.`);
    answer[field] = item;
  }
  return answer;
}

function readOptionalObject(value: unknown, name: string): Json | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) throw invalidPayload(`'${name}' must be an object.`);
  return value;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalidPayload(details: string): SandboxError {
  return new SandboxError(400, 'invalid_payload', 'Invalid payload', details);
}
