// Bulk runs: `--input FILE|-` for commands that send one request per item (voucher create,
// voucher delete, event send). Three steps, each its own function:
//
// 1. readInput(source, '--input', rt.ctx.stdin, { formats, headerNames? }) → { format, records, columns }
//    NDJSON (a JSON object a line), CSV with a header row (csv-parse; quoted fields may span lines),
//    or plain lines (one value a line). The format comes from the extension (.ndjson/.jsonl, .csv,
//    .txt), else from the content: a first line starting with `{` is NDJSON; with `lines` allowed, a
//    first line naming one of `headerNames` is a CSV header. Every record keeps its line number.
//    Bad JSON or CSV is a UsageError (exit 2) listing every bad line.
//
// 2. prepareAll(records, (r) => `line ${r.line}`, (r) => payload, heading) → payloads
//    Turn each record into the request payload, validating it, before anything is sent. Throw
//    UsageError for a bad record (an unknown CSV column, a bad value); prepareAll collects them all
//    and throws one UsageError listing up to ten, each prefixed with its label. Nothing is sent.
//
// 3. runBulk(rt, { items: [{ label, line?, payload }], skipped?, send, describe, noun, done,
//    resultJson?, failureExit? }) → { outcomes, notAttempted, interrupted, exitCode }
//    Sends the items one at a time, in order, and reports each outcome as it happens:
//    - json/ndjson output: one compact JSON line per item on stdout,
//      `{"item": N, "line": L, "ok": true, "result": ...}` or `{"item": N, "line": L, "ok": false,
//      "error": {...the error object of CLI.md...}}`; a run with failures also writes the usual
//      `{"error": ...}` on stderr (the item's own error when there was only one item).
//    - table output: `✓ label: describe(result)` or `error: label: message` on stderr, and a
//      summary line when there are several items. Data for stdout (a table of what was created)
//      is the caller's, from `outcomes`.
//    Exit code: 0 when all succeeded; one item alone exits with its own error's code; several
//    items with failures exit 7 (partial), or what `failureExit(failures)` says.
//    Ctrl-C (ctx.signal) stops before the next item, exits 130 and prints how to resume with
//    `--skip N`; so does an error that would fail every following item (401/403 → 4, 429 → 5,
//    network/5xx → 6, with that exit code). `skipped` is the caller's --skip, so numbers and the
//    resume hint count from the start of the input.

export { collectErrors, PartialFailure, prepareAll } from './errors.js';
export { type InputFile, type InputFormat, type InputRecord, type ReadOptions, readInput } from './read.js';
export { type BulkItem, type BulkOptions, type BulkReport, type Outcome, runBulk } from './runner.js';

import { UsageError } from '../errors.js';

/** `--skip N`: how many items of the input to leave out (they were done by an earlier run). */
export function parseSkip(value: string | undefined): number {
  if (value === undefined) return 0;
  if (!/^\d+$/.test(value.trim()))
    throw new UsageError(`--skip must be a whole number, 0 or more, not '${value}'`);
  return Number(value);
}
