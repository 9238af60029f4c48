// --dry-run of a bulk run: every line prepared and its request shown, nothing sent; a bad line is
// named (exit 2), and so is a line of a create that names an earlier line's code, as the run
// would record it (duplicate_in_input).
import { ExitCode, UsageError } from '../base/errors.js';
import { printDryRun } from '../output/dry-run.js';
import type { Runtime } from '../runtime/runtime.js';
import { duplicateMessage, FirstLines } from './duplicate-codes.js';
import type { Reading } from './read.js';
import type { CheckedLines } from './same-input.js';
import { preparedOrError } from './send.js';
import type { BulkSpec } from './spec.js';

/**
 * How much of a JSON dry run's output is written at once: under 4 KiB, so that each write's bytes
 * come from Node's shared buffer pool. Batches of 64 KiB were quicker by as much, but each left a
 * buffer of its own for the collector to find: 200,000 lines into /dev/null peaked at 90 MiB
 * against 66 MiB.
 */
const BATCH_CHARS = 4000;

/** What a file's first pass found: each line's hash, the hashes of codes that may repeat. */
export interface FirstPass {
  again?: CheckedLines;
  repeated?: ReadonlySet<number>;
}

export async function dryRun<P, Roles>(
  rt: Runtime,
  spec: BulkSpec<P, Roles>,
  reading: Reading,
  first: FirstPass = {},
): Promise<number> {
  const client = await rt.client();
  const roles = reading.columns ? spec.columns?.(reading.columns) : undefined;
  const codes = spec.action.status === 'created' ? new FirstLines([], first.repeated) : undefined;
  const duplicate = (line: number, payload: P) => {
    const code = codes && spec.action.code(payload);
    const earlier = code === undefined ? undefined : codes?.firstOf(line, code);
    return earlier === undefined ? undefined : `line ${line}: ${duplicateMessage(earlier)}`;
  };
  let bad = 0;
  // JSON lines go out in batches, each once stdout has taken the one before: a reader slower than
  // the check (a pipe into jq, a pager) holds the run back. Written one by one and never waited
  // for, 60,000 lines into a pipe nobody read yet held 123 MiB.
  let pending = '';
  const flush = async () => {
    const text = pending;
    pending = '';
    if (text) await rt.out.writeLines(text);
  };
  for await (const item of reading.items) {
    // A file edited since its first pass: what it found of the codes no longer holds.
    first.again?.verify(item.line, item.digest, spec.input);
    const payload = preparedOrError(item, spec, roles);
    const problem = 'error' in payload ? payload.error : duplicate(item.line, payload.value);
    if (problem !== undefined) {
      bad += 1;
      await flush();
      await rt.out.error(new UsageError(problem));
      continue;
    }
    if ('error' in payload) continue;
    const request = await client.dryRun(spec.action.request(payload.value));
    if (!rt.out.isJson) await printDryRun(rt.out, request);
    else {
      pending += `${JSON.stringify({ line: item.line, dry_run: true, request })}\n`;
      if (pending.length >= BATCH_CHARS) await flush();
    }
  }
  await flush();
  first.again?.end(spec.input);
  return bad ? ExitCode.usage : ExitCode.ok;
}
