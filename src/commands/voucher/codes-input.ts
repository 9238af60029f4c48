// Codes given as arguments and/or `--input FILE|-` (one a line, a CSV code column, or NDJSON with
// a `code` field), checked before anything is sent: for delete, enable and disable.
import { UsageError } from '../../base/errors.js';
import {
  type BulkItem,
  type InputRecord,
  prepareAll,
  type ReadOptions,
  readInput,
} from '../../bulk/index.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { OptionSpec } from '../../toolkit/define.js';
import { checkCode } from './code.js';

/**
 * How a list of codes is read: one a line, NDJSON with a code field, or a CSV with a code column
 * (a .csv file, or a first line of several columns naming code). A plain list whose first line is
 * `code` holds a voucher named so: it is not taken for a header, and is not skipped.
 */
export const CODE_LIST: ReadOptions = { formats: ['ndjson', 'lines', 'csv'], headerNames: ['code'] };

/** The `--input` option of every command that takes a list of codes. */
export const codesInputOption = {
  type: 'value',
  value: 'file',
  complete: 'files',
  help: 'codes from a file, or - for stdin: one a line, a CSV code column, or NDJSON',
} as const satisfies OptionSpec;

/** A CSV of codes has one column, code: anything else is refused before anything is sent. */
export function codeColumns(columns: string[]): void {
  const unknown = columns.find((column) => column.toLowerCase() !== 'code');
  if (unknown) throw new UsageError(`--input: unknown CSV column '${unknown}' (the only column is code)`);
}

/** A code from a record: a plain line, the `code` column of a CSV, or the `code` field of a JSON line. */
export function recordCode(record: InputRecord): string {
  if (record.format === 'lines') return checkCode(record.value, 'code');
  if (record.format === 'csv') return checkCode(Object.values(record.value)[0]?.trim() ?? '', 'code');
  const code = record.value.code;
  if (typeof code !== 'string') throw new UsageError('needs a "code" field holding a string');
  return checkCode(code, 'code');
}

/** The arguments' codes, then the input's, each once. */
export async function codeItems(
  codes: string[],
  inputSource: string | undefined,
  rt: Runtime,
): Promise<BulkItem<string>[]> {
  const items: BulkItem<string>[] = codes.map((code) => ({ label: code, payload: code }));
  if (inputSource) {
    const input = await readInput(inputSource, '--input', rt.ctx, CODE_LIST);
    codeColumns(input.columns ?? []);
    const read = prepareAll(
      input.records,
      (r) => `--input line ${r.line}`,
      recordCode,
      '--input has invalid lines',
    );
    input.records.forEach((r, i) => {
      items.push({ label: read[i]!, line: r.line, payload: read[i]! });
    });
  }
  // The same code twice would only do the same thing twice: once is enough.
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.payload) && seen.add(item.payload));
}
