// Reading an `--input FILE|-` into records, each with the line it starts on: NDJSON (one JSON
// object a line), CSV with a header row, or plain lines (one value a line). The format comes from
// the file's extension, else from the content: a first line starting with `{` is NDJSON.
import type { InputStream } from '../context.js';
import { UsageError } from '../errors.js';
import { readTextSource } from '../input/json-source.js';
import { loadCsv } from '../lazy.js';
import { collectErrors } from './errors.js';

export type InputFormat = 'ndjson' | 'csv' | 'lines';

export type InputRecord =
  | { format: 'ndjson'; line: number; value: Record<string, unknown> }
  | { format: 'csv'; line: number; value: Record<string, string> }
  | { format: 'lines'; line: number; value: string };

export interface InputFile {
  format: InputFormat;
  records: InputRecord[];
  /** The CSV header row, as written. */
  columns?: string[];
}

export interface ReadOptions {
  /** The formats the command takes; the first of csv/lines is the default for text that is not NDJSON. */
  formats: InputFormat[];
  /** For `lines`: a first line that is one of these names is a CSV header instead (e.g. `code`). */
  headerNames?: string[];
}

export async function readInput(
  source: string,
  flag: string,
  stdin: InputStream,
  options: ReadOptions,
): Promise<InputFile> {
  const text = await readTextSource(source, flag, stdin);
  const format = detectFormat(source, text, options);
  if (format === 'ndjson') return { format, records: parseNdjson(text, flag) };
  if (format === 'csv') return parseCsv(text, flag, (await loadCsv()).parse);
  return { format, records: parseLines(text) };
}

function detectFormat(source: string, text: string, options: ReadOptions): InputFormat {
  const allowed = options.formats;
  const extension = /\.([a-z]+)$/i.exec(source)?.[1]?.toLowerCase();
  const byExtension: Record<string, InputFormat> = {
    ndjson: 'ndjson',
    jsonl: 'ndjson',
    csv: 'csv',
    txt: 'lines',
  };
  const named = extension ? byExtension[extension] : undefined;
  if (named && allowed.includes(named)) return named;
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  if (firstLine.trimStart().startsWith('{') && allowed.includes('ndjson')) return 'ndjson';
  if (allowed.includes('lines')) {
    const header = firstLine.split(',').map((cell) => cell.trim().toLowerCase());
    const isHeader = options.headerNames?.some((name) => header.includes(name)) ?? false;
    return isHeader && allowed.includes('csv') ? 'csv' : 'lines';
  }
  if (allowed.includes('csv')) return 'csv';
  return allowed[0] ?? 'lines';
}

function parseNdjson(text: string, flag: string): InputRecord[] {
  const records: InputRecord[] = [];
  const errors: UsageError[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    const line = index + 1;
    try {
      const value: unknown = JSON.parse(raw);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new UsageError(`line ${line} must be a JSON object`);
      }
      records.push({ format: 'ndjson', line, value: value as Record<string, unknown> });
    } catch (error) {
      errors.push(
        error instanceof UsageError
          ? error
          : new UsageError(`line ${line} is not valid JSON (${(error as Error).message})`),
      );
    }
  });
  collectErrors(errors, `${flag} has lines that are not JSON objects`);
  return records;
}

/** `parse` is csv-parse's, loaded only when a CSV is read. */
function parseCsv(text: string, flag: string, parse: typeof import('csv-parse/sync').parse): InputFile {
  let rows: Array<{ record: string[]; info: { lines: number } }>;
  try {
    rows = parse(text, { info: true, skip_empty_lines: true, bom: true }) as unknown as typeof rows;
  } catch (error) {
    throw new UsageError(`${flag}: not valid CSV: ${(error as Error).message}`);
  }
  const [header, ...data] = rows;
  if (!header) return { format: 'csv', records: [], columns: [] };
  const columns = header.record.map((name) => name.trim());
  const seen = new Set<string>();
  for (const column of columns) {
    if (column === '') throw new UsageError(`${flag}: the CSV header has an empty column name`);
    if (seen.has(column)) throw new UsageError(`${flag}: the CSV header names column '${column}' twice`);
    seen.add(column);
  }
  const records: InputRecord[] = data.map(({ record, info }) => {
    // info.lines is where the record ends; quoted fields may span lines.
    const spanned = record.reduce((n, field) => n + (field.match(/\n/g)?.length ?? 0), 0);
    const value = Object.fromEntries(columns.map((column, i) => [column, record[i] ?? '']));
    return { format: 'csv', line: info.lines - spanned, value };
  });
  return { format: 'csv', records, columns };
}

function parseLines(text: string): InputRecord[] {
  const records: InputRecord[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const value = raw.trim();
    if (value !== '') records.push({ format: 'lines', line: index + 1, value });
  });
  return records;
}
