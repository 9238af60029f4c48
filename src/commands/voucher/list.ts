// promo voucher list: one page (a table, a JSON array, NDJSON, or --raw the service's list object),
// or with --all every matching voucher, also past the 99-page cap (see shared/list-walk.ts).

import type { ListAnswer } from '../../api/answer.js';
import type { ApiClient } from '../../api/client.js';
import { type ListVouchersQuery, listVouchers } from '../../api/voucher-list.js';
import type { Voucher } from '../../api/vouchers.js';
import { VOUCHER_FIELDS } from '../../api/vouchers.js';
import { keepYoungGenerationSmall } from '../../base/young-generation.js';
import { ListProgress } from '../../output/list-progress.js';
import type { Column } from '../../output/table.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { requireCampaign } from '../campaign/ref.js';
import { pagedListOptions } from '../paging.js';
import { FILTER_GRAMMAR, filterOptions } from '../shared/filters.js';
import { walkCreated } from '../shared/list-walk.js';
import { ALL_PAGE_SIZE, parseVoucherListOptions, type VoucherListOptions } from './list-options.js';
import { VOUCHER_CSV, VOUCHER_CSV_COLUMNS, voucherListColumns } from './voucher-view.js';

/** Where the pages come from and how they look: `GET /v1/vouchers` unless a caller says (members). */
export interface VoucherSource {
  fetch(client: ApiClient, query: ListVouchersQuery): Promise<ListAnswer<Voucher>>;
  columns?: Column<Voucher>[];
  /** What the items are called: `vouchers` unless said (`members`). */
  noun?: string;
}

export async function run(
  options: VoucherListOptions,
  rt: Runtime,
  source: VoucherSource = { fetch: listVouchers },
): Promise<void> {
  rt.out.csvView = VOUCHER_CSV;
  const client = await rt.client();
  const columns = source.columns ?? voucherListColumns(rt.ctx.now());
  const listVouchers = source.fetch;
  const noun = source.noun ?? 'vouchers';
  const none = `No ${noun}.`;
  const { query } = options;
  // A campaign the service does not have lists no vouchers: exit 3, not an empty success.
  const campaign = query.campaignId ?? query.campaign;
  const whenEmpty = async (count: number) => {
    if (count === 0 && campaign !== undefined) await requireCampaign(client, campaign);
  };
  if (!options.all) {
    const list = await listVouchers(client, query);
    await whenEmpty(list.items.length);
    if (options.raw) return rt.out.json(list.page);
    const vouchers = list.items;
    const total = list.page.total;
    await rt.out.list(vouchers, columns, none, VOUCHER_CSV_COLUMNS);
    const page = query.page ?? 1;
    const shown = (page - 1) * (query.limit ?? 10) + vouchers.length;
    if (rt.out.format === 'table' && typeof total === 'number' && total > shown) {
      rt.out.notice(
        `${shown} of ${total} ${noun} shown. Next page: --page ${page + 1}; every ${noun.replace(/s$/, '')}: --all.`,
      );
    }
    return;
  }
  const streaming = rt.out.streamsPages;
  if (streaming) keepYoungGenerationSmall();
  const collected: Voucher[] = [];
  let count = 0;
  const limit = query.limit ?? ALL_PAGE_SIZE;
  const pages = walkCreated<Voucher>({
    what: noun,
    limit,
    newestFirst: query.order === '-created_at',
    createdAfter: query.createdAfter,
    createdBefore: query.createdBefore,
    fetch: async (window) => (await listVouchers(client, { ...query, limit, ...window })).items,
    id: (v) => v.id,
    createdAt: (v) => v.created_at,
    onWindow: (boundary) => {
      if (rt.globals.debug)
        rt.out.stderrText(`* 99 pages read; the next window starts at created_at ${boundary}`);
    },
  });
  const progress = new ListProgress(rt.out, rt.ctx.now, noun);
  for await (const page of pages) {
    progress.page(page.length);
    count += page.length;
    if (!streaming) {
      collected.push(...page);
      continue;
    }
    progress.clear();
    // A page of none (a window read again) waits: the CSV header takes the first rows' metadata keys.
    if (page.length > 0) await rt.out.listPage(page, columns, VOUCHER_CSV_COLUMNS);
    // The reader left (`| head`): stop the walk rather than read pages nobody will see.
    if (rt.out.closed) break;
  }
  progress.clear();
  await whenEmpty(count);
  // No rows at all: CSV still has its header (written once; nothing after rows).
  await rt.out.listEnd(collected, columns, none, VOUCHER_CSV_COLUMNS);
}

