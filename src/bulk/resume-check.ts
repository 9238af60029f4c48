// Whether a journal may be resumed by this run, all checked before anything is sent: the same
// command line and input (resume.ts), records of statuses this command writes, and the account and
// files of its run (binding.ts). A journal of an older promo, which bound less, only when asked.
import { UsageError } from '../base/errors.js';
import { type Account, checkBinding } from './binding.js';
import { UNSEALED_JOURNAL_FORMAT } from './journal.js';
import type { ReadJournal } from './journal-read.js';
import { checkResumable } from './resume.js';
import type { BulkSpec } from './spec.js';

export interface ThisRun {
  /** The command line without its steering options. */
  args: string[];
  /** A file's SHA-256 and count of lines; none for an input read once. */
  whole?: { sha256: string; total: number };
  account: Account;
  files: Record<string, string>;
}

/** Throws UsageError (exit 2) for a journal this run must not resume; returns a warning to print, if any. */
export function checkResume<P, Roles>(
  resumed: ReadJournal,
  path: string,
  spec: BulkSpec<P, Roles>,
  run: ThisRun,
): string | undefined {
  const unsealed = resumed.header.journal === UNSEALED_JOURNAL_FORMAT;
  if (resumed.older && !spec.flags.acceptOldJournal) throw olderJournal(path, unsealed);
  const bindsLess = resumed.older && !unsealed;
  checkResumable(resumed.header, path, spec.command, run.args, run.whole ?? null, bindsLess);
  checkStatuses(resumed, path, spec);
  if (bindsLess) return olderWarning(resumed, path, run.account);
  checkBinding(resumed.header, path, run.account, run.files);
  if (unsealed)
    return `--resume: '${path}' was written by an older promo (--accept-old-journal), whose header was not sealed: an edit of it cannot be told.`;
  return undefined;
}

/** A journal of an older promo binds less than this one would: resumed only when asked. */
function olderJournal(path: string, unsealed: boolean): UsageError {
  const what = unsealed
    ? 'whose journal header was not sealed against edits (an edited start would change the marks promo looks its requests up by)'
    : 'whose journal did not bind every file the run read (nor, before that, the account)';
  return new UsageError(
    `--resume: '${path}' was written by an older promo, ${what}: refusing to resume it without --accept-old-journal`,
    'Make sure this run reads the same --input, --body and @FILEs and sends to the same account, then add --accept-old-journal; or start a new run.',
  );
}

/** With --accept-old-journal: the account is still checked where the journal kept it. */
function olderWarning(resumed: ReadJournal, path: string, account: Account): string {
  const { header } = resumed;
  if (header.api_url !== undefined)
    checkBinding({ ...header, app_id: header.app_id ?? null, files: {} }, path, account, {});
  return `--resume: '${path}' was written by an older promo (--accept-old-journal): the files the run read beside its --input are not checked.`;
}

/** A record whose status the command never writes (an edit by hand): refused, naming its line. */
function checkStatuses<P, Roles>(resumed: ReadJournal, path: string, spec: BulkSpec<P, Roles>): void {
  const writes = new Set([spec.action.status, spec.action.alsoWrites, 'failed', 'skipped', 'unknown']);
  for (const [status, row] of resumed.statuses)
    if (!writes.has(status))
      throw new UsageError(
        `--resume: '${path}' line ${row}: "status" is "${status}", which ${spec.command} never writes`,
        'A journal is written by promo alone: resume with the file the run named, as it left it.',
      );
}
