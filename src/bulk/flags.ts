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
  /** --take-over: with --resume, take the journal from a holder that is not provably dead. */
  takeOver: boolean;
  /** --skip N (older runs' way to resume): the first N records are recorded as skipped, not sent. */
  skip: number;
  /** --max-failures N: the run stops once N lines failed. */
  maxFailures?: number;
  /** --accept-old-journal: --resume takes a journal of an older promo, which binds less. */
  acceptOldJournal: boolean;
  /** --again: a money-moving run of a file that ran already against the account is meant (earlier-runs.ts). */
  again: boolean;
}

export interface RawBulkFlags {
  input?: string;
  concurrency?: string;
  rate?: string;
  results?: string;
  resume?: string;
  resendUnknown?: boolean;
  takeOver?: boolean;
  skip?: string;
  maxFailures?: string;
  acceptOldJournal?: boolean;
  again?: boolean;
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
read back, a redemption looked up by the mark promo gave it, a rollback read back by its
redemption's status), failed ones are sent again. The input must be the same: a file's hash is kept; from
stdin, which is read once, each record keeps a hash of the input up to its line, and a resume
reads stdin up to the journal's last line, checking every line, before it sends anything again, so
that another input is refused (exit 2, nothing sent; with more than 10,000 lines to redo in that
stretch, the verified ones go out first, and the refusal exits 7). A file read a second time during
the run (too large to keep) must be the one checked: edited, grown or cut short meanwhile, the run
stops there (exit 7 once lines were sent, 2 if none were) and never ends 0 with lines not done.

A journal belongs to its run: --results refuses a file that exists and is not empty (resume it
with --resume, or remove it), the input file and a symbolic link; while a run holds it (FILE.lock
names the run) a second run on it is refused. Its header binds the run: the account it sent to
(API URL and app id, never the token), the input's SHA-256 and line count, and the SHA-256 of
everything its options read (--body FILE, --body - from stdin, --customer @FILE, any @FILE). A
resume with another profile, API URL or app id, an edited file or other bytes on stdin is refused
(exit 2, nothing sent), naming the option and the file. The header is sealed whole (header_sha256):
a journal whose header was edited (its start, from which a redemption's mark is made, or any other
field) is refused, exit 2, saying so.

A journal is read strictly: a header field missing or null where promo writes a value, a record
with a status the command never writes, or anything else promo did not write is refused (exit 2),
naming the field or the line; a last record cut short by a crash counts as unknown. A journal of
an older promo, which bound less or had no seal, is named as such and resumed only with
--accept-old-journal (with a warning; the oldest's stdin lines are matched by number only).

A line's earlier answer holds: a line whose request was answered (a 409 "exists" included) is
never recorded as created by a resume; only a line whose earlier answer was lost (or a 5xx) takes a
409 as its own, after reading the voucher back. A line sent more than once says so with
"attempts": N in its record, and an error after a lost answer says how many times promo sent the
request (a create with its own code is repeated; other creates and events never are).

One run at a time writes a journal, and never loses it silently. A resume takes the journal of a
run that provably ended without letting go (on this machine, no process has its pid any more:
killed, crashed); of several resumes started at once, one takes it, the others are refused. A run
that may be alive is refused by name (exit 2: its pid, host, start and command): on this machine
even while paused (kill -STOP, Ctrl-Z), on another machine however long ago its lock was
refreshed. --take-over (with --resume) takes the journal anyway, though never from a run that is
running on this machine (stop that one with Ctrl-C). Before each burst of requests, and before
every retry or read-back of a line, a run checks that the journal is still its own: one that lost
it (paused while another took over) records the answers it was waiting for, sends nothing more and
exits 1 naming the new holder. Records are only ever appended.

A run that moves money (voucher redeem, redemption rollback, publication create) is never started
again on the same file by mistake: before anything is sent, promo looks for an earlier run of the
same command line (steering options aside), the same input file (its SHA-256) and the same account
that did something, in its runs store (and the journals put elsewhere with --results). Found, it names that run and its
journal and asks on a terminal (default no: exit 8); without one it refuses (exit 2, nothing sent)
unless --again says the file is meant to run again. To finish that run, resume it instead.

A file of redemptions may name a code on as many lines as it likes, each its own order: the service
says whether the code allows another use. Only creates refuse a second line naming the same code.

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
    if (raw.takeOver) throw new UsageError('--take-over goes with --input and --resume');
  }
  if (raw.takeOver && raw.resume === undefined)
    throw new UsageError('--take-over goes with --resume: it takes that journal from the run that holds it');
  if (raw.acceptOldJournal && raw.resume === undefined)
    throw new UsageError('--accept-old-journal goes with --resume: it resumes a journal of an older promo');
  if (raw.resendUnknown && raw.resume === undefined)
    throw new UsageError('--resend-unknown goes with --resume: it sends again the unknown lines of that run');
  if (raw.again && raw.input === undefined) throw new UsageError('--again goes with --input');
  if (raw.again && raw.resume !== undefined)
    throw new UsageError('--again starts a new run of the file: --resume continues its own, leave one out');
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
    takeOver: raw.takeOver === true,
    acceptOldJournal: raw.acceptOldJournal === true,
    again: raw.again === true,
    skip: raw.skip === undefined ? 0 : wholeNumber(raw.skip, '--skip', 0, Number.MAX_SAFE_INTEGER),
    maxFailures:
      raw.maxFailures === undefined
        ? undefined
        : wholeNumber(raw.maxFailures, '--max-failures', 1, Number.MAX_SAFE_INTEGER),
  };
}
