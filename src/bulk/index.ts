// Bulk runs: `--input FILE|-` for every command that sends one request per line (voucher create,
// delete, update, enable, disable; event send). A command plugs in with one call:
//
//   runBulkInput(rt, {
//     command: 'voucher create',             // journal header; --resume refuses another command
//     input: flags.input,                    // a path, or - for stdin
//     read: { formats: ['ndjson', 'csv'] },  // and headerNames for code lists ('lines')
//     columns: (header) => roles,            // optional: check a CSV header once
//     prepare: (record, roles) => payload,   // one line, checked: throw UsageError if bad
//     action,                                // a BulkAction: send, request, and how to settle a lost answer
//     flags: parseBulkFlags(flags),          // --concurrency --rate --results --resume --resend-unknown --skip
//     dryRun, confirm?, importAdvice?,
//   }) → exit code (0 all done, 7 some failed or unknown, 130 interrupted, 2 bad input)
//
// The action (settle.ts) says what a line done is called (created, updated, deleted, sent), how
// to send it, and how to tell after a lost answer whether the service acted: `check` reads it
// back (a voucher by code), `repeatable` sends it again (a delete, an enable), `afterLoss` says
// what an error answer to a repeat means (a DELETE's 404: done; a create's 409: read it back).
// `marked` makes it a money write (settle-marked.ts): looked up by its mark, sent again only by a
// resume past the landing window (marked-write.ts). Without any of them, a lost answer leaves the line `unknown`, never sent again without
// --resend-unknown. The options: bulkOptions (src/commands/bulk-options.ts); text for --help: BULK_HELP.

//
// What runs a bulk input (the engine, the readers) is loaded when a run reads one, not with this
// file: every verb of a noun imports it for its flags and help, and `voucher get` paid for the
// whole engine's start-up.
import type { Runtime } from '../runtime/runtime.js';
import type { BulkSpec } from './engine.js';
import type { InputFile } from './read-all.js';
import type { BulkOptions, BulkReport } from './runner.js';

export { type Account, runAccount } from './binding.js';
export type { BulkSpec } from './engine.js';
export { collectErrors, PartialFailure, prepareAll } from './errors.js';
export {
  BULK_HELP,
  type BulkFlags,
  DEFAULT_CONCURRENCY,
  MAX_CONCURRENCY,
  parseBulkFlags,
  type RawBulkFlags,
} from './flags.js';
export type { Holder } from './holder.js';
export type { JournalRecord, LineStatus } from './journal.js';
export type { InputFormat, InputRecord, ReadOptions } from './read.js';
export type { InputFile } from './read-all.js';
export type { BulkItem, BulkOptions, BulkReport, Outcome } from './runner.js';
export { answerLost, type BulkAction, type Check, type Done } from './settle.js';

export async function runBulkInput<P, Roles>(
  ...args: [rt: Runtime, spec: BulkSpec<P, Roles>]
): Promise<number> {
  return (await import('./engine.js')).runBulkInput(...args);
}

export async function readInput(
  ...args: Parameters<typeof import('./read-all.js').readInput>
): Promise<InputFile> {
  return (await import('./read-all.js')).readInput(...args);
}

export async function runBulk<P, R>(
  ...args: [rt: Runtime, options: BulkOptions<P, R>]
): Promise<BulkReport<P, R>> {
  return (await import('./runner.js')).runBulk(...args);
}
