// The flags every list command shares (--limit, --all, --raw) and fixed choices such as --order,
// checked before anything is sent.

import { MAX_LIMIT, MIN_LIMIT } from 'promo-sandbox/facts/lists';
import { UsageError } from '../base/errors.js';

export interface PagingFlags {
  limit?: string;
  all?: boolean;
  raw?: boolean;
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
