// The CSV of an export, made as it is sent: the matching records are picked and sorted inside the
// download's transaction (references only: entries of the state are replaced, never edited, so
// they stay as they were), then written a chunk at a time, so that 100,000 vouchers never sit in
// memory as one file.

import { EXPORT_SOURCES } from './exports-rows.js';
import { columnTitle, EXPORT_DATE_FIELD, type ExportedObject } from './facts/exports.js';
import type { ExportRecord } from './job-types.js';
import { type Filters, matchesFilters } from './list-filters.js';
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
export function exportRecords(state: SandboxState, record: ExportRecord, filters: Filters): Row[] {
  const object = record.exported_object as ExportedObject;
  const dateField = EXPORT_DATE_FIELD[object];
  const createdBy = record.created_at;
  const picked: Row[] = [];
  for (const item of EXPORT_SOURCES[object].records(state)) {
    const made = dateField === 'created_at' ? item.created_at : undefined;
    if (typeof made === 'string' && made > createdBy) continue;
    if (matchesFilters(item, filters)) picked.push(item);
  }
  const order = record.parameters.order;
  const descending = order.startsWith('-');
  const field = descending ? order.slice(1) : order;
  picked.sort((a, b) => (descending ? -1 : 1) * compare(a[field], b[field]));
  return picked;
}

/** The CSV, header first, in chunks of about CHUNK_CHARS. */
export function* csvChunks(
  object: ExportedObject,
  fields: readonly string[],
  records: Row[],
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
