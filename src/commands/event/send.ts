// promo event send <event-name>: one custom event from flags and/or a JSON body (flags win), or
// many with --input (see send-input.ts).
import { Command } from 'commander';
import { type EventResponse, sendEvent, sendEventRequest } from '../../api/events.js';
import { type App, examples } from '../../app.js';
import { parseSkip } from '../../bulk/index.js';
import { UsageError } from '../../errors.js';
import { expectObject, readInlineOrFileJson, readJsonObject } from '../../input/json-source.js';
import { parseMetadata } from '../../input/metadata.js';
import { printDryRun } from '../../output/dry-run.js';
import type { Column } from '../../output/table.js';
import type { Runtime } from '../../runtime.js';
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
  skip: number;
  dryRun: boolean;
}

export interface EventSendFlags {
  customerSourceId?: string;
  customerId?: string;
  customerEmail?: string;
  customerName?: string;
  customer?: string;
  referralCode?: string;
  referrerId?: string;
  loyaltyCard?: string;
  metadata?: string[];
  body?: string;
  input?: string;
  skip?: string;
  dryRun?: boolean;
}

const NON_EMPTY: Array<[keyof EventSendFlags, string]> = [
  ['customerSourceId', '--customer-source-id'],
  ['customerId', '--customer-id'],
  ['customerEmail', '--customer-email'],
  ['customerName', '--customer-name'],
  ['referralCode', '--referral-code'],
  ['referrerId', '--referrer-id'],
  ['loyaltyCard', '--loyalty-card'],
];

/** Everything the flags alone can tell is checked here; the rest once --body is read, still before sending. */
export function parseEventSendOptions(name: string | undefined, flags: EventSendFlags): EventSendOptions {
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
  if (flags.skip !== undefined && flags.input === undefined) throw new UsageError('--skip goes with --input');
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
    skip: parseSkip(flags.skip),
    dryRun: flags.dryRun === true,
  };
}

export async function run(options: EventSendOptions, rt: Runtime): Promise<number | undefined> {
  const { bodySource, customerSource, inputSource, skip, dryRun, ...parts } = options;
  const base = bodySource === undefined ? {} : await readJsonObject(bodySource, '--body', rt.ctx.stdin);
  const customer =
    customerSource === undefined
      ? undefined
      : expectObject(
          await readInlineOrFileJson(customerSource, '--customer', rt.ctx.stdin),
          '--customer',
          'the value',
        );
  const shared = mergeEvent(base, flagsPart({ ...parts, customer }), '--body: ');
  if (inputSource !== undefined) return sendMany(shared, inputSource, { skip, dryRun }, rt);

  const body = checkEventBody(shared, '--body: ');
  const client = await rt.client();
  if (dryRun) {
    await printDryRun(rt, await client.dryRun(sendEventRequest(body)));
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

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function sendCommand(app: App): Command {
  return new Command('send')
    .description(
      'Send a custom event (defined in the project event schema) for a customer, or many with --input',
    )
    .argument('[event-name]', 'name of the custom event, 1 to 300 characters, e.g. purchase_completed')
    .option('--customer-source-id <id>', "the customer's id in your systems")
    .option('--customer-id <id>', "the service's customer id (cust_...)")
    .option('--customer-email <email>', "the customer's email")
    .option('--customer-name <name>', "the customer's name")
    .option('--customer <json>', 'the whole customer object as JSON, or @FILE, or @- (the flags above win)')
    .option('--referral-code <code>', 'referral code, when the event converts a referral')
    .option('--referrer-id <id>', 'source id of the referrer (needs --referral-code)')
    .option('--loyalty-card <code>', 'loyalty card the event is attributed to (earning rules)')
    .option(
      '-m, --metadata <key=value>',
      'event metadata; values are typed as JSON where they parse (repeatable)',
      collect,
    )
    .option(
      '--body <file>',
      'the whole request as JSON from FILE, or - for stdin (flags override its fields)',
    )
    .option('--input <file>', 'many events: NDJSON or CSV file, or - for stdin')
    .option('--skip <n>', 'with --input: leave out the first N events (to resume a run)')
    .option('--dry-run', 'print the request that would be sent, and send nothing')
    .addHelpText(
      'after',
      `${INPUT_HELP}
${examples(
  'promo event send purchase_completed --customer-source-id customer-42 -m order_id=ORD-1 -m total=129.9',
  'promo event send referral_conversion --customer-email ann@example.com --referral-code REF-8X2 --referrer-id customer-7',
  'promo event send newsletter_signup --customer \'{"source_id":"c-9","name":"Ann"}\' --dry-run',
  'echo \'{"customer":{"source_id":"c-1"}}\' | promo event send app_installed --body -',
  'promo event send purchase_completed --input orders.csv -m channel=import -o json | jq -c "select(.ok|not)"',
)}`,
    )
    .action(
      app.action<EventSendFlags>(async (rt, flags, [name]) =>
        run(parseEventSendOptions(name as string | undefined, flags), rt),
      ),
    );
}
