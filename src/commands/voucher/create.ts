// promo voucher create [options]: one voucher from flags and/or --body, or many with --input.
// Every body is checked whole before anything is sent (exit 2, nothing sent).
import { type CreateVoucherBody, createVoucher, createVoucherRequest } from '../../api/vouchers.js';
import { UsageError } from '../../base/errors.js';
import { BULK_HELP, type BulkFlags, parseBulkFlags, runBulkInput } from '../../bulk/index.js';
import { readJsonObject } from '../../input/json-source.js';
import { printDryRun } from '../../output/dry-run.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand, defineOptions, type OptionValues } from '../../toolkit/define.js';
import { bulkOptions } from '../bulk-options.js';
import { createAction, createSkippingExisting } from './bulk-actions.js';
import { finalizeBody, mergeBody, warnIfExpired } from './fields/create-body.js';
import { csvColumnRoles, recordPatch } from './fields/create-input.js';
import { fieldOptions, fieldValues } from './fields/create-options.js';
import { validateCreateBody } from './fields/create-validate.js';
import { fieldsPatch } from './fields/field-patch.js';
import { VOUCHER_FIELDS } from './fields/fields.js';
import { withTakenHint } from './missing.js';
import { VOUCHER_CSV, voucherFields } from './voucher-view.js';

export interface CreateOptions {
  /** What the flags set, over --body. */
  patch: CreateVoucherBody;
  bodySource?: string;
  inputSource?: string;
  bulk: BulkFlags;
  dryRun: boolean;
  /** --skip-existing: a line whose code exists with the same fields is skipped. */
  skipExisting: boolean;
}

export function parseCreateOptions(flags: OptionValues<typeof options>): CreateOptions {
  if (flags.body === '-' && flags.input === '-') {
    throw new UsageError('--body and --input cannot both read stdin: give one of them a file');
  }
  if (flags.skipExisting && flags.input === undefined)
    throw new UsageError('--skip-existing goes with --input: for one voucher, a 409 already says it exists');
  return {
    skipExisting: flags.skipExisting,
    bulk: parseBulkFlags(flags),
    patch: fieldsPatch(fieldValues(flags, VOUCHER_FIELDS)),
    bodySource: flags.body,
    inputSource: flags.input,
    dryRun: flags.dryRun,
  };
}

/** One body, ready to send: --body, the flags over it, defaults filled in, checked. */
export function buildBody(
  base: CreateVoucherBody,
  patch: CreateVoucherBody,
  patchOwned = false,
): CreateVoucherBody {
  const body = finalizeBody(mergeBody(base, patch, patchOwned), true);
  validateCreateBody(body);
  return body;
}

export async function run(options: CreateOptions, rt: Runtime): Promise<number | undefined> {
  const fromFile = options.bodySource
    ? ((await readJsonObject(options.bodySource, '--body', rt.ctx)) as CreateVoucherBody)
    : {};
  const base = mergeBody(fromFile, options.patch);
  if (options.inputSource) {
    await warnIfExpired(base, rt);
    return createMany(base, options.inputSource, options, rt);
  }
  const body = buildBody(base, {});
  await warnIfExpired(body, rt);
  const client = await rt.client();
  if (options.dryRun) {
    await printDryRun(rt.out, await client.dryRun(createVoucherRequest(body)));
    return undefined;
  }
  const voucher = await withTakenHint(client, body.code, () => createVoucher(client, body));
  rt.out.csvView = VOUCHER_CSV;
  await rt.out.record(voucher, voucherFields(rt.ctx.now()));
  if (!rt.out.isJson) await rt.out.success(`Created voucher ${voucher.code}.`);
  return undefined;
}

