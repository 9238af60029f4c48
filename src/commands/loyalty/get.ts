// promo loyalty get <program>: one loyalty program, as campaign get shows a campaign.
import { CAMPAIGN_FIELDS } from '../../api/campaigns.js';
import { getProgram } from '../../api/loyalties.js';
import { defineCommand } from '../../toolkit/define.js';
import { campaignFields } from '../campaign/campaign-view.js';
import { PROGRAM_ARG, withProgramHint } from './refs.js';

export default defineCommand({
  path: ['loyalty', 'get'],
  fields: CAMPAIGN_FIELDS,
  aliases: ['show'],
  summary: 'Show one loyalty program, by name or id',
  description: `On a terminal: a card with the program's name, its cards' points, how many members it has,
status and dates. -o json: the service's campaign object. A program that does not exist (or a
campaign of another kind) is exit 3, with the names close to it.`,
  examples: [
    "promo loyalty get 'Loyalty Club'",
    "promo loyalty get 'Loyalty Club' -o json | jq .vouchers_count",
  ],
  args: PROGRAM_ARG,
  run: ({ program }, rt) =>
    withProgramHint(rt.client.bind(rt), program, async () => {
      const found = await getProgram(await rt.client(), program);
      await rt.out.record(found, campaignFields(rt.ctx.now()));
    }),
});
