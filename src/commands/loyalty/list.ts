// promo loyalty list: the loyalty programs (campaigns of type LOYALTY_PROGRAM), one page or --all.
import { MAX_PAGE } from 'promo-sandbox/facts/lists';
import type { Campaign } from '../../api/campaigns.js';
import { CAMPAIGN_FIELDS } from '../../api/campaigns.js';
import { listPrograms } from '../../api/loyalties.js';
import { printPagedList } from '../../output/paging.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { campaignListColumns } from '../campaign/campaign-view.js';
import { pagedListOptions, parsePage, parsePagingFlags } from '../paging.js';

const options = defineOptions({ ...pagedListOptions('programs', 'every program, page after page') });

export default defineCommand({
  path: ['loyalty', 'list'],
  fields: CAMPAIGN_FIELDS,
  aliases: ['ls'],
  summary: 'List the loyalty programs',
  description: `A loyalty program is a campaign of type LOYALTY_PROGRAM: its members hold its loyalty cards.
-o json: the service's campaign objects.`,
  examples: ['promo loyalty list', 'promo loyalty list --all -o json | jq -r ".[].name"'],
  options,
  run: async (flags, rt) => {
    const paging = parsePagingFlags(flags);
    const first = parsePage(flags);
    const client = await rt.client();
    const limit = paging.limit ?? (paging.all ? 100 : 10);
    await printPagedList<Campaign>(rt.out, {
      all: paging.all,
      raw: paging.raw,
      fetch: async (start) => {
        const page = start === undefined ? (first ?? 1) : Number(start);
        const list = await listPrograms(client, { limit, page });
        const total = typeof list.page.total === 'number' ? list.page.total : undefined;
        const more = total === undefined ? list.items.length === limit : page * limit < total;
        return {
          items: list.items,
          raw: list.page,
          next: more && page < MAX_PAGE ? String(page + 1) : undefined,
        };
      },
      columns: campaignListColumns(rt.ctx.now()),
      empty: 'No loyalty programs.',
      progress: { noun: 'programs', now: rt.ctx.now },
      moreHint: (page) => `More programs: --page ${page.next} for the next page, --all for every program.`,
    });
  },
});
