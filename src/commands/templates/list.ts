// promo templates list: campaign templates, one page or all of them, filtered by a small grammar.
import { Command } from 'commander';
import {
  type CampaignTemplate,
  type FilterCondition,
  listTemplates,
  TEMPLATE_ORDERS,
  type TemplateList,
  type TemplateOrder,
  templatesOf,
} from '../../api/templates.js';
import { type App, examples } from '../../app.js';
import { UsageError } from '../../errors.js';
import { type PagingFlags, parseChoice, parsePagingFlags, printPagedList } from '../../output/paging.js';
import { type Column, formatDate, shorten } from '../../output/table.js';
import type { Runtime } from '../../runtime.js';
import { FILTER_HELP, parseFilters } from './filters.js';

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

interface TemplatesListFlags extends PagingFlags {
  startingAfter?: string;
  order?: string;
  includeTotal?: boolean;
  filter?: string[];
  junction?: string;
}

export function parseTemplatesListOptions(flags: TemplatesListFlags): TemplatesListOptions {
  if (flags.startingAfter !== undefined && !/^[\x21-\x7e]+$/.test(flags.startingAfter)) {
    throw new UsageError(
      `--starting-after must be a template id (printable, no spaces), not '${flags.startingAfter}'`,
    );
  }
  const junction = parseChoice(flags.junction?.toLowerCase(), ['and', 'or'] as const, '--junction');
  const filters = parseFilters(flags.filter ?? []);
  if (junction !== undefined && filters.length === 0) {
    throw new UsageError('--junction joins --filter conditions, and none was given');
  }
  return {
    ...parsePagingFlags(flags),
    startingAfter: flags.startingAfter,
    order: parseChoice(flags.order, TEMPLATE_ORDERS, '--order'),
    includeTotal: flags.includeTotal === true,
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
      const items = templatesOf(list);
      // more_starting_after names the last template of the page; its id is the fallback.
      const next = list.has_more ? (list.more_starting_after ?? items.at(-1)?.id) : undefined;
      return { items, raw: list, next };
    },
    columns: templateColumns,
    empty: 'No campaign templates.',
    moreHint: (page) =>
      `More templates: add --starting-after ${page.next} for the next page, or --all for every template.`,
  });
  const total = (first.raw as TemplateList).total;
  if (options.includeTotal && !options.raw && typeof total === 'number') {
    rt.out.notice(
      `${total} campaign templates in total (the service counts them all, whatever the filters).`,
    );
  }
}

const templateColumns: Column<CampaignTemplate>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'Name', value: (t) => t.name },
  { header: 'Campaign type', value: (t) => t.campaign_type },
  { header: 'Created', value: (t) => formatDate(t.created_at) },
  { header: 'Description', value: (t) => shorten(t.description, 40) },
];

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function listCommand(app: App): Command {
  return new Command('list')
    .alias('ls')
    .description('List campaign templates')
    .option('-l, --limit <n>', 'templates per page, 1 to 100 (default 10)')
    .option('--starting-after <id>', 'start after this template (sent as starting_after_id)')
    .option('--order <order>', `id or -id (default: by creation date, most recent last)`)
    .option('--include-total', 'ask for the number of all templates: on stderr, or in --raw output')
    .option('-f, --filter <expr>', 'a condition such as name^=Summer (repeatable; grammar below)', collect)
    .option('--junction <and|or>', 'how the filters combine (default and)')
    .option('--all', 'follow has_more to the last page and print every template')
    .option(
      '--raw',
      "print the service's whole list object of one page (has_more, more_starting_after, total)",
    )
    .addHelpText(
      'after',
      `${FILTER_HELP}
${examples(
  'promo templates list --limit 5',
  "promo templates list --filter 'name^=Summer' --filter campaign_type=GIFT_VOUCHERS --junction or",
  "promo templates list --filter 'campaign_type in DISCOUNT_COUPONS,GIFT_VOUCHERS' --all --json | jq length",
  'promo templates list --raw --include-total | jq .total',
)}`,
    )
    .action(app.action<TemplatesListFlags>(async (rt, flags) => run(parseTemplatesListOptions(flags), rt)));
}
