// promo redemption list: redemptions (and rollbacks), newest first, filtered by code, customer,
// result, status and creation time; --all for every one, streamed with -o ndjson or -o csv.

import { REDEMPTION_RESULTS, REDEMPTION_STATUSES } from 'promo-sandbox/facts/redemption-keys';
import { type ListRedemptionsQuery, listRedemptions, type Redemption } from '../../api/redemptions.js';
import { UsageError } from '../../base/errors.js';
import { ListProgress } from '../../output/list-progress.js';
import { defineCommand } from '../../toolkit/define.js';
import { pagedListOptions, parseChoice, parsePage, parsePagingFlags } from '../paging.js';
import { FILTER_GRAMMAR, filterOptions, parseFilters } from '../shared/filters.js';
import { walkCreated } from '../shared/list-walk.js';
import {
  REDEMPTION_CSV,
  REDEMPTION_CSV_COLUMNS,
  REDEMPTION_FIELDS,
  redemptionColumns,
} from '../shared/redemption-view.js';
import { parseDate } from '../shared/values.js';

/** --result is what the service filters on; a status given there is pointed to --status. */
function parseResult(value: string | undefined) {
  const upper = value?.toUpperCase();
  if ((REDEMPTION_STATUSES as readonly string[]).includes(upper ?? ''))
    throw new UsageError(
      `--result must be SUCCESS or FAILURE, not '${value}'`,
      `${upper} is a status: promo redemption list --status ${upper}`,
    );
  return parseChoice(upper, REDEMPTION_RESULTS, '--result');
}

export default defineCommand({
  path: ['redemption', 'list'],
  fields: REDEMPTION_FIELDS,
  aliases: ['ls'],
  summary: 'List redemptions and rollbacks, newest first; --all for every one',
  description: `Filtered by the service (--voucher, --customer, --result, the dates, --filter), except --status
(SUCCEEDED, FAILED, ROLLED_BACK), which promo applies to what the service sends. A table shows
each row's Type (a redemption, or a rollback: rr_...), Result (SUCCESS or FAILURE, as --result
takes) and Status (what became of it: a redemption rolled back is ROLLED_BACK); Amount is the
discount or gift credits a redemption took, in currency units (on a table and in -o csv), and
negative on a rollback: what it gave back. Ids are never shortened. -o json and ndjson have the
service's objects (hundredths). --all
reads every match, oldest first, past the service's 99 pages, streamed with -o ndjson or -o csv.
${FILTER_GRAMMAR}`,
  examples: [
    'promo redemption list --voucher SUMMER20',
    'promo redemption list --customer alice@example.com --result SUCCESS',
    'promo redemption list --created-after 2026-06-01 --all -o csv > redemptions.csv',
  ],
  options: {
    voucher: { type: 'value', value: 'code', help: 'redemptions of this code' },
    customer: { type: 'value', value: 'id', help: 'redemptions of this customer (id or source id)' },
    result: {
      type: 'value',
      value: 'SUCCESS|FAILURE',
      complete: [...REDEMPTION_RESULTS],
      help: 'SUCCESS or FAILURE',
    },
    status: {
      type: 'value',
      value: 'status',
      complete: [...REDEMPTION_STATUSES],
      help: 'SUCCEEDED, FAILED or ROLLED_BACK (applied by promo)',
    },
    createdAfter: { type: 'value', value: 'date', help: 'created after this ISO 8601 date or date-time' },
    createdBefore: { type: 'value', value: 'date', help: 'created before this ISO 8601 date or date-time' },
    ...filterOptions('metadata.order_id=ORD-1'),
    ...pagedListOptions('redemptions', 'every match, oldest first, also past page 99'),
  },
  run: async (input, rt) => {
    rt.out.csvView = REDEMPTION_CSV;
    const { limit, all, raw } = parsePagingFlags(input);
    const page = parsePage(input);
    const status = parseChoice(input.status?.toUpperCase(), REDEMPTION_STATUSES, '--status');
    const filters = parseFilters(input.filter ?? [], { what: 'redemptions' });
    if (input.voucher !== undefined)
      filters.push({ field: 'voucher_code', operator: '$is', values: [input.voucher] });
    const query: ListRedemptionsQuery = {
      limit,
      page,
      result: parseResult(input.result),
      customer: input.customer,
      createdAfter:
        input.createdAfter === undefined
          ? undefined
          : parseDate(input.createdAfter, '--created-after', false),
      createdBefore:
        input.createdBefore === undefined
          ? undefined
          : parseDate(input.createdBefore, '--created-before', true),
      filters,
      junction: parseChoice(input.junction, ['and', 'or'] as const, '--junction'),
    };
    const shown = (items: Redemption[]) => (status ? items.filter((r) => r.status === status) : items);
    const client = await rt.client();
    if (!all) {
      const list = await listRedemptions(client, query);
      if (raw) return rt.out.json(list.page);
      return rt.out.list(shown(list.items), redemptionColumns, 'No redemptions.', REDEMPTION_CSV_COLUMNS);
    }
    const collected: Redemption[] = [];
    const progress = new ListProgress(rt.out, rt.ctx.now, 'redemptions');
    const pageSize = limit ?? 100;
    const pages = walkCreated<Redemption>({
      what: 'redemptions',
      limit: pageSize,
      createdAfter: query.createdAfter,
      createdBefore: query.createdBefore,
      fetch: async (window) =>
        (await listRedemptions(client, { ...query, limit: pageSize, ...window })).items,
      id: (r) => r.id,
      createdAt: (r) => r.date,
    });
    for await (const items of pages) {
      progress.page(items.length);
      if (!rt.out.streamsPages) {
        collected.push(...shown(items));
        continue;
      }
      progress.clear();
      if (shown(items).length > 0)
        await rt.out.listPage(shown(items), redemptionColumns, REDEMPTION_CSV_COLUMNS);
      if (rt.out.closed) break;
    }
    progress.clear();
    await rt.out.listEnd(collected, redemptionColumns, 'No redemptions.', REDEMPTION_CSV_COLUMNS);
  },
});
