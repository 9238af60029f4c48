// The first pass over an input file: every record read and prepared as it will be sent, the bad
// ones named (the first ten, and how many more), the records counted and the bytes hashed for
// --resume. Nothing is kept but a few payloads for a confirmation question: memory stays flat.
import type { Hash } from 'node:crypto';
import { UsageError } from '../errors.js';
import type { Runtime } from '../runtime.js';
import type { BulkSpec } from './engine.js';
import type { InputSource } from './lines.js';
import { readRecords } from './read.js';

const SHOWN = 10;
const PREVIEW = 5;

export interface CheckedInput<P> {
  total: number;
  sha256: string;
  first: P[];
}

export async function checkWhole<P, Roles>(
  rt: Runtime,
  source: InputSource,
  spec: BulkSpec<P, Roles>,
  hash: Hash,
): Promise<CheckedInput<P>> {
  const reading = await readRecords(source, spec.read, rt.ctx.signal, hash);
  const roles = reading.columns ? spec.columns?.(reading.columns) : undefined;
  const shown: string[] = [];
  const first: P[] = [];
  let bad = 0;
  let total = 0;
  for await (const item of reading.items) {
    total += 1;
    let problem: string | undefined;
    if (item.format === 'error') problem = item.error;
    else {
      try {
        const payload = spec.prepare(item, roles);
        if (first.length < PREVIEW) first.push(payload);
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        problem = `line ${item.line}: ${error.message}`;
      }
    }
    if (problem === undefined) continue;
    bad += 1;
    if (shown.length < SHOWN) shown.push(problem);
  }
  if (bad === 1) throw new UsageError(`--input: ${shown[0]}; nothing was sent`);
  if (bad > 1) {
    const more = bad > SHOWN ? [`  … and ${bad - SHOWN} more`] : [];
    throw new UsageError(
      `--input has ${bad} bad lines; nothing was sent:\n${[...shown.map((s) => `  ${s}`), ...more].join('\n')}`,
    );
  }
  return { total, sha256: hash.digest('hex'), first };
}
