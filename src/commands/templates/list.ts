// promo templates list: campaign templates, one page or all of them, filtered by a small grammar.

import { TEMPLATE_FILTERS } from '../../api/filter-fields.js';
import {
  type CampaignTemplate,
  type FilterCondition,
  listTemplates,
  TEMPLATE_FIELDS,
  TEMPLATE_ORDERS,
  type TemplateList,
  type TemplateOrder,
} from '../../api/templates.js';
import { UsageError } from '../../base/errors.js';
import { printPagedList } from '../../output/paging.js';
import { type Column, formatDate } from '../../output/table.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand, defineOptions, type OptionValues } from '../../toolkit/define.js';
import { parseChoice, parsePagingFlags } from '../paging.js';
import { FILTER_HELP, filterOptions, parseFilters } from '../shared/filters.js';

export interface TemplatesListOptions {
  limit?: number;
  startingAfter?: string;
  order?: TemplateOrder;
  includeTotal: boolean;
  filters: FilterCondition[];
  junction?: 'and' | 'or';
  all: boolean;
  raw: boolean;
}

const options = defineOptions({
  limit: { type: 'value', short: 'l', value: 'n', help: 'templates per page, 1 to 100 (default 10)' },
  startingAfter: {
    type: 'value',
    value: 'id',
    help: 'start after this template (sent as starting_after_id)',
  },
  order: {
    type: 'value',
    value: 'order',
    choices: TEMPLATE_ORDERS,
    help: 'id or -id (default: by creation date, most recent last)',
  },
  includeTotal: {
    type: 'switch',
    help: 'ask for the number of all templates: on stderr, or in --raw output',
  },
  ...filterOptions('name^=Summer'),
  all: { type: 'switch', help: 'follow has_more to the last page and print every template' },
  raw: {
    type: 'switch',
    help: "print the service's whole list object of one page (has_more, more_starting_after, total)",
  },
});

export function parseTemplatesListOptions(flags: OptionValues<typeof options>): TemplatesListOptions {
  if (flags.startingAfter !== undefined && !/^[\x21-\x7e]+$/.test(flags.startingAfter)) {
    throw new UsageError(
      `--starting-after must be a template id (printable, no spaces), not '${flags.startingAfter}'`,
    );
  }
  const junction = parseChoice(flags.junction?.toLowerCase(), ['and', 'or'] as const, '--junction');
  const filters = parseFilters(flags.filter ?? [], { fields: TEMPLATE_FILTERS, what: 'templates' });
  if (junction !== undefined && filters.length === 0) {
    throw new UsageError('--junction joins --filter conditions, and none was given');
  }
  return {
    ...parsePagingFlags(flags),
    startingAfter: flags.startingAfter,
    order: flags.order,
    includeTotal: flags.includeTotal,
    filters,
    junction,
  };
}

export async function run(options: TemplatesListOptions, rt: Runtime): Promise<void> {
  const client = await rt.client();
  const first = await printPagedList<CampaignTemplate>(rt.out, {
    all: options.all,
    raw: options.raw,
    fetch: async (start) => {
      const list = await listTemplates(client, {
        limit: options.limit,
        startingAfter: start ?? options.startingAfter,
        order: options.order,
        includeTotal: options.includeTotal,
        filters: options.filters,
        junction: options.junction,
      });
      const { page, items } = list;
      // more_starting_after names the last template of the page; its id is the fallback.
      const next = page.has_more ? (page.more_starting_after ?? items.at(-1)?.id) : undefined;
      return { items, raw: page, next };
    },
    columns: templateColumns,
    empty: 'No campaign templates.',
    progress: { noun: 'templates', now: rt.ctx.now },
    csv: ['id', 'name', 'description', 'campaign_type', 'created_at', 'updated_at'],
    moreHint: (page) =>
      `More templates: add --starting-after ${page.next} for the next page, or --all for every template.`,
  });
  const total = (first.raw as TemplateList['page']).total;
  if (options.includeTotal && !options.raw && typeof total === 'number') {
    rt.out.notice(
      `${total} campaign templates in total (the service counts them all, whatever the filters).`,
    );
  }
}

const templateColumns: Column<CampaignTemplate>[] = [
  { header: 'ID', value: (t) => t.id, id: true },
  { header: 'Name', value: (t) => t.name, text: true, min: 16 },
  { header: 'Campaign type', value: (t) => t.campaign_type, drop: 1 },
  { header: 'Created', value: (t) => formatDate(t.created_at), drop: 3 },
  { header: 'Description', value: (t) => t.description, text: true, drop: 2 },
];

export default defineCommand({
  path: ['templates', 'list'],
  fields: TEMPLATE_FIELDS,
  aliases: ['ls'],
  summary: 'List campaign templates',
  description: FILTER_HELP,
  examples: [
    'promo templates list --limit 5',
    "promo templates list --filter 'name^=Summer' --filter campaign_type=GIFT_VOUCHERS --junction or",
    "promo templates list --filter 'campaign_type in DISCOUNT_COUPONS,GIFT_VOUCHERS' --all --json | jq length",
    'promo templates list --raw --include-total | jq .total',
  ],
  options,
  run: (input, rt) => run(parseTemplatesListOptions(input), rt),
});
