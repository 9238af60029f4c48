// The list options products and a product's SKUs share (the service's limit, page, order and
// dates), and the walk of --all: page after page, up to the service's last page (99).
import { MAX_PAGE } from 'promo-sandbox/facts/lists';
import type { ListAnswer } from '../../api/answer.js';
import type { ListCatalogueQuery, ProductOrder } from '../../api/products.js';
import { PRODUCT_ORDERS } from '../../api/products.js';
import { UsageError } from '../../base/errors.js';
import { type PagedList, printPagedList } from '../../output/paging.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineOptions, type OptionValues } from '../../toolkit/define.js';
import { parsePagingFlags } from '../paging.js';
import { parseInstant } from '../shared/values.js';

export const CATALOGUE_LIST_OPTIONS = defineOptions({
  createdAfter: { type: 'value', value: 'date', help: 'created at or after this ISO 8601 date (start_date)' },
  createdBefore: { type: 'value', value: 'date', help: 'created at or before this ISO 8601 date (end_date)' },
  order: {
    type: 'value',
    value: 'order',
    choices: PRODUCT_ORDERS,
    help: 'created_at, -created_at, updated_at or -updated_at (default: newest first)',
  },
  limit: {
    type: 'value',
    short: 'l',
    value: 'n',
    help: 'items per page, 1 to 100 (default 10; 100 with --all)',
  },
  page: { type: 'value', value: 'n', help: 'which page, 1 to 99 (the service pages no further)' },
  all: { type: 'switch', help: 'every page, up to the service’s last (99 pages)' },
  raw: { type: 'switch', help: "print the service's list object of one page (with total)" },
});

type Flags = OptionValues<typeof CATALOGUE_LIST_OPTIONS>;

export function parseCatalogueQuery(flags: Flags): ListCatalogueQuery & { all: boolean; raw: boolean } {
  const paging = parsePagingFlags(flags);
  let page: number | undefined;
  if (flags.page !== undefined) {
    page = Number(flags.page);
    if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) {
      throw new UsageError(`--page must be a whole number from 1 to ${MAX_PAGE}, not '${flags.page}'`);
    }
    if (paging.all) throw new UsageError('--page and --all cannot go together: --all reads every page');
  }
  return {
    limit: paging.limit ?? (paging.all ? 100 : undefined),
    page,
    order: flags.order as ProductOrder | undefined,
    startDate: parseInstant(flags.createdAfter, '--created-after'),
    endDate: parseInstant(flags.createdBefore, '--created-before'),
    all: paging.all,
    raw: paging.raw,
  };
}

/** Prints one page, or with --all each page until one comes back short (or page 99). */
export async function printCatalogueList<T>(
  rt: Runtime,
  flags: Flags,
  fetch: (query: ListCatalogueQuery) => Promise<ListAnswer<T, { total?: number }>>,
  shape: Pick<PagedList<T>, 'columns' | 'empty' | 'csv'> & { noun: string },
): Promise<void> {
  const { all, raw, ...query } = parseCatalogueQuery(flags);
  await printPagedList<T>(rt.out, {
    all,
    raw,
    fetch: async (start) => {
      const page = start === undefined ? (query.page ?? 1) : Number(start);
      const list = await fetch({ ...query, page });
      const seen = (page - 1) * (query.limit ?? 10) + list.items.length;
      const more = list.items.length > 0 && (list.page.total ?? 0) > seen && page < MAX_PAGE;
      return { items: list.items, raw: list.page, next: more ? String(page + 1) : undefined };
    },
    ...shape,
    progress: { noun: shape.noun, now: rt.ctx.now },
    moreHint: (page) => `More ${shape.noun}: --page ${page.next} for the next page, or --all for every one.`,
  });
}
