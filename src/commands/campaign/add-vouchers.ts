// promo campaign add-vouchers <name|id> (--count N | --code C...): vouchers made by the campaign
// (its type, value and code config), N generated ones or the codes given. The service answers
// one voucher at once, and a job for several; --wait follows that job.
import type { AsyncAction } from '../../api/async-actions.js';
import {
  addVoucher,
  addVoucherRequest,
  addVouchers,
  addVouchersRequest,
  type CampaignVoucherFields,
} from '../../api/campaigns.js';
import type { Voucher } from '../../api/vouchers.js';
import { ExitCode, UsageError } from '../../base/errors.js';
import { runBulk } from '../../bulk/index.js';
import { printDryRun } from '../../output/dry-run.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand, defineOptions, type Input } from '../../toolkit/define.js';
import { followJobs, jobOutcome } from '../shared/job-follow.js';
import { checkCode } from '../voucher/code.js';
import { fieldOptions, fieldValues, pickFields } from '../voucher/fields/create-options.js';
import { fieldsPatch } from '../voucher/fields/field-patch.js';
import { VOUCHER_FIELDS } from '../voucher/fields/fields.js';
import { VOUCHER_CSV, voucherFields } from '../voucher/voucher-view.js';
import { CAMPAIGN_ARG, withCampaignHint } from './ref.js';

/** The most vouchers one request adds. */
export const MAX_ADD_COUNT = 100_000;

/** The fields a voucher of a campaign keeps of its own. */
const OWN_FIELDS = pickFields(VOUCHER_FIELDS, [
  'category',
  'additional-info',
  'redemption-quantity',
  'metadata',
  'start-date',
  'expiration-date',
]);

const options = defineOptions({
  count: {
    type: 'value',
    value: 'n',
    help: `how many vouchers to generate, 1 to ${MAX_ADD_COUNT.toLocaleString('en-US')}`,
  },
  code: { type: 'list', value: 'code', help: 'a code of your own (repeatable)' },
  ...fieldOptions(OWN_FIELDS),
  wait: { type: 'switch', help: 'with --count: follow the job to its end, with progress' },
  dryRun: { type: 'switch', help: 'print the request(s) that would be sent; send nothing' },
});

type Flags = Input<typeof CAMPAIGN_ARG, typeof options>;

function ownFields(flags: Flags): CampaignVoucherFields {
  return fieldsPatch(fieldValues(flags, OWN_FIELDS), undefined, OWN_FIELDS) as CampaignVoucherFields;
}

export async function run(flags: Flags, rt: Runtime): Promise<number> {
  const codes = (flags.code ?? []).map((c) => checkCode(c, '--code'));
  if ((flags.count === undefined) === (codes.length === 0))
    throw new UsageError('give --count N (generated codes) or --code C (your own), one of them');
  const count = flags.count === undefined ? undefined : wholeCount(flags.count);
  if (flags.wait && count === undefined)
    throw new UsageError('--wait follows the job of --count: leave it out with --code');
  const fields = ownFields(flags);
  const client = await rt.client();
  const { campaign } = flags;
  if (flags.dryRun) {
    const requests =
      count !== undefined
        ? [count === 1 ? addVoucherRequest(campaign, fields) : addVouchersRequest(campaign, count, fields)]
        : codes.map((c) => addVoucherRequest(campaign, fields, c));
    for (const request of requests) await printDryRun(rt.out, await client.dryRun(request));
    return ExitCode.ok;
  }
  if (count === 1) return printOne(await addVoucher(client, campaign, fields), rt);
  if (count !== undefined) {
    const added = await addVouchers(client, campaign, count, fields);
    if ('voucher' in added) return printOne(added.voucher, rt);
    return followOrTell(added.job, flags.wait, rt);
  }
  if (codes.length === 1) return printOne(await addVoucher(client, campaign, fields, codes[0]), rt);
  const report = await runBulk<string, Voucher>(rt, {
    items: [...new Set(codes)].map((code) => ({ label: code, payload: code })),
    send: (code) => addVoucher(client, campaign, fields, code),
    describe: () => `added to ${campaign}`,
    noun: ['voucher', 'vouchers'],
    done: 'added',
  });
  return report.exitCode;
}

function wholeCount(text: string): number {
  const n = /^\s*\d{1,6}\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= 1 && n <= MAX_ADD_COUNT))
    throw new UsageError(
      `--count must be a whole number from 1 to ${MAX_ADD_COUNT.toLocaleString('en-US')}, not '${text}'`,
    );
  return n;
}

async function printOne(voucher: Voucher, rt: Runtime): Promise<number> {
  rt.out.csvView = VOUCHER_CSV;
  await rt.out.record(voucher, voucherFields(rt.ctx.now()));
  if (!rt.out.isJson)
    await rt.out.success(`Added voucher ${voucher.code} to ${voucher.campaign ?? 'the campaign'}.`);
  return ExitCode.ok;
}

async function followOrTell(job: string, wait: boolean, rt: Runtime): Promise<number> {
  if (!wait) {
    if (rt.out.isJson) await rt.out.json({ async_action_id: job });
    else await rt.out.success(`Generating the vouchers (job ${job}).`);
    rt.out.notice(`Follow it with: promo job wait ${job}`);
    return ExitCode.ok;
  }
  const [action] = (await followJobs([job], rt, 'adding')) as [AsyncAction];
  if (rt.out.isJson) await rt.out.json(action);
  else await rt.out.success(jobOutcome(action));
  return action.status === 'FAILED' ? ExitCode.partial : ExitCode.ok;
}

export default defineCommand({
  path: ['campaign', 'add-vouchers'],
  summary: 'Add vouchers to a campaign: N generated by its code config, or codes of your own',
  description: `The new vouchers take the campaign's type, value and code config; --category, --metadata, the
dates, --redemption-quantity and --additional-info are their own. --count 1 and --code answer
the voucher; a larger --count is a job on the service (--wait follows it). A code added twice
is refused by the service (409). Adding generated codes is not repeated when its answer is lost.`,
  examples: [
    "promo campaign add-vouchers 'Summer Sale' --count 500 --wait",
    "promo campaign add-vouchers 'Summer Sale' --code VIP-ANNA --code VIP-BOB",
    "promo campaign add-vouchers 'Gift 50' --count 1 --metadata batch=store-12 --json | jq -r .code",
  ],
  args: CAMPAIGN_ARG,
  options,
  run: (flags, rt) => withCampaignHint(rt.client.bind(rt), flags.campaign, () => run(flags, rt)),
});