/** How a list of vouchers is filtered, ordered and paged (campaign vouchers takes the same). */
export const VOUCHER_PAGING_OPTIONS = defineOptions({
  ...filterOptions('code^=SUMMER'),
  order: {
    type: 'value',
    value: 'order',
    complete: ['created_at', '-created_at', 'updated_at', '-updated_at', 'code', '-code'],
    help: 'created_at, -created_at, updated_at, -updated_at, code or -code (default: newest first)',
  },
  ...pagedListOptions('vouchers', 'every matching voucher, also past page 99 (oldest first)'),
});

const options = defineOptions({
  campaign: {
    type: 'value',
    value: 'name',
    help: 'vouchers of this campaign, by name (no such campaign: exit 3)',
  },
  campaignId: { type: 'value', value: 'id', help: 'vouchers of this campaign, by id' },
  category: { type: 'value', value: 'name', help: 'vouchers of this category' },
  customer: { type: 'value', value: 'id', help: 'vouchers held by this customer (id or source id)' },
  createdAfter: { type: 'value', value: 'date', help: 'created after this ISO 8601 date or date-time' },
  createdBefore: { type: 'value', value: 'date', help: 'created before this ISO 8601 date or date-time' },
  updatedAfter: { type: 'value', value: 'date', help: 'updated after this ISO 8601 date or date-time' },
  updatedBefore: { type: 'value', value: 'date', help: 'updated before this ISO 8601 date or date-time' },
  code: { type: 'value', value: 'code', help: 'only the voucher with this code' },
  ...VOUCHER_PAGING_OPTIONS,
});

export default defineCommand({
  path: ['voucher', 'list'],
  fields: VOUCHER_FIELDS,
  aliases: ['ls'],
  summary: 'List vouchers, filtered; --all for every match, also past the 99-page cap',
  description: `The service pages by number and stops at page 99 (9,900 vouchers at 100 a page). --all reads
past it by narrowing the created_at window: it reads oldest first (newest first with --order
-created_at), each voucher once, also while vouchers are being created. Vouchers created during
an oldest-first walk are included; a newest-first walk stops at the newest voucher it found first.
-o ndjson streams as pages arrive; -o json prints one array at the end. -o csv streams too, with
each voucher's value (discount.percent_off, gift.amount, ...) and metadata.KEY as columns; with
--all the metadata keys of the first page make the columns (promo help output).
${FILTER_GRAMMAR}
Fields: code, id, campaign, campaign_id, category, type (DISCOUNT_VOUCHER, GIFT_VOUCHER,
LOYALTY_CARD), active (true or false), start_date, expiration_date, created_at, updated_at, the
value's members (discount.percent_off, gift.balance, loyalty_card.points, ...) and metadata.KEY
for any metadata key; a field vouchers do not have is refused (exit 2).`,
  examples: [
    'promo voucher list --campaign "Summer Sale" --limit 20',
    "promo voucher list --filter 'expiration_date?' --created-after 2026-06-01 -o json | jq length",
    'promo voucher list --all -o ndjson | jq -r .code > codes.txt',
    'promo voucher list --category food --order -created_at --page 2 --raw | jq .total',
  ],
  options,
  run: (input, rt) => run(parseVoucherListOptions(input), rt),
});
