// promo event send <event-name>: one custom event from flags and/or a JSON body (flags win), or
// many with --input (see send-input.ts).
import { type EventResponse, sendEvent, sendEventRequest } from '../../api/events.js';
import { UsageError } from '../../base/errors.js';
import { type BulkFlags, parseBulkFlags } from '../../bulk/index.js';
import { expectObject, readInlineOrFileJson, readJsonObject } from '../../input/json-source.js';
import { parseMetadata } from '../../input/metadata.js';
import { printDryRun } from '../../output/dry-run.js';
import type { Column } from '../../output/table.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineArgs, defineCommand, defineOptions, type Input } from '../../toolkit/define.js';
import { bulkOptions } from '../bulk-options.js';
import { metadataOption } from '../shared/metadata-option.js';
import {
  CUSTOMER_FLAGS,
  checkEventBody,
  checkEventName,
  type EventFlagParts,
  flagsPart,
  mergeEvent,
} from './body.js';
import { INPUT_HELP, sendMany } from './send-input.js';

export interface EventSendOptions extends Omit<EventFlagParts, 'customer'> {
  /** --body FILE|-, read in run. */
  bodySource?: string;
  /** --customer JSON|@FILE|@-, read in run. */
  customerSource?: string;
  /** --input FILE|-: many events. */
  inputSource?: string;
  bulk: BulkFlags;
  dryRun: boolean;
}

const args = defineArgs({
  eventName: { help: 'name of the custom event, 1 to 300 characters, e.g. purchase_completed' },
});

const options = defineOptions({
  customerSourceId: { type: 'value', value: 'id', help: "the customer's id in your systems" },
  customerId: { type: 'value', value: 'id', help: "the service's customer id (cust_...)" },
  customerEmail: { type: 'value', value: 'email', help: "the customer's email" },
  customerName: { type: 'value', value: 'name', help: "the customer's name" },
  customer: {
    type: 'value',
    value: 'json',
    help: 'the whole customer object as JSON, or @FILE, or @- (the flags above win)',
  },
  referralCode: { type: 'value', value: 'code', help: 'referral code, when the event converts a referral' },
  referrerId: { type: 'value', value: 'id', help: 'source id of the referrer (needs --referral-code)' },
  loyaltyCard: {
    type: 'value',
    value: 'code',
    help: 'loyalty card the event is attributed to (earning rules)',
  },
  metadata: metadataOption(),
  body: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'the whole request as JSON from FILE, or - for stdin (flags override its fields)',
  },
  input: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'many events: NDJSON or CSV file, or - for stdin',
  },
  ...bulkOptions,
  dryRun: { type: 'switch', help: 'print the request that would be sent, and send nothing' },
});

type EventSendFlags = Input<typeof args, typeof options>;

const NON_EMPTY: Array<[keyof typeof options, string]> = [
  ['customerSourceId', '--customer-source-id'],
  ['customerId', '--customer-id'],
  ['customerEmail', '--customer-email'],
  ['customerName', '--customer-name'],
  ['referralCode', '--referral-code'],
  ['referrerId', '--referrer-id'],
  ['loyaltyCard', '--loyalty-card'],
];

