// The whole of an input in memory, for a command that needs every record at once (voucher import
// packs them into 10 MB requests). A bad record refuses the input: every bad line named.
import type { StdinOf } from '../base/context.js';
import { UsageError } from '../base/errors.js';
import { collectErrors } from './errors.js';
import { inputSource } from './lines.js';
import { type InputFormat, type InputRecord, type ReadOptions, readRecords } from './read.js';

export interface InputFile {
  format: InputFormat;
  records: InputRecord[];
  /** The CSV header row, as written. */
  columns?: string[];
}

export async function readInput(
  source: string,
  flag: string,
  run: StdinOf,
  options: ReadOptions,
  signal?: AbortSignal,
): Promise<InputFile> {
  const reading = await readRecords(inputSource(source, run, flag), options, signal);
  const records: InputRecord[] = [];
  const errors: UsageError[] = [];
  for await (const item of reading.items) {
    if (item.format === 'error') errors.push(new UsageError(item.error));
    else records.push(item);
  }
  collectErrors(errors, `${flag} has bad lines`);
  return { format: reading.format, records, columns: reading.columns };
}
