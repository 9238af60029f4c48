// Who may write a journal. A journal is the only record of what a run sent, so:
// - `--results FILE` starts a journal and never replaces one: an existing non-empty file (the
//   journal of an earlier run, perhaps killed), the input itself or a symbolic link is refused;
// - one run at a time holds it: `FILE.lock`, made with O_EXCL, names the holder (pid, host, start,
//   command). A second run is refused with that name. A holder that died without letting go
//   (kill -9, a crash) is recognised on the same host by its pid being gone, elsewhere by the
//   lock's time no longer being refreshed, and its lock is taken over.
import {
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  type Stats,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { errnoCode, UsageError } from '../base/errors.js';

/** Which option named the journal, for messages. */
export type JournalFlag = '--results' | '--resume';

/** A lock refreshed this often, and taken over after STALE_MS without a refresh (holder on another host). */
const REFRESH_MS = 5_000;
const STALE_MS = 60_000;

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
  const how = append
    ? constants.O_APPEND
    : constants.O_CREAT | (found ? constants.O_TRUNC : constants.O_EXCL);
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

export interface Holder {
  pid: number;
  host: string;
  started_at: string;
  command: string;
}

/** Takes the journal for this run; returns its release. Refuses (exit 2) while another run holds it. */
export function lockJournal(path: string, flag: JournalFlag, command: string, nowMs: number): () => void {
  const lockPath = `${path}.lock`;
  const holder: Holder = {
    pid: process.pid,
    host: hostname(),
    started_at: new Date(nowMs).toISOString(),
    command,
  };
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  for (let attempt = 0; !createLock(lockPath, holder, flag, path); attempt++) {
    const other = currentHolder(lockPath);
    if (attempt > 0 || !abandoned(other, lockPath)) throw heldBy(path, flag, other);
    // Its holder is gone: the lock is taken over (by one run: the others find that run's).
    try {
      unlinkSync(lockPath);
    } catch {
      // Another run removed it first.
    }
  }
  const refresh = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(lockPath, now, now);
    } catch {
      // Gone (removed by hand): nothing to keep fresh.
    }
  }, REFRESH_MS);
  refresh.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(refresh);
    process.off('exit', release);
    try {
      if (currentHolder(lockPath)?.pid === process.pid) unlinkSync(lockPath);
    } catch {
      // Already gone.
    }
  };
  // However the process ends (a second Ctrl-C exits from cli.ts), the lock goes with it.
  process.on('exit', release);
  return release;
}

/** False when the lock exists. */
function createLock(lockPath: string, holder: Holder, flag: JournalFlag, path: string): boolean {
  let fd: number;
  try {
    fd = openSync(
      lockPath,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
  } catch (error) {
    if (errnoCode(error) === 'EEXIST') return false;
    throw new UsageError(`${flag}: cannot lock '${path}': ${(error as Error).message}`);
  }
  try {
    writeSync(fd, `${JSON.stringify(holder)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The run that holds the journal now, if a live one does (a lock left by a killed run is none). */
export function liveHolder(path: string): Holder | undefined {
  const lockPath = `${path}.lock`;
  const holder = currentHolder(lockPath);
  return holder && !abandoned(holder, lockPath) ? holder : undefined;
}

function currentHolder(lockPath: string): Holder | undefined {
  try {
    const value = JSON.parse(readFileSync(lockPath, 'utf8'));
    return typeof value?.pid === 'number' && typeof value?.host === 'string' ? (value as Holder) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Its holder died without letting go: on this host its process is gone; elsewhere (or a lock that
 * says nothing readable) it stopped being refreshed.
 */
function abandoned(holder: Holder | undefined, lockPath: string): boolean {
  if (holder?.host === hostname()) {
    if (holder.pid === process.pid) return false;
    try {
      process.kill(holder.pid, 0);
      return false;
    } catch (error) {
      return errnoCode(error) === 'ESRCH';
    }
  }
  try {
    return Date.now() - statSync(lockPath).mtimeMs > STALE_MS;
  } catch {
    return true;
  }
}

function heldBy(path: string, flag: JournalFlag, holder: Holder | undefined): UsageError {
  const who = holder
    ? `promo ${holder.command} (pid ${holder.pid} on ${holder.host}, since ${holder.started_at})`
    : 'another run';
  return new UsageError(
    `${flag}: '${path}' is held by ${who}: one journal, one run at a time`,
    `Wait for that run to end (or stop it with Ctrl-C), then resume: the lock is ${path}.lock.`,
  );
}
