// promo campaign enable|disable <name|id>: switch a campaign on or off (its vouchers can be
// redeemed only while it is on). The service answers an empty object; the campaign is read back
// to show it. Setting a state twice does no harm.
import { CAMPAIGN_FIELDS, getCampaign, switchCampaign, switchCampaignRequest } from '../../api/campaigns.js';
import { printDryRun } from '../../output/dry-run.js';
import { type AnyCommand, defineCommand } from '../../toolkit/define.js';
import { campaignFields } from './campaign-view.js';
import { CAMPAIGN_ARG, withCampaignHint } from './ref.js';

function switchCommand(on: boolean): AnyCommand {
  const verb = on ? 'enable' : 'disable';
  return defineCommand({
    path: ['campaign', verb],
    fields: CAMPAIGN_FIELDS,
    summary: on
      ? 'Switch a campaign on: its vouchers can be redeemed again'
      : 'Switch a campaign off: none of its vouchers can be redeemed until it is enabled',
    examples: [
      `promo campaign ${verb} 'Summer Sale'`,
      `promo campaign ${verb} camp_Qvxqkkgs0YKdUbKA8tLICtdS --json`,
    ],
    args: CAMPAIGN_ARG,
    options: { dryRun: { type: 'switch', help: 'print the request that would be sent; send nothing' } },
    run: ({ campaign, dryRun }, rt) =>
      withCampaignHint(rt.client.bind(rt), campaign, async () => {
        const client = await rt.client();
        if (dryRun) return printDryRun(rt.out, await client.dryRun(switchCampaignRequest(campaign, on)));
        await switchCampaign(client, campaign, on);
        const now = await getCampaign(client, campaign);
        await rt.out.record(now, campaignFields(rt.ctx.now()));
        if (!rt.out.isJson) await rt.out.success(`Campaign ${now.name} ${on ? 'enabled' : 'disabled'}.`);
      }),
  });
}

export const enable = switchCommand(true);
export const disable = switchCommand(false);
