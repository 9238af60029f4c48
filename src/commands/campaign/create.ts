// promo campaign create <name> [voucher options] [--vouchers-count N] [code options] [--wait]:
// a campaign whose vouchers are made from the options (what each is worth, its limits, how its
// code looks). The service generates the codes in the background; --wait follows that to its end.
// Everything is checked before anything is sent (exit 2, nothing sent).

import { codeSpace, MAX_VOUCHERS_COUNT } from 'promo-sandbox/facts/code-space';
import {
  CAMPAIGN_TYPE_OF,
  type CampaignVoucherBody,
  type CreateCampaignBody,
  createCampaign,
  createCampaignRequest,
  quoted,
} from '../../api/campaigns.js';
import type { CreateVoucherBody, VoucherType } from '../../api/vouchers.js';
import { UsageError } from '../../base/errors.js';
import { isObject } from '../../base/json.js';
import { readJsonObject } from '../../input/json-source.js';
import { printDryRun } from '../../output/dry-run.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand, defineOptions, type Input } from '../../toolkit/define.js';
import { finalizeBody, warnIfExpired } from '../voucher/fields/create-body.js';
import { validateCreateBody } from '../voucher/fields/create-validate.js';
import { fieldsPatch } from '../voucher/fields/field-patch.js';
import { campaignFields } from './campaign-view.js';
import { CAMPAIGN_VOUCHER_FIELDS, campaignFieldOptions, campaignFieldValues, nameOf } from './fields.js';
import { waitForCodes } from './generation.js';
import { checkCampaign } from './ref.js';

const args = { name: { help: 'campaign name (unique in the project)', required: true } } as const;

const options = defineOptions({
  ...campaignFieldOptions(),
  vouchersCount: {
    type: 'value',
    value: 'n',
    help: `how many codes the service generates for it, 1 to ${MAX_VOUCHERS_COUNT.toLocaleString('en-US')}`,
    group: 'Code:',
  },
  description: { type: 'value', value: 'text', help: 'a description of the campaign' },
  joinOnce: { type: 'switch', help: 'a customer can join the campaign only once (one voucher each)' },
  autoJoin: { type: 'switch', help: 'customers join by themselves (loyalty programs with earning rules)' },
  body: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'JSON create body from a file, or - for stdin; the options override its fields',
  },
  wait: { type: 'switch', help: 'follow the generation of the codes to its end, with progress' },
  dryRun: { type: 'switch', help: 'print the request that would be sent; send nothing' },
});

type Flags = Input<typeof args, typeof options>;

function wholeCount(text: string): number {
  const n = /^\s*\d{1,7}\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= 1 && n <= MAX_VOUCHERS_COUNT))
    throw new UsageError(
      `--vouchers-count must be a whole number from 1 to ${MAX_VOUCHERS_COUNT.toLocaleString('en-US')}, not '${text}'`,
    );
  return n;
}

function checkCodeConfig(voucher: CreateVoucherBody, count: number | undefined): void {
  const config = isObject(voucher.code_config) ? voucher.code_config : undefined;
  if (typeof config?.pattern === 'string' && !config.pattern.includes('#'))
    throw new UsageError(`${nameOf('pattern')} must contain # (each # becomes a random character)`);
  if (count === undefined) return;
  const space = codeSpace(config);
  if (space < count) {
    const what =
      typeof config?.pattern === 'string' ? `${nameOf('pattern')} '${config.pattern}'` : 'the code config';
    throw new UsageError(
      `${what} can make only ${space.toLocaleString('en-US')} different codes, and --vouchers-count asks for ${count.toLocaleString('en-US')}`,
      'Add # to the pattern, raise --code-length or widen --charset.',
    );
  }
}

