// promo campaign delete <name|id> [--force] [--wait]: the campaign and its vouchers, to the bin or
// for good. The service deletes in the background (an async action); --wait follows it. Asks first
// on a terminal; without one it needs --yes.
import { deleteCampaign, deleteCampaignRequest, getCampaign } from '../../api/campaigns.js';
import { ApiError } from '../../base/errors.js';
import { printDryRun } from '../../output/dry-run.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand } from '../../toolkit/define.js';
import { confirmOrCancel } from '../confirm.js';
import { followJobs, jobOutcome } from '../shared/job-follow.js';
import { CAMPAIGN_ARG, withCampaignHint } from './ref.js';

interface DeleteFlags {
  campaign: string;
  force: boolean;
  wait: boolean;
  dryRun: boolean;
}

async function question(flags: DeleteFlags, rt: Runtime): Promise<string> {
  const { profile } = await rt.target();
  // The count makes the question honest; a campaign that cannot be read is asked about by name.
  let what = `campaign '${flags.campaign}'`;
  try {
    const found = await getCampaign(await rt.client(), flags.campaign);
    const count = found.vouchers_count;
    what = `campaign '${found.name}'${typeof count === 'number' ? ` and its ${count} voucher${count === 1 ? '' : 's'}` : ' and its vouchers'}`;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
  return flags.force
    ? `Permanently delete ${what} on profile '${profile}'? This cannot be undone.`
    : `Move ${what} to the bin on profile '${profile}'? --force would delete for good.`;
}

export async function run(flags: DeleteFlags, rt: Runtime): Promise<void> {
  const client = await rt.client();
  if (flags.dryRun)
    return printDryRun(rt.out, await client.dryRun(deleteCampaignRequest(flags.campaign, flags.force)));
  if (!rt.globals.yes) {
    // Without a terminal the refusal comes before any request, the read of the count included.
    if (!rt.interactive) await confirmOrCancel(rt, '');
    await confirmOrCancel(rt, await question(flags, rt));
  }
  const job = await deleteCampaign(client, flags.campaign, flags.force);
  if (!flags.wait) {
    if (rt.out.isJson) return rt.out.json({ campaign: flags.campaign, async_action_id: job });
    await rt.out.success(`Deleting campaign ${flags.campaign} (job ${job}).`);
    rt.out.notice(`Follow it with: promo job wait ${job}`);
    return;
  }
  const [action] = await followJobs([job], rt, 'deleting');
  if (rt.out.isJson) return rt.out.json(action);
  await rt.out.success(`Campaign ${flags.campaign}: ${jobOutcome(action!)}`);
}

export default defineCommand({
  path: ['campaign', 'delete'],
  aliases: ['rm'],
  summary: 'Delete a campaign and its vouchers: to the bin, or for good with --force (asks first)',
  description: `The service deletes a campaign in the background: promo prints the job's id, and --wait follows
it to its end. On a terminal promo asks first, naming how many vouchers go with it; without one
it needs --yes. Exit 3 when there is no such campaign, 8 when you decline.`,
  examples: [
    "promo campaign delete 'Summer Sale'",
    "promo campaign delete 'Old Promo' --force --dry-run",
    "promo campaign delete 'Old Promo' --force --yes --wait",
  ],
  args: CAMPAIGN_ARG,
  options: {
    force: { type: 'switch', help: 'delete for good (cannot be undone), not to the bin' },
    wait: { type: 'switch', help: 'follow the deletion job to its end' },
    dryRun: { type: 'switch', help: 'print the request that would be sent; send nothing' },
  },
  run: (flags, rt) => withCampaignHint(rt.client.bind(rt), flags.campaign, () => run(flags, rt)),
});
