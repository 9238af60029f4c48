// promo campaign list: one page of campaigns, or every page with --all, filtered by type, by the
// service's filters (the --filter grammar of the list commands) and ordered by date.

import { MAX_PAGE } from 'promo-sandbox/facts/lists';
import { CAMPAIGN_MONEY } from 'promo-sandbox/facts/money';
import {
  CAMPAIGN_FIELDS,
  CAMPAIGN_ORDERS,
  CAMPAIGN_TYPES,
  type Campaign,
  type CampaignList,
  type CampaignOrder,
  listCampaigns,
} from '../../api/campaigns.js';
import { CAMPAIGN_FILTERS } from '../../api/filter-fields.js';
import type { FilterCondition } from '../../api/templates.js';
import { UsageError } from '../../base/errors.js';
import { inUnits } from '../../output/money.js';
import { printPagedList } from '../../output/paging.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand, defineOptions, type OptionValues } from '../../toolkit/define.js';
import { pagedListOptions, parseChoice, parsePage, parsePagingFlags } from '../paging.js';
import { FILTER_GRAMMAR, filterOptions, parseFilters } from '../shared/filters.js';
import { campaignListColumns } from './campaign-view.js';

/** The service pages campaigns by number. */

export interface CampaignListOptions {
  limit?: number;
  page?: number;
  type?: string;
  order?: CampaignOrder;
  filters: FilterCondition[];
  junction?: 'and' | 'or';
  all: boolean;
  raw: boolean;
}

const options = defineOptions({
  type: {
    type: 'value',
    value: 'type',
    complete: CAMPAIGN_TYPES,
    help: `campaigns of this type: ${CAMPAIGN_TYPES.join(', ')} (or discount, gift, loyalty)`,
  },
  ...filterOptions('name^=Summer'),
  order: {
    type: 'value',
    value: 'order',
    choices: CAMPAIGN_ORDERS,
    help: 'created_at, -created_at, updated_at or -updated_at (default: newest first)',
  },
  ...pagedListOptions('campaigns', 'every campaign, page after page'),
});

const TYPE_WORDS: Record<string, string> = {
  discount: 'DISCOUNT_COUPONS',
  gift: 'GIFT_VOUCHERS',
  loyalty: 'LOYALTY_PROGRAM',
  promotion: 'PROMOTION',
  referral: 'REFERRAL_PROGRAM',
};

export function parseCampaignListOptions(flags: OptionValues<typeof options>): CampaignListOptions {
  const paging = parsePagingFlags(flags);
  const page = parsePage(flags);
  const type =
    flags.type === undefined
      ? undefined
      : (TYPE_WORDS[flags.type.toLowerCase()] ??
        parseChoice(flags.type.toUpperCase(), CAMPAIGN_TYPES, '--type'));
  const junction = parseChoice(flags.junction?.toLowerCase(), ['and', 'or'] as const, '--junction');
  const filters = parseFilters(flags.filter ?? [], { fields: CAMPAIGN_FILTERS, what: 'campaigns' });
  if (junction !== undefined && filters.length === 0)
    throw new UsageError('--junction joins --filter conditions, and none was given');
  return { ...paging, page, type, order: flags.order, filters, junction };
}

export async function run(options: CampaignListOptions, rt: Runtime): Promise<void> {
  rt.out.csvView = { units: (c: Campaign) => inUnits(c, CAMPAIGN_MONEY) };
  const client = await rt.client();
  const limit = options.limit ?? (options.all ? 100 : undefined);
  await printPagedList<Campaign>(rt.out, {
    all: options.all,
    raw: options.raw,
    fetch: async (start) => {
      const page = start === undefined ? (options.page ?? 1) : Number(start);
      const list: CampaignList = await listCampaigns(client, {
        limit,
        page: start === undefined ? options.page : page,
        campaignType: options.type,
        order: options.order,
        filters: options.filters,
        junction: options.junction,
      });
      const size = limit ?? 10;
      const total = typeof list.page.total === 'number' ? list.page.total : undefined;
      const more = total === undefined ? list.items.length === size : page * size < total;
      return {
        items: list.items,
        raw: list.page,
        next: more && page < MAX_PAGE ? String(page + 1) : undefined,
      };
    },
    columns: campaignListColumns(rt.ctx.now()),
    empty: 'No campaigns.',
    progress: { noun: 'campaigns', now: rt.ctx.now },
    csv: [
      'id',
      'name',
      'campaign_type',
      'type',
      'active',
      'vouchers_count',
      'vouchers_generation_status',
      'voucher.type',
      'voucher.discount.type',
      'voucher.discount.percent_off',
      'voucher.discount.amount_off',
      'voucher.gift.amount',
      'voucher.loyalty_card.points',
      'start_date',
      'expiration_date',
      'category',
      'created_at',
      'updated_at',
      'metadata.*',
    ],
    moreHint: (page) => `More campaigns: --page ${page.next} for the next page, --all for every campaign.`,
  });
}

export default defineCommand({
  path: ['campaign', 'list'],
  fields: CAMPAIGN_FIELDS,
  aliases: ['ls'],
  summary: 'List campaigns: by type, filtered, one page or --all',
  description: `${FILTER_GRAMMAR}
Fields: name, campaign_type, campaign_status, active, created_at, …, as the service names them,
and metadata.KEY; a field campaigns do not have is refused (exit 2).`,
  examples: [
    'promo campaign list',
    'promo campaign list --type discount --all -o json | jq -r ".[].name"',
    "promo campaign list --filter 'name^=Summer' --order -created_at",
  ],
  options,
  run: (input, rt) => run(parseCampaignListOptions(input), rt),
});
