// Who may write a journal. A journal is the only record of what a run sent, so:
// - `--results FILE` starts a journal and never replaces one: an existing non-empty file (the
//   journal of an earlier run, perhaps killed), the input itself or a symbolic link is refused;
// - one run at a time holds it (journal-lock.ts);
// - it is always written at its end (O_APPEND): should two runs ever write it, neither writes over
//   the other's records.
import { constants, lstatSync, mkdirSync, openSync, type Stats, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { errnoCode, UsageError } from '../base/errors.js';

/** Which option named the journal, for messages. */
export type JournalFlag = '--results' | '--resume';

/** The rules of `--results FILE` (and of promo's own new file): a journal is never replaced. */
export function checkNewJournal(path: string, input?: string): void {
  const found = checkedStat(path, '--results');
  if (!found) return;
  if (input && input !== '-' && sameFile(found, input))
    throw new UsageError(`--results: '${path}' is the input file; the journal needs a file of its own`);
  if (found.size > 0) {
    throw new UsageError(
      `--results: '${path}' exists and is not empty: it may be the journal of an earlier run`,
      `To go on with that run use --resume ${path}; to start a new one, remove it or name another file.`,
    );
  }
}

/**
 * Opens the journal for writing: a new one (checked again: things change) or, to append, the
 * journal of the run resumed. Never follows a symbolic link.
 */
export function openJournalFile(path: string, append: boolean, input?: string): number {
  const flag: JournalFlag = append ? '--resume' : '--results';
  if (!append) checkNewJournal(path, input);
  const found = checkedStat(path, flag);
  const how =
    constants.O_APPEND | (append ? 0 : constants.O_CREAT | (found ? constants.O_TRUNC : constants.O_EXCL));
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    return openSync(path, constants.O_WRONLY | constants.O_NOFOLLOW | how, 0o600);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ELOOP') throw symlink(path, flag);
    if (code === 'EEXIST')
      throw new UsageError(`--results: '${path}' was created by something else meanwhile`);
    throw new UsageError(`${flag}: cannot write '${path}': ${(error as Error).message}`);
  }
}

const symlink = (path: string, flag: JournalFlag) =>
  new UsageError(`${flag}: '${path}' is a symbolic link; promo writes a journal only to a file of its own`);

/** The journal's own entry (a link is not followed); undefined when there is none. */
function checkedStat(path: string, flag: JournalFlag): Stats | undefined {
  const found = statOf(path, flag);
  if (found?.isSymbolicLink()) throw symlink(path, flag);
  if (found && !found.isFile()) throw new UsageError(`${flag}: '${path}' is not a regular file`);
  return found;
}

function statOf(path: string, flag: JournalFlag): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw new UsageError(`${flag}: cannot use '${path}': ${(error as Error).message}`);
  }
}

function sameFile(found: Stats, other: string): boolean {
  try {
    const stat = statSync(other);
    return stat.dev === found.dev && stat.ino === found.ino;
  } catch {
    return false;
  }
}
