// promo customer list: one page (a table fitted to the terminal, JSON, NDJSON, CSV, or --raw the
// service's list object), or with --all every matching customer, streamed with -o ndjson / -o csv.
// --all reads oldest first by created_at past page 99 (shared/list-walk.ts).

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
import { pagedListOptions, parsePage, parsePagingFlags } from '../paging.js';
import { walkCreated } from '../shared/list-walk.js';
import { parseInstant } from '../shared/values.js';
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
  ...pagedListOptions('customers', 'every matching customer, also past page 99 (oldest first)'),
});

function parseQuery(
  flags: OptionValues<typeof options>,
): ListCustomersQuery & { all: boolean; raw: boolean } {
  const paging = parsePagingFlags(flags);
  const page = parsePage(flags);
  if (flags.all && flags.order !== undefined && flags.order !== 'created_at') {
    throw new UsageError(
      `--all reads oldest first (past the service's 99-page cap), so --order must be created_at, not '${flags.order}'`,
    );
  }
  return {
    limit: paging.limit,
    page,
    email: flags.email,
    name: flags.name,
    city: flags.city,
    segmentId: flags.segment,
    createdAfter: parseInstant(flags.createdAfter, '--created-after'),
    createdBefore: parseInstant(flags.createdBefore, '--created-before'),
    updatedAfter: parseInstant(flags.updatedAfter, '--updated-after'),
    updatedBefore: parseInstant(flags.updatedBefore, '--updated-before'),
    order: flags.order as CustomerOrder | undefined,
    all: paging.all,
    raw: paging.raw,
  };
}

async function run(flags: OptionValues<typeof options>, rt: Runtime): Promise<void> {
  const { all, raw, ...query } = parseQuery(flags);
  const client = await rt.client();
  const limit = query.limit ?? (all ? 100 : undefined);
  // --all: the shared walk past page 99; each of its pages is handed on as the next position.
  const walk = walkCreated<Customer>({
    what: 'customers',
    limit: limit ?? 100,
    createdAfter: query.createdAfter,
    createdBefore: query.createdBefore,
    fetch: async (window) => (await listCustomers(client, { ...query, limit, ...window })).items,
    id: (c) => c.id,
    createdAt: (c) => c.created_at,
  });
  let walked = 0;
  await printPagedList<Customer>(rt.out, {
    all,
    raw,
    fetch: async () => {
      if (all) {
        const next = await walk.next();
        // The walk ends by a page shorter than the limit: then one more call finds it done.
        return next.done
          ? { items: [], raw: undefined }
          : { items: next.value, raw: undefined, next: String(++walked) };
      }
      const list = await listCustomers(client, { ...query, limit });
      const more = list.page.has_more ?? (limit !== undefined && list.items.length === limit);
      const page = query.page ?? 1;
      return {
        items: list.items,
        raw: list.page,
        next: more && page < MAX_PAGE ? String(page + 1) : undefined,
      };
    },
    columns: customerColumns,
    empty: 'No customers.',
    csv: CUSTOMER_CSV_COLUMNS,
    progress: { noun: 'customers', now: rt.ctx.now },
    moreHint: (page) => `More customers: --page ${page.next} for the next page, or --all for every customer.`,
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
