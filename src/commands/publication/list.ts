// promo publication list: the codes handed out, newest first, by campaign, customer or code; one
// page, or every page with --all (streamed with -o ndjson / -o csv).
import {
  listPublications,
  PUBLICATION_FIELDS,
  type Publication,
  publishedCodes,
} from '../../api/publications.js';
import { printPagedList } from '../../output/paging.js';
import { type Column, formatDate } from '../../output/table.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { checkCampaign } from '../campaign/ref.js';
import { cursorListOptions, parsePagingFlags } from '../paging.js';
import { checkCode } from '../voucher/code.js';

const options = defineOptions({
  campaign: { type: 'value', value: 'name', help: 'only the publications of this campaign' },
  customer: { type: 'value', value: 'id', help: 'only those of this customer (cust_...)' },
  voucher: { type: 'value', value: 'code', help: 'only those of this code' },
  sourceId: {
    type: 'value',
    value: 'id',
    help: 'only those carrying this source_id (promo gives each publication one: how a lost answer is checked)',
  },
  ...cursorListOptions('publications', 'every page, to the last'),
});

const columns: Column<Publication>[] = [
  { header: 'ID', value: (p) => p.id, id: true, whole: true },
  { header: 'Code(s)', value: (p) => publishedCodes(p).join(' ') },
  { header: 'Customer', value: (p) => p.tracking_id ?? p.customer_id ?? '' },
  { header: 'Created', value: (p) => formatDate(p.created_at), drop: 2 },
  { header: 'Channel', value: (p) => p.channel ?? '', drop: 1 },
];

export default defineCommand({
  path: ['publication', 'list'],
  fields: PUBLICATION_FIELDS,
  aliases: ['ls'],
  summary: 'List the codes handed to customers, newest first',
  description: `Publications, newest first, filtered by campaign, customer (its id) or code; one page, or
every page with --all (streamed with -o ndjson or -o csv); --source-id finds the one a lost answer left unknown.`,
  examples: [
    'promo publication list --campaign Welcome',
    'promo publication list --customer cust_0a1b2c --all -o ndjson',
    'promo publication list --source-id promo-pub-3f9c0a1b2c3d4e5f6a7b8c9d',
    'promo publication list --campaign Welcome --all -o csv --fields tracking_id,voucher.code',
  ],
  options,
  run: async (flags, rt) => {
    const paging = parsePagingFlags(flags);
    const campaign = flags.campaign === undefined ? undefined : checkCampaign(flags.campaign, '--campaign');
    const voucher = flags.voucher === undefined ? undefined : checkCode(flags.voucher, '--voucher');
    const client = await rt.client();
    const limit = paging.limit ?? (paging.all ? 100 : undefined);
    await printPagedList<Publication>(rt.out, {
      all: paging.all,
      raw: paging.raw,
      fetch: async (start) => {
        const page = start === undefined ? 1 : Number(start);
        const list = await listPublications(client, {
          campaign,
          customer: flags.customer,
          voucher,
          sourceId: flags.sourceId,
          limit,
          page,
        });
        const total = typeof list.page.total === 'number' ? list.page.total : 0;
        const next = page * (limit ?? 10) < total && list.items.length > 0 ? String(page + 1) : undefined;
        return { items: list.items, raw: list.page, next };
      },
      columns,
      empty: 'No publications.',
      progress: { noun: 'publications', now: rt.ctx.now },
      // Who got which code: the code (several codes: the list, as JSON) beside the customer.
      csv: [
        'id',
        'created_at',
        'voucher.code',
        'vouchers',
        'customer_id',
        'tracking_id',
        'channel',
        'source_id',
      ],
      moreHint: () => 'More publications: add --all for every one.',
    });
  },
});
