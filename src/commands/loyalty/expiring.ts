// promo loyalty expiring <card>: when the card's points expire: each bucket's points and day,
// soonest first (points that never expire have none).

import { MAX_PAGE } from 'promo-sandbox/facts/lists';
import { type PointsBucket, pointsExpiration } from '../../api/loyalties.js';
import { printPagedList } from '../../output/paging.js';
import type { Column } from '../../output/table.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { pagedListOptions, parsePage, parsePagingFlags } from '../paging.js';
import { CARD_ARG, findMember } from './refs.js';

const options = defineOptions({ ...pagedListOptions('buckets', 'every bucket, page after page') });

const columns: Column<PointsBucket>[] = [
  { header: 'Expires', value: (b) => (b.expires_at ?? '').slice(0, 10) },
  { header: 'Points', value: (b) => String(b.bucket?.total_points ?? '') },
  { header: 'Status', value: (b) => b.status ?? '' },
];

export default defineCommand({
  path: ['loyalty', 'expiring'],
  summary: "When a member's points expire: points and days, soonest first",
  description: `The card's points that have an expiry day, grouped as the service keeps them (one bucket per
change that added them), soonest first. Points that never expire are in the balance
(promo loyalty member) and not here. -o json: the service's bucket objects.`,
  examples: ['promo loyalty expiring LOYAL-1'],
  args: CARD_ARG,
  options,
  run: async ({ card, ...flags }, rt) => {
    const paging = parsePagingFlags(flags);
    const first = parsePage(flags);
    const client = await rt.client();
    const member = await findMember(client, card);
    const program = member.campaign_id ?? '';
    const limit = paging.limit ?? (paging.all ? 100 : 10);
    await printPagedList<PointsBucket>(rt.out, {
      all: paging.all,
      raw: paging.raw,
      fetch: async (start) => {
        const page = start === undefined ? (first ?? 1) : Number(start);
        const list = await pointsExpiration(client, program, card, { limit, page });
        const total = typeof list.page.total === 'number' ? list.page.total : 0;
        return {
          items: list.items,
          raw: list.page,
          next: page * limit < total && page < MAX_PAGE ? String(page + 1) : undefined,
        };
      },
      columns,
      empty: `No points with an expiry day on ${card}.`,
      progress: { noun: 'buckets', now: rt.ctx.now },
      moreHint: (page) => `More buckets: --page ${page.next}, or --all.`,
    });
  },
});
