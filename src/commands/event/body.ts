// The event request: merged from --body, the flags and (with --input) each line, then checked
// before anything is sent. Every failure names what to fix.
import { type EventRequest, MAX_EVENT_NAME_LENGTH } from '../../api/events.js';
import { UsageError } from '../../base/errors.js';

export type EventBody = Record<string, unknown>;

/** What the flags say, as a part of the body. */
export interface EventFlagParts {
  name?: string;
  /** --customer JSON, under the customer flags. */
  customer?: Record<string, unknown>;
  customerFields: { id?: string; source_id?: string; email?: string; name?: string };
  referralCode?: string;
  referrerId?: string;
  loyaltyCard?: string;
  metadata?: Record<string, unknown>;
}

export const CUSTOMER_FLAGS = '--customer-source-id, --customer-id, --customer-email or --customer JSON';
/** Fields merged key by key when two parts both give them; any other field is replaced whole. */
const OBJECT_FIELDS = ['customer', 'referral', 'loyalty', 'metadata'];

export function checkEventName(name: string, flag = '<event-name>'): string {
  // Characters, not UTF-16 units, as the service counts them.
  const length = [...name].length;
  if (length < 1 || length > MAX_EVENT_NAME_LENGTH) {
    throw new UsageError(
      `${flag} must be 1 to ${MAX_EVENT_NAME_LENGTH} characters long, not ${length}`,
      'It is the name of a custom event defined in the project event schema, e.g. purchase_completed.',
    );
  }
  // No schema can define such a name: a control character here is a mistake (or a paste gone wrong).
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) {
    throw new UsageError(`${flag} must not contain control characters or line breaks`);
  }
  return name;
}

/** The flags as a body part; only what they set. */
export function flagsPart(parts: EventFlagParts): EventBody {
  const body: EventBody = {};
  if (parts.name !== undefined) body.event = parts.name;
  const customer = { ...parts.customer, ...definedOnly(parts.customerFields) };
  if (Object.keys(customer).length > 0) body.customer = customer;
  const referral = definedOnly({ code: parts.referralCode, referrer_id: parts.referrerId });
  if (Object.keys(referral).length > 0) body.referral = referral;
  if (parts.loyaltyCard !== undefined) body.loyalty = { code: parts.loyaltyCard };
  if (parts.metadata) body.metadata = parts.metadata;
  return body;
}

/** `over` wins; customer, referral, loyalty and metadata are merged key by key. `where` prefixes errors. */
export function mergeEvent(under: EventBody, over: EventBody, where = ''): EventBody {
  // `event` first, as a person reads the request.
  const merged: EventBody = { event: undefined, ...under, ...over };
  for (const field of OBJECT_FIELDS) {
    if (!(field in under) && !(field in over)) continue;
    merged[field] = { ...objectField(under, field, where), ...objectField(over, field, where) };
  }
  if (merged.event === undefined) delete merged.event;
  return merged;
}

/** The final checks; `where` names the source in errors (`--body: `). */
export function checkEventBody(body: EventBody, where = ''): EventRequest {
  if (typeof body.event !== 'string') {
    throw new UsageError(
      body.event === undefined
        ? 'an event name is needed: give <event-name>, or "event" in --body or in each --input line'
        : `${where}"event" must be a string`,
    );
  }
  // A name from <event-name> was checked with the flags; one that fails here came from a body.
  checkEventName(body.event, `${where}"event"`);
  const customer = body.customer as Record<string, unknown> | undefined;
  const identified = ['id', 'source_id', 'email'].some(
    (key) => typeof customer?.[key] === 'string' && customer[key] !== '',
  );
  if (!identified) {
    throw new UsageError(
      `a customer is needed: ${CUSTOMER_FLAGS} (with id, source_id or email)`,
      'For example: --customer-source-id customer-42',
    );
  }
  const referral = body.referral as Record<string, unknown> | undefined;
  if (referral && (typeof referral.code !== 'string' || referral.code === '')) {
    throw new UsageError(
      referral.referrer_id !== undefined
        ? '--referrer-id needs --referral-code: a referral is identified by its code'
        : `${where}"referral" needs a "code" (or give --referral-code CODE)`,
    );
  }
  const loyalty = body.loyalty as Record<string, unknown> | undefined;
  if (loyalty && (typeof loyalty.code !== 'string' || loyalty.code === '')) {
    throw new UsageError(`${where}"loyalty" needs a "code" (or give --loyalty-card CODE)`);
  }
  return body as EventRequest;
}

function objectField(body: EventBody, key: string, where: string): Record<string, unknown> {
  const value = body[key];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`${where}"${key}" must be a JSON object`);
  }
  return value as Record<string, unknown>;
}

function definedOnly(fields: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
}
