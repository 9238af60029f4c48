// An `--input` as a stream of records, each with the line it starts on: NDJSON (one JSON object a
// line), CSV with a header row, or plain lines (one value a line). The format comes from the
// file's extension, else from the first line that is not blank: `{` starts NDJSON; with `lines`
// allowed, a first line of several columns naming one of `headerNames` is a CSV header (a lone
// `code` is a value like any other: a voucher may be called so). A bad record is an item with
// an error (the caller decides: a file is refused whole, stdin records it as failed).

import type { Hash } from 'node:crypto';
import { UsageError } from '../errors.js';
import { inexactNumber, inexactNumberError } from '../input/exact-numbers.js';
import { loadCsvStream } from '../lazy.js';
import { chunksOf, type InputSource, linesOf, lineText, MAX_LINE_BYTES } from './lines.js';
import type { PrefixHash } from './same-input.js';

export type InputFormat = 'ndjson' | 'csv' | 'lines';

export type InputRecord =
  | { format: 'ndjson'; line: number; value: Record<string, unknown> }
  | { format: 'csv'; line: number; value: Record<string, string> }
  | { format: 'lines'; line: number; value: string };

/** `digest`: the input's hash up to this record, when asked for (same-input.ts). */
export type ReadItem = (InputRecord | { format: 'error'; line: number; error: string }) & { digest?: string };

export interface ReadOptions {
  /** The formats the command takes; the first of csv/lines is the default for text that is not NDJSON. */
  formats: InputFormat[];
  /** For `lines`: a first line of several columns, one of them one of these names, is a CSV header instead. */
  headerNames?: string[];
}

export interface Reading {
  format: InputFormat;
  /** The CSV header row, as written. */
  columns?: string[];
  items: AsyncGenerator<ReadItem>;
}

const EXTENSIONS: Record<string, InputFormat> = {
  ndjson: 'ndjson',
  jsonl: 'ndjson',
  csv: 'csv',
  txt: 'lines',
};

/** Starts reading; resolves once the format (and a CSV header) is known. `prefix` hashes the records as read. */
export async function readRecords(
  source: InputSource,
  options: ReadOptions,
  signal?: AbortSignal,
  hash?: Hash,
  prefix?: PrefixHash,
): Promise<Reading> {
  const chunks = replayable(chunksOf(source, signal, hash));
  const byName = EXTENSIONS[/\.([a-z]+)$/i.exec(source.name)?.[1]?.toLowerCase() ?? ''];
  const format =
    byName && options.formats.includes(byName) ? byName : detect(await chunks.peekLine(), options);
  if (format === 'csv') return readCsv(chunks, prefix);
  const lines = textLines(linesOf(chunks), prefix);
  const items = format === 'ndjson' ? ndjsonItems(lines) : plainItems(lines);
  return { format, items };
}

function detect(firstLine: string, options: ReadOptions): InputFormat {
  const allowed = options.formats;
  if (firstLine.trimStart().startsWith('{') && allowed.includes('ndjson')) return 'ndjson';
  if (allowed.includes('lines')) {
    const header = firstLine.split(',').map((cell) => cell.trim().toLowerCase());
    const isHeader =
      header.length > 1 && (options.headerNames?.some((name) => header.includes(name)) ?? false);
    return isHeader && allowed.includes('csv') ? 'csv' : 'lines';
  }
  if (allowed.includes('csv')) return 'csv';
  return allowed[0] ?? 'lines';
}

/** Chunks that can be looked into before they are read: the first line that is not blank. */
function replayable(chunks: AsyncGenerator<Buffer>) {
  const seen: Buffer[] = [];
  return {
    async peekLine(): Promise<string> {
      let size = 0;
      for (;;) {
        const text = Buffer.concat(seen).toString('utf8');
        const line = text.split(/\r?\n/).find((l, i, all) => l.trim() !== '' && i < all.length - 1);
        if (line !== undefined || size > MAX_LINE_BYTES) return line ?? text.slice(0, 1000);
        const next = await chunks.next();
        if (next.done) return text;
        seen.push(Buffer.from(next.value));
        size += next.value.length;
      }
    },
    async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
      while (seen.length) yield seen.shift()!;
      yield* chunks;
    },
  };
}

type TextLine = { line: number; text: string; digest?: string };

/** The text of each line that is not blank; a line too long or not UTF-8 is an error item. */
async function* textLines(
  lines: ReturnType<typeof linesOf>,
  prefix: PrefixHash | undefined,
): AsyncGenerator<TextLine | ReadItem> {
  for await (const raw of lines) {
    const { line } = raw;
    // A line too long is not kept, its bytes neither: its length stands for it.
    prefix?.add('tooLong' in raw ? '\0too long' : raw.bytes);
    if ('tooLong' in raw) {
      yield { format: 'error', line, error: `line ${line} is longer than 1 MiB`, digest: prefix?.digest() };
      continue;
    }
    const text = lineText(raw);
    if (text === undefined)
      yield { format: 'error', line, error: `line ${line} is not valid UTF-8`, digest: prefix?.digest() };
    else if (text.trim() !== '') yield { line, text, digest: prefix?.digest() };
  }
}

