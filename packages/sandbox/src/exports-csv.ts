// The CSV of an export, made as it is sent, so that 100,000 vouchers never sit in memory at once. By
// creation date (the default order) or by code, the table's indexes walk the entries in order, each
// read once as its line is written; by another order the matches are picked and sorted inside the
// download's transaction (their keys and sort values only, when they are entries of a slice), then
// read again.

import { EXPORT_SOURCES } from './exports-rows.js';
import { columnTitle, EXPORT_DATE_FIELD, type ExportedObject } from './facts/exports.js';
import type { ExportRecord } from './job-types.js';
import { type Filters, matchesFilters } from './list-filters.js';
import { keysByField, readAgain, streamInOrder, streamPairs } from './state-query.js';
import type { SandboxState } from './types.js';

type Row = Record<string, unknown>;

/**
 * About this many characters go out at a time. The chunk under way is alive at every scavenge of
 * V8's young generation, and what survives scavenges is what makes it grow: at 64 Ki characters it
 * grew to its largest over 100,000 vouchers, at 16 Ki over 200,000 (peak 105 MiB, 91 MiB at 8 Ki).
 */
const CHUNK_CHARS = 8 * 1024;

function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  return String(a) < String(b) ? -1 : 1;
}

/** The records the export holds, in its order: those that match, created no later than the export. */
export function exportRecords(state: SandboxState, record: ExportRecord, filters: Filters): Iterable<Row> {
  const object = record.exported_object as ExportedObject;
  const source = EXPORT_SOURCES[object];
  const dateField = EXPORT_DATE_FIELD[object];
  const createdBy = record.created_at;
  const order = record.parameters.order;
  const descending = order.startsWith('-');
  const field = descending ? order.slice(1) : order;
  const slice = source.slice?.(state);
  // By creation date (the default order) or by the slice's keys (vouchers by code), the table's
  // indexes give the order: each entry is read once, as its line is written, and nothing is kept
  // (100,000 vouchers: runs of 32 at a time).
  const by = field === 'created_at' ? 'created' : field === source.keyField ? 'key' : undefined;
  const walk =
    slice && by && dateField === 'created_at' ? streamInOrder(slice, by, descending, createdBy) : undefined;
  if (walk) {
    return (function* () {
      for (const [, row] of walk) if (matchesFilters(row, filters)) yield row;
    })();
  }
  // By another field (vouchers by `updated_at`), the database sorts the keys, and each entry is
  // read again as its line is written (100,000 vouchers: their keys alone are kept).
  const sorted =
    slice && keysByField(slice, field, descending, dateField === 'created_at' ? createdBy : null);
  if (slice && sorted) {
    return (function* () {
      for (const key of sorted) {
        const row = readAgain(slice, key);
        if (row && matchesFilters(row, filters)) yield row;
      }
    })();
  }
  // From a slice held in memory, only each match's key and the value it sorts by are kept; the rest is read again.
  const picked: Array<{ sort: unknown; key: string; row?: Row }> = [];
  const items: Iterable<[string, Row]> = slice
    ? streamPairs(slice)
    : (function* () {
        for (const item of source.records(state)) yield ['', item];
      })();
  for (const [key, item] of items) {
    const made = dateField === 'created_at' ? item.created_at : undefined;
    if (typeof made === 'string' && made > createdBy) continue;
    if (matchesFilters(item, filters))
      picked.push({ sort: item[field], key, ...(slice ? {} : { row: item }) });
  }
  // Ties by key, in the same direction, as the walk by creation date has them.
  picked.sort((a, b) => (descending ? -1 : 1) * (compare(a.sort, b.sort) || compare(a.key, b.key)));
  return (function* () {
    for (const entry of picked) {
      const row = entry.row ?? (slice ? readAgain(slice, entry.key) : undefined);
      if (row) yield row;
    }
  })();
}
/** The CSV, header first, in chunks of about CHUNK_CHARS. */
export function* csvChunks(
  object: ExportedObject,
  fields: readonly string[],
  records: Iterable<Row>,
): Generator<string> {
  const { cell } = EXPORT_SOURCES[object];
  let chunk = `${fields.map((f) => csvCell(columnTitle(f))).join(',')}\n`;
  for (const record of records) {
    chunk += `${fields.map((field) => csvCell(cell(record, field))).join(',')}\n`;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
