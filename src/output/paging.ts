// Paged lists, printed the way docs/cli.md fixes: one page, or every page with --all (one JSON array, one
// table, or NDJSON streamed page by page; the JSON array is written page by page too when nothing needs
// it whole), or the service's whole list object with --raw.

import { ExitCode, PromoError } from '../base/errors.js';
import { keepYoungGenerationSmall } from '../base/young-generation.js';
import { ListProgress } from './list-progress.js';
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
  /** The default CSV columns (see CsvSheet): a list of no rows still has its header. */
  csv?: readonly string[];
  /** Shown on stderr under a table when more pages exist and --all was not given. */
  moreHint(page: Page<T>): string;
  /** What --all reads (`vouchers`), and the run's clock: its progress on a terminal. */
  progress: { noun: string; now: () => number };
}

/** Prints the list and returns the first page (for what a command adds under it, such as a total). */
export async function printPagedList<T>(out: Output, list: PagedList<T>): Promise<Page<T>> {
  const first = await list.fetch(undefined);
  if (list.raw) {
    await out.json(first.raw);
    return first;
  }
  if (!list.all) {
    await out.list(first.items, list.columns, list.empty, list.csv);
    if (out.format === 'table' && first.next !== undefined) out.notice(list.moreHint(first));
    return first;
  }
  const streaming = out.streamsPages;
  if (streaming) keepYoungGenerationSmall();
  const collected: T[] = [];
  const seen = new Set<string>();
  const progress = new ListProgress(out, list.progress.now, list.progress.noun);
  let page = first;
  for (;;) {
    progress.page(page.items.length);
    if (streaming) {
      progress.clear();
      await out.listPage(page.items, list.columns, list.csv);
    } else collected.push(...page.items);
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
  progress.clear();
  await out.listEnd(collected, list.columns, list.empty, list.csv);
  return first;
}
