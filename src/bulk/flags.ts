// The options every `--input` command shares, as one set: parsed and checked here, before anything
// is read or sent, whatever builds the command line.
import { UsageError } from '../base/errors.js';
import { parseRate } from './pacer.js';

export interface BulkFlags {
  concurrency: number;
  /** --rate, in requests a minute. */
  perMinute?: number;
  results?: string;
  resume?: string;
  resendUnknown: boolean;
  /** --skip N (older runs' way to resume): the first N records are recorded as skipped, not sent. */
  skip: number;
  /** --max-failures N: the run stops once N lines failed. */
  maxFailures?: number;
}

export interface RawBulkFlags {
  input?: string;
  concurrency?: string;
  rate?: string;
  results?: string;
  resume?: string;
  resendUnknown?: boolean;
  skip?: string;
  maxFailures?: string;
}

export const DEFAULT_CONCURRENCY = 4;
export const MAX_CONCURRENCY = 64;

export const BULK_HELP = `
--input runs: lines are read as a stream and a file is checked whole before the first request.
Each line's outcome goes to a journal (--results, or a file under the state directory named at
the start), one JSON line each: {"line","status","code","id","error"}, status created, updated,
deleted, sent, failed, skipped or unknown (the request may have reached the service and its answer
was lost, or the service answered 2xx with a body promo cannot read: it acted, on what it cannot
say).

After Ctrl-C, kill or a crash, run the same command with --resume JOURNAL, as often as needed:
done lines are skipped, unknown ones are checked first where they can be (a voucher with a code is
read back), failed ones are sent again. The input must be the same: a file's hash is kept; from
stdin, which is read once, each record keeps a hash of the input up to its line, and a resume
reads stdin up to the journal's last line, checking every line, before it sends anything again, so
that another input is refused (exit 2, nothing sent; with more than 10,000 lines to redo in that
stretch, the verified ones go out first). A journal of an older promo, without those hashes, is
matched by line number, with a warning.

A journal belongs to its run: --results refuses a file that exists and is not empty (resume it
with --resume, or remove it), the input file and a symbolic link; while a run holds it (FILE.lock
names the run) a second run on it is refused; and it keeps the account the run sent to (API URL
and app id, never the token) and the SHA-256 of --body, so a resume with another profile, API
URL, app id or an edited --body is refused (exit 2, nothing sent). A journal is read strictly: a
record promo did not write is refused with its line; a last record cut short by a crash counts as
unknown.

--max-failures N stops the run once N lines failed, as Ctrl-C does (those in flight finish, the
summary says why, exit 7). voucher create --skip-existing reads back a code that exists already:
the same fields, the line is skipped; other fields, it fails naming them.

promo runs list shows the journals in the state directory (where \`promo help environment\` says)
with their command, start, counts and status; promo runs prune --older-than 30d removes old ones.

Exit 0: all done; 7: some failed or unknown; 130: interrupted (Ctrl-C, SIGTERM, SIGHUP, or
stdout's reader left);
2: bad input (nothing sent).`;

function wholeNumber(value: string, flag: string, min: number, max: number): number {
  const n = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= min && n <= max))
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, not '${value}'`);
  return n;
}

export function parseBulkFlags(raw: RawBulkFlags): BulkFlags {
  if (raw.input === undefined) {
    for (const [flag, given] of [
      ['--concurrency', raw.concurrency],
      ['--rate', raw.rate],
      ['--results', raw.results],
      ['--resume', raw.resume],
      ['--skip', raw.skip],
      ['--max-failures', raw.maxFailures],
    ] as const)
      if (given !== undefined) throw new UsageError(`${flag} goes with --input`);
    if (raw.resendUnknown) throw new UsageError('--resend-unknown goes with --input and --resume');
  }
  if (raw.resendUnknown && raw.resume === undefined)
    throw new UsageError('--resend-unknown goes with --resume: it sends again the unknown lines of that run');
  if (raw.resume !== undefined && raw.results !== undefined)
    throw new UsageError('--resume adds to its own journal: leave out --results');
  if (raw.resume !== undefined && raw.skip !== undefined)
    throw new UsageError('--resume knows which lines are done: leave out --skip');
  return {
    concurrency:
      raw.concurrency === undefined
        ? DEFAULT_CONCURRENCY
        : wholeNumber(raw.concurrency, '--concurrency', 1, MAX_CONCURRENCY),
    perMinute: raw.rate === undefined ? undefined : parseRate(raw.rate),
    results: raw.results,
    resume: raw.resume,
    resendUnknown: raw.resendUnknown === true,
    skip: raw.skip === undefined ? 0 : wholeNumber(raw.skip, '--skip', 0, Number.MAX_SAFE_INTEGER),
    maxFailures:
      raw.maxFailures === undefined
        ? undefined
        : wholeNumber(raw.maxFailures, '--max-failures', 1, Number.MAX_SAFE_INTEGER),
  };
}
