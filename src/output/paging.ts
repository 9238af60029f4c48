// Paged lists, printed the way CLI.md fixes: one page, or every page with --all (one JSON array, one
// table, or NDJSON streamed page by page), or the service's whole list object with --raw.
import { ExitCode, PromoError } from '../errors.js';
import type { Column, Output } from './output.js';

export interface Page<T> {
  items: T[];
  /** The service's list object as it came, for --raw. */
  raw: unknown;
  /** Where the next page starts (a cursor or an id); undefined on the last page. */
  next?: string;
}

export interface PagedList<T> {
  all: boolean;
  raw: boolean;
  /** Fetches the page that starts at `start` (undefined: where the user's flags say). */
  fetch(start: string | undefined): Promise<Page<T>>;
  columns: Column<T>[];
  empty?: string;
  /** Shown on stderr under a table when more pages exist and --all was not given. */
  moreHint(page: Page<T>): string;
}

/** Prints the list and returns the first page (for what a command adds under it, such as a total). */
export async function printPagedList<T>(out: Output, list: PagedList<T>): Promise<Page<T>> {
  const first = await list.fetch(undefined);
  if (list.raw) {
    out.json(first.raw);
    return first;
  }
  if (!list.all) {
    await out.list(first.items, list.columns, list.empty);
    if (out.format === 'table' && first.next !== undefined) out.notice(list.moreHint(first));
    return first;
  }
  const streaming = out.format === 'ndjson';
  const collected: T[] = [];
  const seen = new Set<string>();
  let page = first;
  for (;;) {
    if (streaming) await out.list(page.items, list.columns);
    else collected.push(...page.items);
    if (page.next === undefined || (streaming && out.closed)) break;
    // A service that hands back a position twice would have promo loop forever.
    if (seen.has(page.next)) {
      throw new PromoError(
        `the service returned the page position '${page.next}' twice; stopped to avoid looping`,
        ExitCode.failure,
      );
    }
    seen.add(page.next);
    page = await list.fetch(page.next);
  }
  if (!streaming) await out.list(collected, list.columns, list.empty);
  return first;
}