/** Everything the flags alone can tell is checked here; the rest once --body is read, still before sending. */
export function parseEventSendOptions(flags: EventSendFlags): EventSendOptions {
  const name = flags.eventName;
  if (name !== undefined) checkEventName(name);
  for (const [key, flag] of NON_EMPTY) {
    if (flags[key] === '') throw new UsageError(`${flag} must not be empty`);
  }
  const readers = [
    flags.body === '-' && '--body -',
    flags.customer === '@-' && '--customer @-',
    flags.input === '-' && '--input -',
  ];
  if (readers.filter(Boolean).length > 1) {
    throw new UsageError(`${readers.filter(Boolean).join(' and ')} cannot both read stdin: give one a file`);
  }
  if (
    flags.referrerId !== undefined &&
    flags.referralCode === undefined &&
    flags.body === undefined &&
    flags.input === undefined
  ) {
    throw new UsageError('--referrer-id needs --referral-code: a referral is identified by its code');
  }
  const single = flags.input === undefined && flags.body === undefined;
  if (single && name === undefined)
    throw new UsageError('<event-name> is needed (or --body, or --input for many events)');
  const hasCustomer = [flags.customer, flags.customerSourceId, flags.customerId, flags.customerEmail].some(
    (v) => v !== undefined,
  );
  if (single && !hasCustomer) {
    throw new UsageError(
      `a customer is needed: ${CUSTOMER_FLAGS}`,
      'For example: --customer-source-id customer-42',
    );
  }
  return {
    name,
    customerFields: {
      id: flags.customerId,
      source_id: flags.customerSourceId,
      email: flags.customerEmail,
      name: flags.customerName,
    },
    referralCode: flags.referralCode,
    referrerId: flags.referrerId,
    loyaltyCard: flags.loyaltyCard,
    metadata: parseMetadata(flags.metadata),
    bodySource: flags.body,
    customerSource: flags.customer,
    inputSource: flags.input,
    bulk: parseBulkFlags(flags),
    dryRun: flags.dryRun,
  };
}

export async function run(options: EventSendOptions, rt: Runtime): Promise<number | undefined> {
  const { bodySource, customerSource, inputSource, bulk, dryRun, ...parts } = options;
  const base = bodySource === undefined ? {} : await readJsonObject(bodySource, '--body', rt.ctx);
  const customer =
    customerSource === undefined
      ? undefined
      : expectObject(
          await readInlineOrFileJson(customerSource, '--customer', rt.ctx),
          '--customer',
          'the value',
        );
  const shared = mergeEvent(base, flagsPart({ ...parts, customer }), '--body: ');
  if (inputSource !== undefined) return sendMany(shared, inputSource, { bulk, dryRun }, rt);

  const body = checkEventBody(shared, '--body: ');
  const client = await rt.client();
  if (dryRun) {
    await printDryRun(rt.out, await client.dryRun(sendEventRequest(body)));
    return undefined;
  }
  const answer = await sendEvent(client, body);
  await rt.out.record<EventResponse>(answer, eventFields);
  return undefined;
}

function describe(fields: Record<string, unknown> | null | undefined, keys: string[]): string {
  if (!fields) return '';
  return keys
    .filter((key) => typeof fields[key] === 'string' && fields[key] !== '')
    .map((key, i) => (i === 0 ? String(fields[key]) : `${key} ${fields[key]}`))
    .join(', ');
}

export const eventFields: Column<EventResponse>[] = [
  { header: 'Event', value: (e) => e.type },
  { header: 'Customer', value: (e) => describe(e.customer, ['id', 'source_id', 'email', 'name']) },
  { header: 'Referral', value: (e) => describe(e.referral, ['code', 'referrer_id']) },
  { header: 'Loyalty', value: (e) => describe(e.loyalty, ['code']) },
];

export default defineCommand({
  path: ['event', 'send'],
  summary: 'Send a custom event (defined in the project event schema) for a customer, or many with --input',
  description: INPUT_HELP,
  examples: [
    'promo event send purchase_completed --customer-source-id customer-42 -m order_id=ORD-1 -m total=129.9',
    'promo event send referral_conversion --customer-email ann@example.com --referral-code REF-8X2 --referrer-id customer-7',
    'promo event send newsletter_signup --customer \'{"source_id":"c-9","name":"Ann"}\' --dry-run',
    'echo \'{"customer":{"source_id":"c-1"}}\' | promo event send app_installed --body -',
    'promo event send purchase_completed --input orders.csv -m channel=import -o json | jq -c \'select(.status != "sent")\'',
  ],
  args,
  options,
  run: (input, rt) => run(parseEventSendOptions(input), rt),
});
