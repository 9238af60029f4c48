// The first pass over an input file: every record read and prepared as it will be sent, the bad
// ones named (the first ten, and how many more), the records counted and the bytes hashed for
// --resume. A small file's payloads are kept, so that the run sends what was checked without
// reading and preparing every line a second time; a larger file keeps only a few, for a
// confirmation question, and is read again: memory stays flat.
import type { Hash } from 'node:crypto';
import { UsageError } from '../base/errors.js';
import type { Runtime } from '../runtime/runtime.js';
import type { BulkSpec, KeptLine } from './spec.js';

export type { KeptLine } from './spec.js';

import { CodeHashes } from './duplicate-codes.js';
import type { InputSource } from './lines.js';
import { readRecords } from './read.js';
import { CheckedLines, LineChecks } from './same-input.js';

const SHOWN = 10;
const PREVIEW = 5;
/** Files up to this size and this many lines keep their payloads (some tens of MiB at most). */
export const KEEP_MAX_BYTES = 4 * 1024 * 1024;
export const KEEP_MAX_LINES = 50_000;

export interface CheckedInput<P> {
  total: number;
  sha256: string;
  first: P[];
  /** Every line's payload, in order, for a small file. */
  kept?: Array<KeptLine<P>>;
  /** For a file read again: its hash up to each line, which the second read must match. */
  lines?: CheckedLines;
  /** A create's: the hashes of the codes that more than one line names (duplicate-codes.ts). */
  repeated?: Set<number>;
}

export async function checkWhole<P, Roles>(
  rt: Runtime,
  source: InputSource,
  spec: BulkSpec<P, Roles>,
  hash: Hash,
  /** Codes created by the runs resumed: a line naming one of them is a duplicate too. */
  earlier: Iterable<string> = [],
): Promise<CheckedInput<P>> {
  let kept: Array<KeptLine<P>> | undefined = (source.size ?? Infinity) <= KEEP_MAX_BYTES ? [] : undefined;
  const lines = new CheckedLines();
  const reading = await readRecords(source, spec.read, rt.ctx.signal, hash, new LineChecks());
  const roles = reading.columns ? spec.columns?.(reading.columns) : undefined;
  const shown: Array<{ line: number; problem: string }> = [];
  const first: P[] = [];
  const codes = spec.action.status === 'created' ? new CodeHashes() : undefined;
  for (const code of codes ? earlier : []) codes?.add(code);
  let bad = 0;
  let total = 0;
  for await (const item of reading.items) {
    total += 1;
    lines.add(item.line, item.digest);
    let problem: string | undefined;
    if (item.format === 'error') problem = item.error;
    else {
      try {
        const payload = spec.prepare(item, roles);
        if (first.length < PREVIEW) first.push(payload);
        const code = codes && spec.action.code(payload);
        if (code !== undefined) codes?.add(code);
        kept?.push({ line: item.line, prepared: payload });
        // A file that grew after it was measured.
        if (kept && kept.length > KEEP_MAX_LINES) kept = undefined;
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        // A message that names its line already is not prefixed twice ("line 5: line 5 ...").
        problem = error.message.startsWith(`line ${item.line}`)
          ? error.message
          : `line ${item.line}: ${error.message}`;
      }
    }
    if (problem === undefined) continue;
    bad += 1;
    kept = undefined;
    // The parser may report one broken row twice (a quote gone wrong): it is said once.
    if (shown.some((s) => s.line === item.line && s.problem === problem)) bad -= 1;
    else if (shown.length < SHOWN) shown.push({ line: item.line, problem });
  }
  // In the order of the input (the CSV parser tells some errors late).
  shown.sort((a, b) => a.line - b.line);
  if (bad === 1) throw new UsageError(`--input: ${shown[0]!.problem}; nothing was sent`);
  if (bad > 1) {
    const more = bad > SHOWN ? [`  … and ${bad - SHOWN} more`] : [];
    throw new UsageError(
      `--input has ${bad} bad lines; nothing was sent:\n${[...shown.map((s) => `  ${s.problem}`), ...more].join('\n')}`,
    );
  }
  const repeated = codes?.repeated();
  if (kept) lines.close();
  return { total, sha256: hash.digest('hex'), first, kept, lines: kept ? undefined : lines, repeated };
}
