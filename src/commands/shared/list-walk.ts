// `--all` of the lists the service caps at 99 pages (vouchers, redemptions, customers): every
// matching item, read in created_at order in windows. When a window's 99th page is full, the next
// window starts at the created_at of the last item read. Its query asks from one millisecond
// earlier, so that items created in the same millisecond are not lost whether the service reads
// `after` as strict or not; what was already read there is recognised by id and left out. Items
// created during the walk have the newest created_at: oldest first they come last, and are read;
// newest first, the walk is bounded by the newest item of its first page, so pages never shift.
// A whole window of one created_at cannot be paged past: the walk stops with an error instead of
// reading that window again for ever.

import { MAX_PAGE } from 'promo-sandbox/facts/lists';
import { ExitCode, PromoError } from '../../base/errors.js';

/** What a window's request adds to the list's own query. */
export interface WindowQuery {
  page: number;
  order: 'created_at' | '-created_at';
  createdAfter?: string;
  createdBefore?: string;
}

export interface CreatedWalk<T> {
  /** The items in the plural (`vouchers`), for the error. */
  what: string;
  /** Page size: a window is MAX_PAGE pages of it. */
  limit: number;
  newestFirst?: boolean;
  /** The user's own bounds, kept when narrower than a window's. */
  createdAfter?: string;
  createdBefore?: string;
  fetch(window: WindowQuery): Promise<T[]>;
  id(item: T): string;
  /** When the item was created (ISO 8601). */
  createdAt(item: T): string | null | undefined;
  /** Told when a window is full and the next one starts (for --debug and tests). */
  onWindow?(boundary: string): void;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Yields the items page by page, each once. */
export async function* walkCreated<T>(walk: CreatedWalk<T>): AsyncGenerator<T[]> {
  const newestFirst = walk.newestFirst === true;
  const sign = newestFirst ? -1 : 1;
  const createdMs = (item: T) => Date.parse(walk.createdAt(item) ?? '');
  // Moves in the walk's direction: later oldest-first, earlier newest-first.
  const beyond = (a: number, b: number) => sign * (a - b) > 0;
  let bound = newestFirst ? walk.createdBefore : walk.createdAfter;
  let boundary: number | undefined;
  let readAtBoundary = new Set<string>();
  let edge: number | undefined;
  let readAtEdge = new Set<string>();
  for (;;) {
    for (let page = 1; page <= MAX_PAGE; page++) {
      const items = await walk.fetch({
        page,
        order: newestFirst ? '-created_at' : 'created_at',
        createdAfter: newestFirst ? walk.createdAfter : bound,
        createdBefore: newestFirst ? bound : walk.createdBefore,
      });
      const fresh = items.filter((item) => {
        if (boundary === undefined) return true;
        const at = createdMs(item);
        return beyond(at, boundary) || (at === boundary && !readAtBoundary.has(walk.id(item)));
      });
      for (const item of fresh) {
        const at = createdMs(item);
        if (!Number.isFinite(at)) {
          throw new PromoError(
            `${walk.what}: ${walk.id(item)} has no readable created_at ('${walk.createdAt(item)}')`,
            ExitCode.failure,
          );
        }
        if (edge === undefined || beyond(at, edge)) {
          edge = at;
          readAtEdge = new Set([walk.id(item)]);
        } else if (at === edge) readAtEdge.add(walk.id(item));
      }
      if (newestFirst && boundary === undefined && page === 1 && items[0]) {
        // The newest item now bounds the walk: items created later would shift the pages.
        bound = keepNarrower(bound, iso(createdMs(items[0]) + 1), true);
      }
      yield fresh;
      if (items.length < walk.limit) return;
    }
    if (edge === undefined || edge === boundary) {
      throw new PromoError(
        `more than ${MAX_PAGE * walk.limit} ${walk.what} share the created_at ${edge === undefined ? '?' : iso(edge)}; the service cannot page past them`,
        ExitCode.failure,
        'Narrow the list with another filter, or a larger --limit.',
      );
    }
    boundary = edge;
    readAtBoundary = new Set(readAtEdge);
    bound = keepNarrower(bound, iso(boundary - sign), newestFirst);
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
