// The CSV of an export, made as it is sent: the matching records are picked and sorted inside the
// download's transaction (their keys and sort values only, when they are entries of a slice), then
// read again and written a chunk at a time, so that 100,000 vouchers never sit in memory at once.

import { EXPORT_SOURCES } from './exports-rows.js';
import { columnTitle, EXPORT_DATE_FIELD, type ExportedObject } from './facts/exports.js';
import type { ExportRecord } from './job-types.js';
import { type Filters, matchesFilters } from './list-filters.js';
import { readAgain, streamPairs } from './state-query.js';
import type { SandboxState } from './types.js';

type Row = Record<string, unknown>;

/** About this many characters go out at a time. */
const CHUNK_CHARS = 64 * 1024;

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
  // From a slice, only each match's key and the value it sorts by are kept; the rest is read again.
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
  picked.sort((a, b) => (descending ? -1 : 1) * compare(a.sort, b.sort));
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
