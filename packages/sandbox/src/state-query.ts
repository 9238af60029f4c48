// Queries for the routes that would otherwise walk a whole slice: a voucher by its id, a campaign's
// codes, a page of vouchers by creation date, a walk that keeps nothing (an export). Each answers
// from the database's indexes when the slice is the store's view (state-view.ts), and by walking the
// object otherwise (a route called directly on a plain state, as unit tests do).
import type { CreatedPage } from './state-db.js';
import { recordSliceOf } from './state-view.js';

type Slice = Record<string, Record<string, unknown>>;

/** The key of the entry whose `id` is `id`. */
export function keyById(slice: Slice, id: string): string | undefined {
  const view = recordSliceOf(slice);
  if (view) {
    const key = view.queries().keyByRef(view.name, id);
    // Changed in this transaction, the entry may say otherwise: the view has the last word.
    return key !== undefined && slice[key]?.id === id ? key : undefined;
  }
  for (const [key, entry] of Object.entries(slice)) if (entry.id === id) return key;
  return undefined;
}

/**
 * Whether any of the slices holds the key, asking the database once for all of them (a generated
 * code is checked against the live vouchers and the bin, 100,000 times for a campaign's launch).
 */
export function takenIn(slices: Slice[], key: string): boolean {
  const views = slices.map(recordSliceOf);
  const unknown: string[] = [];
  for (const [index, view] of views.entries()) {
    if (!view) {
      if (Object.hasOwn(slices[index] as Slice, key)) return true;
      continue;
    }
    const known = view.known(key);
    if (known) return true;
    if (known === undefined) unknown.push(view.name);
  }
  const first = views.find((view) => view !== undefined);
  return unknown.length > 0 && first !== undefined && first.queries().anyHas(unknown, key);
}

/** The keys of the entries of a campaign (`campaign_id`), in the slice's order. */
export function keysOfCampaign(slice: Slice, campaignId: string): string[] {
  const view = recordSliceOf(slice);
  if (view) {
    const found = view.queries().keysOfCampaign(view.name, campaignId);
    // Entries this transaction wrote are not in the table yet: the view checks every key it gives.
    return [...new Set([...found, ...view.written()])].filter(
      (key) => slice[key]?.campaign_id === campaignId,
    );
  }
  return Object.keys(slice).filter((key) => slice[key]?.campaign_id === campaignId);
}

/**
 * How many entries a campaign has, counted by the index without reading one (a program's answer
 * names its 100,000 cards' count); a slice this transaction changed is counted by its keys.
 */
export function countOfCampaign(slice: Slice, campaignId: string): number {
  const view = recordSliceOf(slice);
  if (view && !view.dirty) return view.queries().countOfCampaign(view.name, campaignId);
  return keysOfCampaign(slice, campaignId).length;
}

/** The keys that start with `prefix`, in the slice's order (those this transaction wrote last). */
export function keysWithPrefix(slice: Slice, prefix: string): string[] {
  const view = recordSliceOf(slice);
  if (view) {
    const found = view.queries().keysWithPrefix(view.name, prefix);
    const mine = view.written().filter((key) => key.startsWith(prefix));
    return [...new Set([...found, ...mine])].filter((key) => slice[key] !== undefined);
  }
  return Object.keys(slice).filter((key) => key.startsWith(prefix));
}

/** Every entry with its key, read as it is walked (nothing kept: an export of 100,000 vouchers). */
export function streamPairs(slice: Slice): Iterable<[string, Record<string, unknown>]> {
  const view = recordSliceOf(slice);
  return (view ? view.stream() : Object.entries(slice)) as Iterable<[string, Record<string, unknown>]>;
}

/**
 * The entries created no later than `createdBy`, in the order of an index, read a few at a time as
 * they are walked: by creation date (ties by key, in the same direction; those without a date last,
 * first when descending), or by key (those without a date included); undefined when the slice is a
 * plain object or this transaction changed it.
 */
export function streamInOrder(
  slice: Slice,
  by: 'created' | 'key',
  descending: boolean,
  createdBy: string,
): Iterable<[string, Record<string, unknown>]> | undefined {
  return recordSliceOf(slice)?.inOrder(by, descending, createdBy) as
    | Iterable<[string, Record<string, unknown>]>
    | undefined;
}

/**
 * The keys of the entries in the order of a field of theirs, sorted by the database (those
 * created no later than `createdBy`, or all with null); undefined when the slice is a plain object
 * or this transaction changed it.
 */
export function keysByField(
  slice: Slice,
  field: string,
  descending: boolean,
  createdBy: string | null,
): string[] | undefined {
  return recordSliceOf(slice)?.keysByField(field, descending, createdBy);
}

/** Every entry, read as it is walked. */
export function* streamEntries(slice: Slice): Generator<Record<string, unknown>> {
  for (const [, entry] of streamPairs(slice)) yield entry;
}

/**
 * A page of entries by creation date from the indexes, with the count of all that match; undefined
 * when the slice is a plain object or this transaction changed it (the caller then sorts itself).
 */
export function pageByCreated(
  slice: Slice,
  page: CreatedPage,
): { entries: Record<string, unknown>[]; total: number } | undefined {
  const view = recordSliceOf(slice);
  if (!view || view.dirty) return undefined;
  const { keys, total } = view.queries().pageByCreated(view.name, page);
  return { entries: keys.map((key) => slice[key] as Record<string, unknown>), total };
}

/** An entry as the database holds it now, remembered by no one (read after the transaction ended). */
export function readAgain(slice: Slice, key: string): Record<string, unknown> | undefined {
  const view = recordSliceOf(slice);
  return (view ? view.peek(key) : slice[key]) as Record<string, unknown> | undefined;
}
