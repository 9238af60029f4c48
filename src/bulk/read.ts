// An `--input` as a stream of records, each with the line it starts on: NDJSON (one JSON object a
// line), CSV with a header row, or plain lines (one value a line). The format comes from the
// file's extension, else from the first line that is not blank: `{` starts NDJSON; with `lines`
// allowed, a first line of several columns naming one of `headerNames` is a CSV header (a lone
// `code` is a value like any other: a voucher may be called so). A bad record is an item with
// an error (the caller decides: a file is refused whole, stdin records it as failed).

import type { Hash } from 'node:crypto';
import { inexactNumber, inexactNumberError } from '../input/exact-numbers.js';
import { chunksOf, type InputSource, linesOf, lineText, MAX_LINE_BYTES } from './lines.js';
import { readCsv } from './read-csv.js';
import type { InputFormat, ReadItem, Reading, ReadOptions } from './records.js';
import type { LineDigests } from './same-input.js';

export type { InputFormat, InputRecord, ReadItem, Reading, ReadOptions } from './records.js';

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
  prefix?: LineDigests,
): Promise<Reading> {
  const chunks = replayable(chunksOf(source, signal, hash));
  const byName = EXTENSIONS[/\.([a-z]+)$/i.exec(source.name)?.[1]?.toLowerCase() ?? ''];
  const format =
    byName && options.formats.includes(byName) ? byName : detect(await chunks.peekLine(), options);
  if (format === 'csv') return readCsv(chunks, prefix);
  return { format, items: textItems(linesOf(chunks), prefix, format === 'ndjson' ? ndjsonItem : plainItem) };
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

/**
 * An item for each line that is not blank (`item` makes it from the text); a line too long or not
 * UTF-8 is an error item. One generator for reading and parsing: each layer of them costs every
 * line a promise and a turn of the microtask queue.
 */
async function* textItems(
  lines: ReturnType<typeof linesOf>,
  prefix: LineDigests | undefined,
  item: (text: string, line: number, digest: string | undefined) => ReadItem,
): AsyncGenerator<ReadItem> {
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
    else if (text.trim() !== '') yield item(text, line, prefix?.digest());
  }
}

function ndjsonItem(text: string, line: number, digest: string | undefined): ReadItem {
  const record = ndjsonRecord(text, line);
  if (digest !== undefined) record.digest = digest;
  return record;
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

function plainItem(text: string, line: number, digest: string | undefined): ReadItem {
  return { format: 'lines', line, value: text.trim(), digest };
}
