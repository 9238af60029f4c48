// promo campaign get <name|id>: one campaign, as a card on a terminal or the service's object.
import { CAMPAIGN_FIELDS, getCampaign } from '../../api/campaigns.js';
import { defineCommand } from '../../toolkit/define.js';
import { campaignFields } from './campaign-view.js';
import { CAMPAIGN_ARG, withCampaignHint } from './ref.js';

export default defineCommand({
  path: ['campaign', 'get'],
  fields: CAMPAIGN_FIELDS,
  aliases: ['show'],
  summary: 'Show one campaign, by name or id: kind, value, vouchers, status, dates',
  description: `On a terminal: a card with the name, kind, what each voucher is worth, how many vouchers it
holds and whether their generation is done, the code pattern, status (active, inactive, not
started, expired), dates, metadata and the validation rules assigned to it, in words. With -o json: the service's campaign object, unchanged.
Exit 3 when there is no such campaign.`,
  examples: [
    "promo campaign get 'Summer Sale'",
    'promo campaign get camp_Qvxqkkgs0YKdUbKA8tLICtdS -o json | jq .vouchers_count',
  ],
  args: CAMPAIGN_ARG,
  run: ({ campaign }, rt) =>
    withCampaignHint(rt.client.bind(rt), campaign, async () => {
      const found = await getCampaign(await rt.client(), campaign);
      // Only for a person's card (see voucher get): loaded only then.
      const rules =
        rt.out.isJson || rt.out.isShaped
          ? []
          : await (await import('../shared/assigned-rules.js')).rulesRow<typeof found>(rt, [
              {
                id: found.id,
                assignments: (found as { validation_rules_assignments?: unknown })
                  .validation_rules_assignments,
              },
            ]);
      await rt.out.record(found, [...campaignFields(rt.ctx.now()), ...rules]);
    }),
});
