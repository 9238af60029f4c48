// CSV input through csv-parse's stream parser (loaded only for CSV): a header row, then one record
// a row; a bad row is skipped and reported. Every record and every error names the line of the
// file it starts on, as an editor shows it: a line ends at \n (or \r\n), and a quoted field may
// hold line breaks, so a record may span lines. csv-parse counts a quoted \r\n as two lines and a
// lone \r as one, so promo counts them itself: a record starts where the one before it ended (the
// bytes the parser had taken then), past any blank lines.
import type { Transform } from 'node:stream';
import { UsageError } from '../base/errors.js';
import { loadCsvStream } from '../base/lazy.js';
import { MAX_LINE_BYTES } from './lines.js';
import type { ReadItem, Reading } from './records.js';
import type { LineDigests } from './same-input.js';

interface CsvRow {
  record: string[];
  info: { bytes: number };
}

interface CsvSkip {
  code?: string;
  message: string;
  bytes?: number;
  record?: string[];
}

export async function readCsv(
  chunks: AsyncIterable<Buffer>,
  prefix: LineDigests | undefined,
): Promise<Reading> {
  const { parse } = await loadCsvStream();
  const lines = new LineCounter();
  // Told as the parser meets them, said once the header (and its width) is known.
  const skipped: Array<{ line: number; skip: CsvSkip }> = [];
  const parser = parse({
    info: true,
    bom: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_LINE_BYTES,
    on_skip: (error) => {
      const skip = error as unknown as CsvSkip;
      const line = lines.startOfNext();
      // A row of the wrong length was read whole: the next starts after it. After a quote gone
      // wrong the parser's count of bytes is no guide.
      if (skip.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' && skip.bytes) lines.recordEnd = skip.bytes;
      skipped.push({ line, skip });
      return undefined;
    },
  });
  const rows = csvRows(chunks, parser, lines);
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
  const badRow = ({ line, skip }: { line: number; skip: CsvSkip }) => {
    const error = `line ${line} is not valid CSV: ${csvProblem(skip, columns.length)}`;
    return hashed({ format: 'error', line, error }, `\0${error}`);
  };
  async function* items(): AsyncGenerator<ReadItem> {
    for await (const row of rows) {
      while (skipped.length) yield badRow(skipped.shift()!);
      const value = Object.fromEntries(columns.map((column, i) => [column, row.record[i] ?? '']));
      yield hashed({ format: 'csv', line: row.line, value }, JSON.stringify(row.record));
    }
    while (skipped.length) yield badRow(skipped.shift()!);
  }
  return { format: 'csv', columns, items: header ? items() : (async function* () {})() };
}

/** What is wrong with a row, in words for people (the parser's own line counting left out). */
function csvProblem(skip: CsvSkip, width: number): string {
  switch (skip.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
      return `it has ${skip.record?.length ?? 'another number of'} fields, the header ${width}`;
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a quoted field goes on after its closing quote (a quote inside quotes is written "")';
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is never closed (a " is missing)';
    default:
      return skip.message.replace(/\s*(at|on) line \d+/g, '');
  }
}

/**
 * Line numbers by byte offset in the input, counted as the bytes go by: only the chunks the parser
 * has not finished with are kept.
 */
class LineCounter {
  private chunks: Buffer[] = [];
  /** Bytes of the input before chunks[0]. */
  private base = 0;
  /** Where the count has got to, and the line there (1-based). */
  private offset = 0;
  line = 1;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  /** The line of the byte at `offset` (line breaks before it, plus one); offsets only go forward. */
  lineAt(offset: number): number {
    while (this.offset < offset && this.chunks.length) {
      const chunk = this.chunks[0]!;
      const end = Math.min(offset - this.base, chunk.length);
      for (let i = this.offset - this.base; i < end; i++) if (chunk[i] === 10) this.line += 1;
      this.offset = this.base + end;
      if (end === chunk.length) {
        this.chunks.shift();
        this.base += chunk.length;
      } else break;
    }
    return this.line;
  }

  /**
   * The line a record starts on: the first byte after the previous record's end that is not a
   * line break (blank lines are skipped).
   */
  startOfNext(): number {
    this.lineAt(this.recordEnd);
    for (;;) {
      const chunk = this.chunks[0];
      if (!chunk) return this.line;
      const byte = chunk[this.offset - this.base];
      if (byte === undefined) {
        this.chunks.shift();
        this.base += chunk.length;
        continue;
      }
      if (byte !== 10 && byte !== 13) return this.line;
      if (byte === 10) this.line += 1;
      this.offset += 1;
    }
  }

  /** Where the last record the parser gave ended (its `info.bytes`). */
  recordEnd = 0;
}

/** Feeds the chunks to the parser as it asks for them, so that memory stays bounded. */
async function* csvRows(
  chunks: AsyncIterable<Buffer>,
  parser: Transform,
  lines: LineCounter,
): AsyncGenerator<{ record: string[]; line: number }> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // Numbered as the parser gives them, in its order with the rows it skips (on_skip).
  const ready: Array<{ record: string[]; line: number }> = [];
  parser.on('data', (row: CsvRow) => {
    ready.push({ record: row.record, line: lines.startOfNext() });
    lines.recordEnd = row.info.bytes;
  });
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure = error;
  });
  let sinceBreak = 0;
  for await (const read of chunks) {
    // A file's chunk is a view of one buffer that the next read fills again (lines.ts): the line
    // counter and the parser keep bytes past it, so they get a copy of their own. Kept as a view,
    // the bytes not yet counted at a chunk's end were counted from the next chunk instead, and
    // line numbers drifted by about one a chunk.
    const chunk = Buffer.from(read);
    checkUtf8(decoder, chunk, lines);
    const lastBreak = chunk.lastIndexOf(10);
    sinceBreak = lastBreak === -1 ? sinceBreak + chunk.length : chunk.length - lastBreak - 1;
    lines.push(chunk);
    // The parser would hold a line that never ends (`--input /dev/zero`) whole: stop before.
    if (sinceBreak > MAX_LINE_BYTES)
      throw new UsageError(`--input: line ${lines.lineAt(Number.MAX_SAFE_INTEGER)} is longer than 1 MiB`);
    parser.write(chunk);
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

/** Refuses bytes that are not UTF-8, naming the line they are on. */
function checkUtf8(decoder: InstanceType<typeof TextDecoder>, chunk: Buffer, lines: LineCounter): void {
  try {
    decoder.decode(chunk, { stream: true });
    return;
  } catch {
    // Where: the longest start of the chunk that still decodes (a fresh decoder: the one above is spent).
  }
  let good = 0;
  let bad = chunk.length;
  while (bad - good > 1) {
    const mid = (good + bad) >>> 1;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(chunk.subarray(0, mid), { stream: true });
      good = mid;
    } catch {
      bad = mid;
    }
  }
  const before = chunk.subarray(0, good).reduce((n, byte) => n + (byte === 10 ? 1 : 0), 0);
  throw new UsageError(`--input: line ${lines.lineAt(Number.MAX_SAFE_INTEGER) + before} is not valid UTF-8`);
}
