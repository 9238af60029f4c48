// promo campaign update <name|id> [options]: change what a campaign lets an update change: its
// description, dates, joining rules, category and metadata. Its type and voucher shape stay.
import {
  CAMPAIGN_FIELDS,
  type UpdateCampaignBody,
  updateCampaign,
  updateCampaignRequest,
} from '../../api/campaigns.js';
import { UsageError } from '../../base/errors.js';
import { readJsonObject } from '../../input/json-source.js';
import { printDryRun } from '../../output/dry-run.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand, defineOptions, type Input } from '../../toolkit/define.js';
import { pickFields } from '../voucher/fields/create-options.js';
import { fieldsPatch } from '../voucher/fields/field-patch.js';
import { VOUCHER_FIELDS } from '../voucher/fields/fields.js';
import { campaignFields } from './campaign-view.js';
import { CAMPAIGN_ARG, withCampaignHint } from './ref.js';

const OWN_FIELDS = pickFields(VOUCHER_FIELDS, ['category', 'metadata', 'start-date', 'expiration-date']);

const options = defineOptions({
  description: { type: 'value', value: 'text', help: 'a new description' },
  startDate: { type: 'value', value: 'date', help: 'inactive before this ISO 8601 date or date-time' },
  expirationDate: { type: 'value', value: 'date', help: 'inactive after this ISO 8601 date or date-time' },
  joinOnce: {
    type: 'value',
    value: 'true|false',
    choices: ['true', 'false'],
    help: 'whether a customer joins only once',
  },
  autoJoin: {
    type: 'value',
    value: 'true|false',
    choices: ['true', 'false'],
    help: 'whether customers join by themselves',
  },
  category: { type: 'value', value: 'name', help: 'a new category' },
  metadata: {
    type: 'list',
    value: 'key=text|key:=json',
    help: 'repeatable; sets these keys (the others stay)',
  },
  body: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'JSON update body from a file, or - for stdin; the options override it',
  },
  dryRun: { type: 'switch', help: 'print the request that would be sent; send nothing' },
});

type Flags = Input<typeof CAMPAIGN_ARG, typeof options>;

export async function buildUpdateBody(flags: Flags, rt: Runtime): Promise<UpdateCampaignBody> {
  const base = flags.body ? await readJsonObject(flags.body, '--body', rt.ctx) : {};
  const patch = fieldsPatch(
    {
      category: flags.category,
      metadata: flags.metadata,
      'start-date': flags.startDate,
      'expiration-date': flags.expirationDate,
    },
    undefined,
    OWN_FIELDS,
  );
  const body: UpdateCampaignBody = { ...(base as UpdateCampaignBody), ...(patch as UpdateCampaignBody) };
  if (flags.description !== undefined) body.description = flags.description;
  if (flags.joinOnce !== undefined) body.join_once = flags.joinOnce === 'true';
  if (flags.autoJoin !== undefined) body.auto_join = flags.autoJoin === 'true';
  if (Object.keys(body).length === 0)
    throw new UsageError(
      'nothing to change: give --description, --start-date, --expiration-date, --join-once, --auto-join, --category, --metadata or --body',
    );
  return body;
}

export default defineCommand({
  path: ['campaign', 'update'],
  fields: CAMPAIGN_FIELDS,
  summary: "Change a campaign's description, dates, joining rules, category or metadata",
  description: `Only what is given changes. A campaign's type and the shape of its vouchers cannot be changed
by an update; --metadata sets the keys given and keeps the others. --dry-run prints the request.`,
  examples: [
    "promo campaign update 'Summer Sale' --expiration-date 2026-09-30",
    "promo campaign update 'Summer Sale' --metadata owner=growth --join-once true",
  ],
  args: CAMPAIGN_ARG,
  options,
  run: (flags, rt) =>
    withCampaignHint(rt.client.bind(rt), flags.campaign, async () => {
      const body = await buildUpdateBody(flags, rt);
      const client = await rt.client();
      if (flags.dryRun)
        return printDryRun(rt.out, await client.dryRun(updateCampaignRequest(flags.campaign, body)));
      const updated = await updateCampaign(client, flags.campaign, body);
      await rt.out.record(updated, campaignFields(rt.ctx.now()));
      if (!rt.out.isJson) await rt.out.success(`Updated campaign ${updated.name}.`);
    }),
});
