// `voucher list --all`: every matching voucher, also past the service's cap of 99 pages. Pages are
// read in created_at order; when a window's 99th page is full, the next window starts at the
// created_at of the last voucher read. Its query asks from one millisecond earlier, so that
// vouchers created in the same millisecond are not lost whether the service reads `after` as
// strict or not; what was already read there is recognised by id and left out. Vouchers created
// during the walk have the newest created_at: oldest first they come last, and are read; newest
// first, the walk is bounded by the newest voucher of its first page, so pages never shift.
import { type ListVouchersQuery, MAX_VOUCHER_PAGE, type VoucherList } from '../../api/voucher-list.js';
import type { Voucher } from '../../api/vouchers.js';
import { ExitCode, PromoError } from '../../base/errors.js';

export type WalkQuery = Omit<ListVouchersQuery, 'page' | 'order'> & { limit: number };

export interface Walk {
  newestFirst: boolean;
  fetch(query: ListVouchersQuery): Promise<VoucherList>;
  /** Told when a window is full and the next one starts (for --debug and tests). */
  onWindow?(boundary: string): void;
}

const createdMs = (voucher: Voucher) => Date.parse(voucher.created_at ?? '');
const iso = (ms: number) => new Date(ms).toISOString();

/** Yields the vouchers page by page, each once. */
export async function* walkVouchers(query: WalkQuery, walk: Walk): AsyncGenerator<Voucher[]> {
  const sign = walk.newestFirst ? -1 : 1;
  // Moves in the walk's direction: later oldest-first, earlier newest-first.
  const beyond = (a: number, b: number) => sign * (a - b) > 0;
  let bound = walk.newestFirst ? query.createdBefore : query.createdAfter;
  let boundary: number | undefined;
  let readAtBoundary = new Set<string>();
  let edge: number | undefined;
  let readAtEdge = new Set<string>();
  for (;;) {
    for (let page = 1; page <= MAX_VOUCHER_PAGE; page++) {
      const list = await walk.fetch({
        ...query,
        page,
        order: walk.newestFirst ? '-created_at' : 'created_at',
        ...(walk.newestFirst ? { createdBefore: bound } : { createdAfter: bound }),
      });
      const items = list.items;
      const fresh = items.filter((v) => {
        if (boundary === undefined) return true;
        const at = createdMs(v);
        return beyond(at, boundary) || (at === boundary && !readAtBoundary.has(v.id));
      });
      for (const v of fresh) {
        const at = createdMs(v);
        if (!Number.isFinite(at)) {
          throw new PromoError(
            `voucher ${v.code} has no readable created_at ('${v.created_at}')`,
            ExitCode.failure,
          );
        }
        if (edge === undefined || beyond(at, edge)) {
          edge = at;
          readAtEdge = new Set([v.id]);
        } else if (at === edge) readAtEdge.add(v.id);
      }
      if (walk.newestFirst && boundary === undefined && page === 1 && items[0]) {
        // The newest voucher now bounds the walk: vouchers created later would shift the pages.
        bound = keepNarrower(bound, iso(createdMs(items[0]) + 1), true);
      }
      yield fresh;
      if (items.length < query.limit) return;
    }
    if (edge === undefined || edge === boundary) {
      throw new PromoError(
        `more than ${MAX_VOUCHER_PAGE * query.limit} vouchers share the created_at ${edge === undefined ? '?' : iso(edge)}; the service cannot page past them`,
        ExitCode.failure,
        'Narrow the list with another filter (--campaign, --category, --filter).',
      );
    }
    boundary = edge;
    readAtBoundary = new Set(readAtEdge);
    const next = iso(boundary - sign);
    bound = keepNarrower(bound, next, walk.newestFirst);
    walk.onWindow?.(iso(boundary));
  }
}

/** The user's own bound stays when it is narrower than the window's. */
function keepNarrower(current: string | undefined, next: string, newestFirst: boolean): string {
  if (current === undefined) return next;
  const a = Date.parse(current);
  const b = Date.parse(next);
  return (newestFirst ? b < a : b > a) ? next : current;
}
