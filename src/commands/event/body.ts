// The event request built from --body, --customer JSON and the flags (flags win), and the checks
// that refuse it before anything is sent: every failure names the flag to fix.
import { type EventRequest, MAX_EVENT_NAME_LENGTH } from '../../api/events.js';
import { UsageError } from '../../errors.js';

export interface EventParts {
  name?: string;
  /** The whole body from --body, if any. */
  base?: Record<string, unknown>;
  /** --customer JSON. */
  customer?: Record<string, unknown>;
  customerFields: { id?: string; source_id?: string; email?: string; name?: string };
  referralCode?: string;
  referrerId?: string;
  loyaltyCard?: string;
  metadata?: Record<string, unknown>;
}

export const CUSTOMER_FLAGS = '--customer-source-id, --customer-id, --customer-email or --customer JSON';

export function checkEventName(name: string, flag = '<event-name>'): string {
  // Characters, not UTF-16 units, as the service counts them.
  const length = [...name].length;
  if (length < 1 || length > MAX_EVENT_NAME_LENGTH) {
    throw new UsageError(
      `${flag} must be 1 to ${MAX_EVENT_NAME_LENGTH} characters long, not ${length}`,
      'It is the name of a custom event defined in the project event schema, e.g. purchase_completed.',
    );
  }
  return name;
}

export function buildEventBody(parts: EventParts): EventRequest {
  const base = parts.base ?? {};
  // `event` first, as a person reads the request.
  const body: Record<string, unknown> = { event: undefined, ...base };

  const name = parts.name ?? base.event;
  if (typeof name !== 'string') {
    throw new UsageError('an event name is needed: give <event-name> (or "event" in --body)');
  }
  body.event = checkEventName(name, parts.name === undefined ? '--body: "event"' : '<event-name>');

  const customer = {
    ...objectField(base, 'customer'),
    ...parts.customer,
    ...definedOnly(parts.customerFields),
  };
  const identified = ['id', 'source_id', 'email'].some(
    (key) => typeof customer[key] === 'string' && customer[key] !== '',
  );
  if (!identified) {
    throw new UsageError(
      `a customer is needed: ${CUSTOMER_FLAGS} (with id, source_id or email)`,
      'For example: --customer-source-id customer-42',
    );
  }
  body.customer = customer;

  const referral = {
    ...objectField(base, 'referral'),
    ...definedOnly({ code: parts.referralCode, referrer_id: parts.referrerId }),
  };
  if (Object.keys(referral).length > 0) {
    if (typeof referral.code !== 'string' || referral.code === '') {
      throw new UsageError(
        parts.referrerId !== undefined
          ? '--referrer-id needs --referral-code: a referral is identified by its code'
          : '--body: "referral" needs a "code" (or give --referral-code CODE)',
      );
    }
    body.referral = referral;
  }

  const loyalty = { ...objectField(base, 'loyalty'), ...definedOnly({ code: parts.loyaltyCard }) };
  if (Object.keys(loyalty).length > 0) {
    if (typeof loyalty.code !== 'string' || loyalty.code === '') {
      throw new UsageError('--body: "loyalty" needs a "code" (or give --loyalty-card CODE)');
    }
    body.loyalty = loyalty;
  }

  const metadata = { ...objectField(base, 'metadata'), ...parts.metadata };
  if (Object.keys(metadata).length > 0 || base.metadata !== undefined) body.metadata = metadata;
  return body as EventRequest;
}

/** A field of --body that must be an object when present. */
function objectField(base: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = base[key];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`--body: "${key}" must be a JSON object`);
  }
  return value as Record<string, unknown>;
}

function definedOnly<T extends Record<string, string | undefined>>(fields: T): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
}
