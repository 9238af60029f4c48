// promo customer list: one page (a table fitted to the terminal, JSON, NDJSON, CSV, or --raw the
// service's list object), or with --all every matching customer, streamed with -o ndjson / -o csv.
// --all reads oldest first by created_at in windows of 99 pages: when one is full, the next starts
// at the created_at of the last customer read (a millisecond earlier, those read there left out by id).

import { MAX_PAGE } from 'promo-sandbox/facts/lists';
import {
  CUSTOMER_FIELDS,
  CUSTOMER_ORDERS,
  type Customer,
  type CustomerOrder,
  type ListCustomersQuery,
  listCustomers,
} from '../../api/customers.js';
import { UsageError } from '../../base/errors.js';
import { printPagedList } from '../../output/paging.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand, defineOptions, type OptionValues } from '../../toolkit/define.js';
import { parsePagingFlags } from '../paging.js';
import { parseDateFlag } from '../shared/values.js';
import { CUSTOMER_CSV_COLUMNS, customerColumns } from './view.js';

const options = defineOptions({
  email: { type: 'value', value: 'email', help: 'customers with this email' },
  name: { type: 'value', value: 'name', help: 'customers with this name' },
  city: { type: 'value', value: 'city', help: 'customers living in this city' },
  segment: { type: 'value', value: 'id', help: 'customers of this segment (sent as segment_id)' },
  createdAfter: { type: 'value', value: 'date', help: 'created after this ISO 8601 date or date-time' },
  createdBefore: { type: 'value', value: 'date', help: 'created before this ISO 8601 date or date-time' },
  updatedAfter: { type: 'value', value: 'date', help: 'updated after this ISO 8601 date or date-time' },
  updatedBefore: { type: 'value', value: 'date', help: 'updated before this ISO 8601 date or date-time' },
  order: {
    type: 'value',
    value: 'order',
    choices: CUSTOMER_ORDERS,
    help: 'created_at, -created_at, updated_at, -updated_at, source_id or -source_id (default: newest first)',
  },
  limit: {
    type: 'value',
    short: 'l',
    value: 'n',
    help: 'customers per page, 1 to 100 (default 10; 100 with --all)',
  },
  page: { type: 'value', value: 'n', help: 'which page, 1 to 99 (the service pages no further)' },
  all: { type: 'switch', help: 'every matching customer, also past page 99 (oldest first)' },
  raw: { type: 'switch', help: "print the service's list object of one page (with total)" },
});

const checkDate = parseDateFlag;

function parseQuery(
  flags: OptionValues<typeof options>,
): ListCustomersQuery & { all: boolean; raw: boolean } {
  const paging = parsePagingFlags(flags);
  if (flags.page !== undefined) {
    const page = Number(flags.page);
    if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) {
      throw new UsageError(`--page must be a whole number from 1 to ${MAX_PAGE}, not '${flags.page}'`);
    }
    if (flags.all) throw new UsageError('--page and --all cannot go together: --all reads every page');
  }
  if (flags.all && flags.order !== undefined && flags.order !== 'created_at') {
    throw new UsageError(
      `--all reads oldest first (past the service's 99-page cap), so --order must be created_at, not '${flags.order}'`,
    );
  }
  return {
    limit: paging.limit,
    page: flags.page === undefined ? undefined : Number(flags.page),
    email: flags.email,
    name: flags.name,
    city: flags.city,
    segmentId: flags.segment,
    createdAfter: checkDate(flags.createdAfter, '--created-after'),
    createdBefore: checkDate(flags.createdBefore, '--created-before'),
    updatedAfter: checkDate(flags.updatedAfter, '--updated-after'),
    updatedBefore: checkDate(flags.updatedBefore, '--updated-before'),
    order: flags.order as CustomerOrder | undefined,
    all: paging.all,
    raw: paging.raw,
  };
}

/** The position of the next page of an --all walk: a page of a window starting after a date. */
interface Position {
  page: number;
  after?: string;
}

async function run(flags: OptionValues<typeof options>, rt: Runtime): Promise<void> {
  const { all, raw, ...query } = parseQuery(flags);
  const client = await rt.client();
  const limit = query.limit ?? (all ? 100 : undefined);
  // Customers read at the window's edge, by id: the next window repeats that millisecond.
  let edge: { at: string; ids: Set<string> } | undefined;
  let skip = new Set<string>();
  await printPagedList<Customer>(rt.out, {
    all,
    raw,
    fetch: async (start) => {
      const at: Position = start === undefined ? { page: query.page ?? 1 } : JSON.parse(start);
      const q = all
        ? {
            ...query,
            limit,
            page: at.page,
            order: 'created_at' as const,
            createdAfter: at.after ?? query.createdAfter,
          }
        : { ...query, limit };
      const list = await listCustomers(client, q);
      const items = list.items.filter((c) => !skip.has(c.id));
      for (const c of list.items) {
        if (!c.created_at) continue;
        if (edge === undefined || c.created_at > edge.at) edge = { at: c.created_at, ids: new Set() };
        if (c.created_at === edge.at) edge.ids.add(c.id);
      }
      const more = list.page.has_more ?? (limit !== undefined && list.items.length === limit);
      let next: string | undefined;
      if (more && at.page < MAX_PAGE) next = JSON.stringify({ page: at.page + 1, after: at.after });
      else if (more && all && edge) {
        skip = edge.ids;
        next = JSON.stringify({ page: 1, after: new Date(Date.parse(edge.at) - 1).toISOString() });
      }
      return { items, raw: list.page, next };
    },
    columns: customerColumns,
    empty: 'No customers.',
    csv: CUSTOMER_CSV_COLUMNS,
    progress: { noun: 'customers', now: rt.ctx.now },
    moreHint: (page) =>
      `More customers: --page ${(JSON.parse(page.next ?? '{}') as Position).page ?? ''} for the next page, or --all for every customer.`,
  });
}

export default defineCommand({
  path: ['customer', 'list'],
  fields: CUSTOMER_FIELDS,
  aliases: ['ls'],
  summary: 'List customers, filtered by email, name, city, segment or dates; --all for every match',
  description: `One page by default, newest first. --all reads every matching customer, oldest first, also past
the service's 99-page cap (by narrowing the created_at window); -o ndjson and -o csv stream as
pages arrive, -o json prints one array at the end.`,
  examples: [
    'promo customer list --email ann@example.com',
    'promo customer list --created-after 2026-01-01 --all -o ndjson | jq -r .source_id',
    'promo customer list --all -o csv > customers.csv',
  ],
  options,
  run,
});