async function* ndjsonItems(lines: AsyncGenerator<TextLine | ReadItem>): AsyncGenerator<ReadItem> {
  for await (const item of lines) {
    if (!('text' in item)) yield item;
    else {
      const record = ndjsonRecord(item.text, item.line);
      if (item.digest !== undefined) record.digest = item.digest;
      yield record;
    }
  }
}

function ndjsonRecord(text: string, line: number): ReadItem {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { format: 'error', line, error: `line ${line} is not valid JSON (${(error as Error).message})` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { format: 'error', line, error: `line ${line} must be a JSON object` };
  const inexact = inexactNumber(text);
  if (inexact !== undefined)
    return { format: 'error', line, error: inexactNumberError(inexact, `line ${line}`).message };
  return { format: 'ndjson', line, value: value as Record<string, unknown> };
}

async function* plainItems(lines: AsyncGenerator<TextLine | ReadItem>): AsyncGenerator<ReadItem> {
  for await (const item of lines)
    yield 'text' in item
      ? { format: 'lines', line: item.line, value: item.text.trim(), digest: item.digest }
      : item;
}

type CsvRow = { record: string[]; info: { lines: number } };

/** CSV through csv-parse's stream parser (loaded only for CSV): a bad row is skipped and reported. */
async function readCsv(chunks: AsyncIterable<Buffer>, prefix: PrefixHash | undefined): Promise<Reading> {
  const { parse } = await loadCsvStream();
  const skipped: ReadItem[] = [];
  const parser = parse({
    info: true,
    bom: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_LINE_BYTES,
    on_skip: (error) => {
      const line = (error as { lines?: number } | undefined)?.lines ?? 0;
      skipped.push({ format: 'error', line, error: `line ${line} is not valid CSV: ${error?.message}` });
      return undefined;
    },
  });
  const rows = csvRows(chunks, parser);
  const first = await rows.next();
  const header = first.done ? undefined : first.value;
  const columns = header ? header.record.map((name) => name.trim()) : [];
  if (header) prefix?.add(JSON.stringify(header.record));
  const hashed = (item: ReadItem, fields: string): ReadItem => {
    if (!prefix) return item;
    prefix.add(fields);
    item.digest = prefix.digest();
    return item;
  };
  const seen = new Set<string>();
  for (const column of columns) {
    if (column === '') throw new UsageError('--input: the CSV header has an empty column name');
    if (seen.has(column)) throw new UsageError(`--input: the CSV header names column '${column}' twice`);
    seen.add(column);
  }
  const badRow = (item: ReadItem) => hashed(item, 'error' in item ? `\0${item.error}` : '');
  async function* items(): AsyncGenerator<ReadItem> {
    for await (const { record, info } of rows) {
      while (skipped.length) yield badRow(skipped.shift()!);
      // info.lines is where the record ends; quoted fields may span lines.
      const spanned = record.reduce((n, field) => n + (field.match(/\n/g)?.length ?? 0), 0);
      const value = Object.fromEntries(columns.map((column, i) => [column, record[i] ?? '']));
      yield hashed({ format: 'csv', line: info.lines - spanned, value }, JSON.stringify(record));
    }
    while (skipped.length) yield badRow(skipped.shift()!);
  }
  return { format: 'csv', columns, items: header ? items() : (async function* () {})() };
}

/** Feeds the chunks to the parser as it asks for them, so that memory stays bounded. */
async function* csvRows(
  chunks: AsyncIterable<Buffer>,
  parser: import('node:stream').Transform,
): AsyncGenerator<CsvRow> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const ready: CsvRow[] = [];
  parser.on('data', (row: CsvRow) => ready.push(row));
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure = error;
  });
  let lines = 1;
  let sinceBreak = 0;
  for await (const chunk of chunks) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw new UsageError(`--input is not valid UTF-8 (after line ${lines})`);
    }
    const breaks = text.split('\n').length - 1;
    lines += breaks;
    sinceBreak = breaks ? text.length - text.lastIndexOf('\n') - 1 : sinceBreak + text.length;
    // The parser would hold a line that never ends (`--input /dev/zero`) whole: stop before.
    if (sinceBreak > MAX_LINE_BYTES) throw new UsageError(`--input: line ${lines} is longer than 1 MiB`);
    parser.write(text);
    // The parser may hand its rows over on a later tick.
    await new Promise((resolve) => setImmediate(resolve));
    while (ready.length) yield ready.shift()!;
    if (failure) throw new UsageError(`--input: not valid CSV: ${failure.message}`);
  }
  const ended = new Promise((resolve) => parser.once('end', resolve).once('error', resolve));
  parser.end();
  await ended;
  while (ready.length) yield ready.shift()!;
  if (failure) throw new UsageError(`--input: not valid CSV: ${(failure as Error).message}`);
}
