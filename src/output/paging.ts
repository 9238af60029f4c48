// Paged lists, printed the way docs/cli.md fixes: one page, or every page with --all (one JSON array, one
// table, or NDJSON streamed page by page; the JSON array is written page by page too when nothing needs
// it whole), or the service's whole list object with --raw.

import { ExitCode, PromoError } from '../base/errors.js';
import { loadV8 } from '../base/lazy.js';
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

/**
 * A streamed walk allocates a page after page for as long as it runs (1,000 pages for 100,000
 * vouchers), and V8 answers that by growing its young generation to 32 MiB, which is most of what
 * such a run adds to its memory (the heap in use stays near 13 MiB: nothing is held). Growth off, it
 * stays at a few MiB and the run's peak drops by ~15-20 MiB, for more, smaller collections. V8
 * reads this flag each time it would grow; Node has no other way to set it from inside the process.
 */
export function keepYoungGenerationSmall(): void {
  // Set while the first page is on its way; only memory is at stake if it fails.
  loadV8().then(
    (v8) => v8.setFlagsFromString('--semi-space-growth-factor=1'),
    () => undefined,
  );
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