/** The request body: --body first, the options over it; the voucher part checked like a voucher. */
export async function buildCampaignBody(flags: Flags, rt: Runtime): Promise<CreateCampaignBody> {
  const name = checkCampaign(flags.name, 'NAME');
  const count = flags.vouchersCount === undefined ? undefined : wholeCount(flags.vouchersCount);
  const base = flags.body ? await readJsonObject(flags.body, '--body', rt.ctx) : {};
  const patch = fieldsPatch(campaignFieldValues(flags), nameOf, CAMPAIGN_VOUCHER_FIELDS);
  // The voucher of --body, with the campaign-level fields of either source read as a voucher's.
  const baseVoucher = isObject(base.voucher) ? (base.voucher as CreateVoucherBody) : {};
  const voucher = finalizeBody(
    { ...baseVoucher, ...patch, code_config: mergedConfig(baseVoucher, patch) },
    true,
  );
  if (voucher.type === undefined) {
    throw new UsageError(
      '--type is required: discount, gift or loyalty (or the options that imply it: --percent-off, --amount-off, --gift-amount, --points…)',
    );
  }
  checkCodeConfig(
    voucher,
    count ?? (typeof base.vouchers_count === 'number' ? base.vouchers_count : undefined),
  );
  validateCreateBody(voucher, true);
  const type = voucher.type as VoucherType;
  const parts: Record<string, unknown> = { type };
  for (const part of ['discount', 'gift', 'loyalty_card', 'redemption', 'code_config'] as const)
    if (voucher[part] !== undefined) parts[part] = voucher[part];
  const template = parts as unknown as CampaignVoucherBody;
  const body: CreateCampaignBody = {
    ...(base as Partial<CreateCampaignBody>),
    name,
    campaign_type: CAMPAIGN_TYPE_OF[type],
    type: (base.type as CreateCampaignBody['type']) ?? 'AUTO_UPDATE',
    voucher: template,
  };
  const own = {
    vouchers_count: count,
    description: flags.description,
    start_date: patch.start_date,
    expiration_date: patch.expiration_date,
    validity_timeframe: patch.validity_timeframe,
    validity_day_of_week: patch.validity_day_of_week,
    validity_hours: patch.validity_hours,
    category: patch.category,
    metadata: patch.metadata
      ? { ...(isObject(base.metadata) ? base.metadata : {}), ...patch.metadata }
      : undefined,
    join_once: flags.joinOnce || undefined,
    auto_join: flags.autoJoin || undefined,
  };
  for (const [field, value] of Object.entries(own)) if (value !== undefined) body[field] = value;
  return body;
}

function mergedConfig(base: CreateVoucherBody, patch: CreateVoucherBody): CreateVoucherBody['code_config'] {
  if (!isObject(base.code_config)) return patch.code_config;
  if (!patch.code_config) return base.code_config;
  return { ...base.code_config, ...patch.code_config };
}

export async function run(flags: Flags, rt: Runtime): Promise<void> {
  const body = await buildCampaignBody(flags, rt);
  await warnIfExpired(body as CreateVoucherBody, rt);
  const client = await rt.client();
  if (flags.dryRun) return printDryRun(rt.out, await client.dryRun(createCampaignRequest(body)));
  const { campaign: created, requestId } = await createCampaign(client, body);
  const campaign = flags.wait ? await waitForCodes(created, rt, requestId) : created;
  await rt.out.record(campaign, campaignFields(rt.ctx.now()));
  if (rt.out.isJson) return;
  const codes = campaign.vouchers_count ?? 0;
  await rt.out.success(
    `Created campaign ${campaign.name}${codes ? ` with ${codes.toLocaleString('en-US')} codes` : ''}.`,
  );
  if (!flags.wait && campaign.vouchers_generation_status === 'IN_PROGRESS')
    rt.out.notice(
      `The service is generating its codes: promo campaign get ${quoted(campaign.name)} shows when they are done (or create with --wait).`,
    );
}

export default defineCommand({
  path: ['campaign', 'create'],
  summary: 'Create a campaign of discount codes, gift cards or loyalty cards, with N generated codes',
  description: `The options describe each voucher of the campaign, as for voucher create: --type and its value
(--percent-off, --amount-off, --gift-amount, --points, …), --redemption-quantity, the dates and
validity, and how codes look: --code-pattern (each # a random character, e.g. SUMMER-####),
or --code-length with --code-prefix/--code-postfix and --charset (default: 8 letters and digits).
Money is typed in currency units (10.50). --metadata, --category and the dates are the campaign's.

--vouchers-count N asks the service to generate N codes. It makes them in the background: the
campaign comes back at once with its generation in progress; --wait follows it to the end with a
progress line (Ctrl-C stops the waiting, not the generation). A pattern too small for N codes is
refused before anything is sent. The campaign is AUTO_UPDATE: campaign add-vouchers and campaign
import add more later.

A create is not repeated when its answer is lost (no idempotency key): the name is unique, so
promo campaign get NAME says whether it was made.`,
  examples: [
    "promo campaign create 'Autumn Sale' --percent-off 20 --vouchers-count 500 --code-pattern 'AUTUMN-####-####' --wait",
    "promo campaign create 'Gift 50' --type gift --gift-amount 50 --vouchers-count 1000 --expiration-date 2026-12-31",
    "promo campaign create 'Club' --type loyalty --points 0 --auto-join --code-prefix CLUB- --code-length 10",
    "promo campaign create 'Test' --amount-off 5 --vouchers-count 10 --dry-run",
  ],
  args,
  options,
  run: (flags, rt) => run(flags, rt),
});
