// The flags every list command shares (--limit, --page, --all, --raw), their specs and their
// checks, and fixed choices such as --order, checked before anything is sent.

import { MAX_LIMIT, MAX_PAGE, MIN_LIMIT } from 'promo-sandbox/facts/lists';
import { UsageError } from '../base/errors.js';

export interface PagingFlags {
  limit?: string;
  page?: string;
  all?: boolean;
  raw?: boolean;
}

/** --limit, --all and --raw of a list paged by cursor; `what` is its items (`publications`). */
export function cursorListOptions(what: string, all: string) {
  return {
    limit: {
      type: 'value',
      short: 'l',
      value: 'n',
      help: `${what} per page, 1 to 100 (default 10; 100 with --all)`,
    },
    all: { type: 'switch', help: all },
    raw: { type: 'switch', help: "print the service's list object of one page (with total)" },
  } as const;
}

/** The same and --page, for a list the service pages by number, up to page 99. */
export function pagedListOptions(what: string, all: string) {
  return {
    ...cursorListOptions(what, all),
    page: { type: 'value', value: 'n', help: 'which page, 1 to 99 (the service pages no further)' },
  } as const;
}

/**
 * --page: a whole number from 1 to `max` (the service's last page, 99, by default), never with
 * --all, which reads every page itself.
 */
export function parsePage(flags: PagingFlags, max = MAX_PAGE): number | undefined {
  if (flags.page === undefined) return undefined;
  const page = /^\d{1,6}$/.test(flags.page.trim()) ? Number(flags.page.trim()) : Number.NaN;
  if (!(page >= 1 && page <= max)) {
    throw new UsageError(
      `--page must be a whole number from 1${max === Infinity ? '' : ` to ${max}`}, not '${flags.page}'`,
      max === MAX_PAGE
        ? 'The service pages no further than 99; --all reads past it by narrowing the created_at window.'
        : undefined,
    );
  }
  if (flags.all) throw new UsageError('--page picks one page and --all reads them all: give one of them');
  return page;
}

/** --limit (page size, 1..100), --all and --raw, checked before anything is sent. */
export function parsePagingFlags(flags: PagingFlags): { limit?: number; all: boolean; raw: boolean } {
  let limit: number | undefined;
  if (flags.limit !== undefined) {
    limit = /^\d{1,4}$/.test(flags.limit.trim()) ? Number(flags.limit.trim()) : Number.NaN;
    if (!(limit >= MIN_LIMIT && limit <= MAX_LIMIT)) {
      throw new UsageError(
        `--limit must be a whole number from ${MIN_LIMIT} to ${MAX_LIMIT}, not '${flags.limit}'`,
      );
    }
  }
  const all = flags.all === true;
  const raw = flags.raw === true;
  if (all && raw) {
    throw new UsageError(
      '--raw prints one page as the service sent it, so it cannot be combined with --all',
      'Use --all for every item, or --raw and follow the page position by hand.',
    );
  }
  return { limit, all, raw };
}

/** One of a fixed set of values, named in the error when it is not. */
export function parseChoice<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  flag: string,
): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, not '${value}'`);
  }
  return value as T;
}
