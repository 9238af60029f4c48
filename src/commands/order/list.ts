// promo order list: one page (newest first by default), or with --all every page up to the
// service's last (99).
import { MAX_PAGE } from 'promo-sandbox/facts/lists';
import { listOrders, ORDER_FIELDS, ORDER_ORDERS, type Order, type OrderOrder } from '../../api/orders.js';
import { UsageError } from '../../base/errors.js';
import { printPagedList } from '../../output/paging.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { parsePagingFlags } from '../paging.js';
import { ORDER_CSV_COLUMNS, orderColumns } from './fields.js';

const options = defineOptions({
  order: {
    type: 'value',
    value: 'order',
    choices: ORDER_ORDERS,
    help: 'created_at, -created_at, updated_at or -updated_at (default: newest first)',
  },
  limit: {
    type: 'value',
    short: 'l',
    value: 'n',
    help: 'orders per page, 1 to 100 (default 10; 100 with --all)',
  },
  page: { type: 'value', value: 'n', help: 'which page, 1 to 99 (the service pages no further)' },
  all: { type: 'switch', help: 'every page, up to the service’s last (99 pages)' },
  raw: { type: 'switch', help: "print the service's list object of one page (with total)" },
});

export default defineCommand({
  path: ['order', 'list'],
  fields: ORDER_FIELDS,
  aliases: ['ls'],
  summary: 'List orders, newest first; --all for every page',
  examples: ['promo order list', 'promo order list --all -o csv > orders.csv'],
  options,
  run: async (flags, rt) => {
    const { limit: given, all, raw } = parsePagingFlags(flags);
    const limit = given ?? (all ? 100 : 10);
    const first = flags.page === undefined ? 1 : Number(flags.page);
    if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE) {
      throw new UsageError(`--page must be a whole number from 1 to ${MAX_PAGE}, not '${flags.page}'`);
    }
    const client = await rt.client();
    await printPagedList<Order>(rt.out, {
      all,
      raw,
      fetch: async (start) => {
        const page = start === undefined ? first : Number(start);
        const list = await listOrders(client, { limit, page, order: flags.order as OrderOrder | undefined });
        const more = (list.page.total ?? 0) > (page - 1) * limit + list.items.length && page < MAX_PAGE;
        return {
          items: list.items,
          raw: list.page,
          next: more && list.items.length > 0 ? String(page + 1) : undefined,
        };
      },
      columns: orderColumns,
      empty: 'No orders.',
      csv: ORDER_CSV_COLUMNS,
      progress: { noun: 'orders', now: rt.ctx.now },
      moreHint: (page) => `More orders: --page ${page.next} for the next page, or --all for every one.`,
    });
  },
});