function createMany(
  base: CreateVoucherBody,
  input: string,
  options: CreateOptions,
  rt: Runtime,
): Promise<number> {
  return runBulkInput(rt, {
    command: 'voucher create',
    input,
    read: { formats: ['ndjson', 'csv'] },
    columns: csvColumnRoles,
    // Each line's patch is fresh (parsed from the line), its own to give.
    prepare: (record, roles) => buildBody(base, recordPatch(record, roles), true),
    action: options.skipExisting ? createSkippingExisting : createAction,
    flags: options.bulk,
    dryRun: options.dryRun,
    importAdvice: true,
  });
}

const HELP = `
Money is typed in currency units, with at most 2 decimals: --amount-off 10.50 is sent as 1050
(the API counts hundredths); --body and NDJSON lines use the API's hundredths as they are.

The voucher type follows from the values when --type is not given: --percent-off, --amount-off,
--unit-off/--unit or --fixed-amount make a discount, --gift-amount a gift card. A gift card needs
--code or a code config.

--campaign NAME (or --campaign-id) adds the voucher to that campaign through the campaign's own
route: its type, value and validity are the campaign's, so they are not given here; what the
voucher sets itself is --code (else the campaign's code config makes one), --category,
--metadata, --redemption-quantity, --additional-info and the dates. A loyalty card is made this
way, in its loyalty program.

Dates: ISO 8601. A date alone means 00:00:00 UTC for --start-date and 23:59:59 UTC for
--expiration-date; a time without an offset is UTC.
Days: 0 = Sunday … 6 = Saturday, or sun..sat, ranges (mon-fri), lists (1,3,5), daily.
Validity hours: DAYS@HH:mm-HH:mm, one period per --validity-hours, e.g. mon-fri@09:00-17:00
and sat,sun@10:00-14:00; an end not after the start runs past midnight (fri@22:00-02:00).
Periods must not overlap.
Units: --unit PRODUCT:COUNT[:EFFECT], effect new (ADD_NEW_ITEMS, default) or missing.

--body FILE|- is a whole create body as the API has it; flags override its fields.
--input FILE|- creates one voucher per NDJSON line (a body, like --body) or CSV row. CSV columns
are option names (code, type, percent-off, gift-amount, …: values typed as on the command line),
metadata.KEY, or the JSON fields discount, gift, loyalty_card, code_config, validity_timeframe,
redemption; several values of a repeatable option go in one cell separated by ';'. The options
given on the command line apply to every line, under the line's own values. A line that names
its code is read back when its answer was lost; one without a code then stays unknown.
${BULK_HELP}
`;

const options = defineOptions({
  ...fieldOptions(VOUCHER_FIELDS),
  body: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'JSON create body from a file, or - for stdin; flags override it',
  },
  input: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'many vouchers: NDJSON or CSV file, or - for stdin',
  },
  ...bulkOptions,
  skipExisting: {
    type: 'switch',
    group: 'Bulk runs (with --input):',
    help: 'a line whose code exists with the same fields is skipped (different fields: failed)',
  },
  dryRun: { type: 'switch', help: 'print the request(s) that would be sent; send nothing' },
});

export default defineCommand({
  path: ['voucher', 'create'],
  summary: 'Create a voucher (discount, gift card or loyalty card), or many with --input',
  description: HELP,
  examples: [
    'promo voucher create --type discount --percent-off 20 --amount-limit 50',
    'promo voucher create --amount-off 10.50 --code WELCOME10 --expiration-date 2026-12-31',
    'promo voucher create --type gift --gift-amount 25 --pattern "GIFT-####-####"',
    'promo voucher create --campaign "Loyalty Club" --metadata member=anna',
    'promo voucher create --unit prod_a:1 --unit prod_b:2:missing --validity-hours mon-fri@09:00-17:00',
    'promo voucher create --body voucher.json --inactive --metadata channel=email --dry-run',
    'promo voucher create --input new-summer.csv --campaign "Summer Sale" --concurrency 8 --results create-run.ndjson',
    'promo voucher create --input new-summer.csv --campaign "Summer Sale" --resume create-run.ndjson',
  ],
  options,
  run: (input, rt) => run(parseCreateOptions(input), rt),
});
