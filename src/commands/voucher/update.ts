// promo voucher update <code> [field options] [--body FILE|-] [--dry-run], or many with --input:
// the fields the service's update changes. The options are create's field table; the fields the
// service would skip silently are refused with the way they do change (see update-body.ts).
import {
  type CreateVoucherBody,
  type UpdateVoucherBody,
  updateVoucher,
  updateVoucherRequest,
  type Voucher,
} from '../../api/vouchers.js';
import { UsageError } from '../../base/errors.js';
import {
  BULK_HELP,
  type BulkAction,
  type BulkFlags,
  parseBulkFlags,
  runBulkInput,
} from '../../bulk/index.js';
import { readJsonObject } from '../../input/json-source.js';
import { printDryRun } from '../../output/dry-run.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineArgs, defineCommand, defineOptions, type Input } from '../../toolkit/define.js';
import { bulkOptions } from '../bulk-options.js';
import { checkCode } from './code.js';
import { mergeBody, warnIfExpired } from './fields/create-body.js';
import { csvColumnRoles, recordPatch } from './fields/create-input.js';
import { fieldOptions, fieldValues, omitFields } from './fields/create-options.js';
import { fieldsPatch } from './fields/field-patch.js';
import { refuseNotByUpdate, VOUCHER_FIELDS } from './fields/fields.js';
import { updateBody } from './fields/update-body.js';
import { withMissingHint } from './missing.js';
import { VOUCHER_CSV, voucherFields } from './voucher-view.js';

const args = defineArgs({ code: { help: 'voucher code (not with --input)', parse: checkCode } });

// The field table's options, but --code: it would collide with the argument, and a voucher keeps its code.
const FIELDS = omitFields(VOUCHER_FIELDS, ['code']);

const options = defineOptions({
  ...fieldOptions(FIELDS),
  body: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'JSON update body from a file, or - for stdin; flags override it',
  },
  input: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'many: NDJSON (code and fields a line) or CSV with a code column, or -',
  },
  ...bulkOptions,
  dryRun: { type: 'switch', help: 'print the request(s) that would be sent; send nothing' },
});

interface UpdateItem {
  code: string;
  body: UpdateVoucherBody;
}

async function run(input: Input<typeof args, typeof options>, rt: Runtime): Promise<number | undefined> {
  if (input.body === '-' && input.input === '-') {
    throw new UsageError('--body and --input cannot both read stdin: give one of them a file');
  }
  if (input.code !== undefined && input.input !== undefined) {
    throw new UsageError('give one voucher code, or --input for many, not both');
  }
  const bulk = parseBulkFlags(input);
  const values = fieldValues(input, FIELDS);
  // Options the service would skip are refused by name, before their values are even parsed.
  refuseNotByUpdate(Object.keys(values));
  const patch = fieldsPatch(values);
  const fromFile = input.body
    ? ((await readJsonObject(input.body, '--body', rt.ctx)) as CreateVoucherBody)
    : {};
  const base = mergeBody(fromFile, patch);
  if (input.input !== undefined) {
    await warnIfExpired(base, rt);
    return updateMany(base, input.input, bulk, input.dryRun, rt);
  }
  if (input.code === undefined)
    throw new UsageError('give the code of the voucher to update, or --input FILE|-');
  const body = updateBody(base);
  await warnIfExpired(body, rt);
  const client = await rt.client();
  if (input.dryRun) {
    await printDryRun(rt.out, await client.dryRun(updateVoucherRequest(input.code, body)));
    return undefined;
  }
  const code = input.code;
  const voucher = await withMissingHint(client, code, () => updateVoucher(client, code, body));
  rt.out.csvView = VOUCHER_CSV;
  await rt.out.record(voucher, voucherFields(rt.ctx.now()));
  if (!rt.out.isJson) await rt.out.success(`Updated voucher ${voucher.code}.`);
  return undefined;
}

/** One voucher a line: its code and the fields to change, over what the options set for all. */
function lineItem(base: CreateVoucherBody, patch: CreateVoucherBody): UpdateItem {
  const { code, ...fields } = patch;
  if (typeof code !== 'string') throw new UsageError('needs a code (the "code" field, or a code column)');
  return { code: checkCode(code, 'code'), body: updateBody(mergeBody(base, fields)) };
}

/** The same update twice leaves the voucher as once: a line whose answer was lost is sent again. */
export const updateAction: BulkAction<UpdateItem> = {
  status: 'updated',
  code: (item) => item.code,
  async send(client, item) {
    const voucher: Voucher = await updateVoucher(client, item.code, item.body);
    return { code: voucher.code, id: voucher.id };
  },
  request: (item) => updateVoucherRequest(item.code, item.body),
  repeatable: true,
};

function updateMany(
  base: CreateVoucherBody,
  input: string,
  bulk: BulkFlags,
  dryRun: boolean,
  rt: Runtime,
): Promise<number> {
  return runBulkInput(rt, {
    command: 'voucher update',
    input,
    read: { formats: ['ndjson', 'csv'] },
    columns: csvColumnRoles,
    prepare: (record, roles) => lineItem(base, recordPatch(record, roles)),
    action: updateAction,
    flags: bulk,
    dryRun,
  });
}

export default defineCommand({
  path: ['voucher', 'update'],
  summary: 'Change the fields of a voucher that the service lets an update change, or many with --input',
  description: `Update changes: category, dates, validity (timeframe, days, hours), active, additional info,
metadata, and a discount voucher's discount (--percent-off, --amount-off, --effect, ...). Money is
typed in currency units (10.50), as for create; --body takes the API's hundredths.
The service skips any other field without a word, so promo refuses them and says what changes
them instead: gift amounts and loyalty points go through the service's balance operation
(promo api POST /v1/vouchers/CODE/balance), the code and the campaign never change, and the
redemption quantity is set at create.
--input FILE|-: NDJSON, one {"code": ..., fields...} a line, or CSV with a code column and
columns named like the options; options given apply to every line.
${BULK_HELP}`,
  examples: [
    'promo voucher update SUMMER20 --expiration-date 2026-09-30 --metadata channel=email',
    'promo voucher update SUMMER20 --percent-off 25 --effect apply-to-order --dry-run',
    'promo voucher update SUMMER20 --body changes.json',
    'promo voucher update --input new-dates.csv --category autumn',
  ],
  args,
  options,
  run,
});
