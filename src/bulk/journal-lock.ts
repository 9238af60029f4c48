// One run at a time writes a journal. `FILE.lock` names the run that holds it (holder.ts: pid,
// host, start, command and a token of its own); it is written aside and linked into place, so that
// nobody ever reads half a lock.
// - A lock is taken from its holder only when that holder is provably dead (holder.ts), or when
//   asked (--take-over); otherwise the run is refused (exit 2) naming the holder.
// - Ending a lock (putting another in its place, or removing it) is one run's act however many try
//   at once: the right to end the lock whose token is ID is won by creating `FILE.lock.end-ID`
//   (O_EXCL). The winner checks that the lock is still the one it judged, renames its own over it
//   (atomic) and removes its claim. A holder lets go the same way, so that a run that lost its
//   lock never removes the next one's.
// - Before each burst of in-flight records, and before every attempt of every request (a retry, a
//   read-back, the transport's own repeats: ApiClient.beforeAttempt, set in engine.ts), a run
//   checks that the lock still names it (`lostTo`): a run paused while another took over stops
//   when it wakes, and sends nothing more. (A request already on its way when the run was paused
//   may still land: that line is in flight to the taker, which checks it or leaves it unknown, as
//   after any lost answer.)

import {
  closeSync,
  constants,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  type Stats,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { nodeCrypto } from '../base/crypto.js';
import { ExitCode, errnoCode, PromoError, UsageError } from '../base/errors.js';
import {
  describeHolder,
  type Holder,
  onThisHost,
  parseHolder,
  provablyDead,
  runningHere,
  thisProcess,
} from './holder.js';
import type { JournalFlag } from './journal-file.js';

/** The lock's mtime is refreshed this often while held: a refusal says how long ago it last was. */
const REFRESH_MS = 5_000;
/** Rounds of look, judge, take: each lost only to another run that took or let go meanwhile. */
const ATTEMPTS = 8;

interface SeenLock {
  text: string;
  holder?: Holder;
  /** The name of its end claim: its token, or (a lock of an older promo) a hash of its text. */
  id: string;
}

export interface JournalLock {
  /** Undefined while the lock names this run; otherwise who holds the journal now ('' for nobody). */
  lostTo(): string | undefined;
  /** The holder it was taken from with --take-over (alive, or not provably dead). */
  takenFrom?: Holder;
  release(): void;
}

export interface LockOptions {
  /** --take-over: take the lock from a holder that is not provably dead. */
  takeOver?: boolean;
}

/** Takes the journal for this run. Refuses (exit 2) while another run holds it. */
export function lockJournal(
  path: string,
  flag: JournalFlag,
  command: string,
  nowMs: number,
  options: LockOptions = {},
): JournalLock {
  const lockPath = `${path}.lock`;
  const token = nodeCrypto().randomBytes(12).toString('hex');
  const text = `${JSON.stringify(thisProcess(command, nowMs, token))}\n`;
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  } catch (error) {
    throw cannotLock(flag, path, error);
  }
  let takenFrom: Holder | undefined;
  for (let attempt = 1; !createLock(lockPath, text, token, flag, path); attempt++) {
    const seen = readLock(lockPath);
    // Let go meanwhile: made again.
    if (!seen && attempt < ATTEMPTS) continue;
    const dead = provablyDead(seen?.holder);
    const taken = dead || (options.takeOver === true && !runningHere(seen?.holder));
    if (!seen || !taken || attempt >= ATTEMPTS) throw heldBy(path, flag, seen?.holder, options.takeOver);
    if (endLock(lockPath, seen, text, token)) {
      if (!dead) takenFrom = seen.holder;
      break;
    }
    // Another run is taking it now (a few system calls): look again once it has, to name it.
    pause(attempt);
  }
  return held(lockPath, text, token, takenFrom);
}

function held(lockPath: string, text: string, token: string, takenFrom: Holder | undefined): JournalLock {
  // The lock file as this run last found it holding its own text: asked before every request, the
  // check is a stat while the file is still that one (a lock is never rewritten in place: a taker
  // renames its own over it), and a read only once anything about the file changed. The stat
  // comes before the read that vouches for it: a file put in place between them is read, not
  // vouched for. Read every time, the check cost a tenth of a bulk run's CPU (two reads a line).
  let ours: Identity | undefined;
  const lostTo = (): string | undefined => {
    const seen = identity(lockPath);
    if (ours !== undefined && sameFile(ours, seen)) return undefined;
    const now = readLock(lockPath);
    if (now?.text !== text) return now ? describeHolder(now.holder) : '';
    ours = seen;
    return undefined;
  };
  const refresh = setInterval(() => {
    const now = new Date();
    try {
      if (lostTo() === undefined) utimesSync(lockPath, now, now);
    } catch {
      // Nothing to keep fresh.
    }
  }, REFRESH_MS);
  refresh.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(refresh);
    process.off('exit', release);
    const now = readLock(lockPath);
    if (now?.text === text) endLock(lockPath, now, undefined, token);
  };
  // However the process ends (a second Ctrl-C exits from cli.ts), the lock goes with it.
  process.on('exit', release);
  return { lostTo, takenFrom, release };
}

/**
 * Ends the lock `seen` (see the top of this file): puts `next` in its place, or removes it. False
 * when another run ended it first, or is ending it now.
 */
function endLock(lockPath: string, seen: SeenLock, next: string | undefined, token: string): boolean {
  const claim = `${lockPath}.end-${seen.id}`;
  const claimText = `${JSON.stringify(thisProcess('(ending a lock)', Date.now(), token))}\n`;
  if (!createLock(claim, claimText, token)) {
    // Another run is ending it now, or died doing so: a dead one's claim is ended in turn.
    const other = readLock(claim);
    if (other && provablyDead(other.holder)) endLock(claim, other, undefined, token);
    return false;
  }
  try {
    if (readLock(lockPath)?.text !== seen.text) return false;
    if (next === undefined) unlinkSync(lockPath);
    else {
      const aside = `${lockPath}.${token}.new`;
      writeWhole(aside, next);
      renameSync(aside, lockPath);
    }
    return true;
  } catch {
    return false;
  } finally {
    tryUnlink(claim);
  }
}

/**
 * What tells one lock file from another without reading it: its device and inode, size and
 * mtime. A file put in the lock's place has another inode; one that reuses a removed lock's inode
 * was made later, so its mtime differs too.
 */
type Identity = Pick<Stats, 'dev' | 'ino' | 'size' | 'mtimeMs'>;

function identity(path: string): Identity | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function sameFile(a: Identity, b: Identity | undefined): boolean {
  return (
    b !== undefined && a.ino === b.ino && a.dev === b.dev && a.size === b.size && a.mtimeMs === b.mtimeMs
  );
}

/** Makes `lockPath` holding `text`, whole, unless it exists (false). */
function createLock(
  lockPath: string,
  text: string,
  token: string,
  flag?: JournalFlag,
  path = lockPath,
): boolean {
  const aside = `${lockPath}.${token}.new`;
  try {
    writeWhole(aside, text);
    linkSync(aside, lockPath);
    return true;
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'EEXIST') return false;
    // A file system without hard links: made in place, a reader may see it empty for a moment
    // (a lock that names no run, which is never taken without --take-over).
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EOPNOTSUPP')
      return createInPlace(lockPath, text, flag, path);
    if (flag) throw cannotLock(flag, path, error);
    return false;
  } finally {
    tryUnlink(aside);
  }
}

function createInPlace(lockPath: string, text: string, flag: JournalFlag | undefined, path: string): boolean {
  let fd: number;
  try {
    fd = openSync(
      lockPath,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
  } catch (error) {
    if (errnoCode(error) === 'EEXIST' || !flag) return false;
    throw cannotLock(flag, path, error);
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

function writeWhole(path: string, text: string): void {
  const fd = openSync(
    path,
    constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW,
    0o600,
  );
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

function readLock(lockPath: string): SeenLock | undefined {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch {
    return undefined;
  }
  const holder = parseHolder(text);
  const id =
    typeof holder?.token === 'string' && /^[\w-]{1,64}$/.test(holder.token)
      ? holder.token
      : nodeCrypto().createHash('sha256').update(text).digest('hex').slice(0, 24);
  return { text, holder, id };
}

/** A few milliseconds, synchronously: the run is starting, nothing else waits on it. */
function pause(attempt: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, attempt * 5);
}

function tryUnlink(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Gone already.
  }
}

/** The run that holds the journal now, if one does that is not provably dead. */
export function liveHolder(path: string): Holder | undefined {
  const holder = readLock(`${path}.lock`)?.holder;
  return holder && !provablyDead(holder) ? holder : undefined;
}

const cannotLock = (flag: JournalFlag, path: string, error: unknown) =>
  new UsageError(`${flag}: cannot lock '${path}': ${(error as Error).message}`);

/** The refusal: who holds the journal, and what to do about it. */
function heldBy(path: string, flag: JournalFlag, holder: Holder | undefined, tried?: boolean): UsageError {
  const message = `${flag}: '${path}' is held by ${describeHolder(holder)}: one journal, one run at a time`;
  const takeOver =
    'To take the journal from it anyway, resume with --take-over: should that run go on, it stops before its next request.';
  if (runningHere(holder)) {
    const only = tried ? ' (--take-over takes a journal only from a run paused or elsewhere)' : '';
    return new UsageError(
      message,
      `That run is running on this machine${only}: wait for it to end, or stop it with Ctrl-C, then resume.`,
    );
  }
  const why = !holder
    ? `The lock ${path}.lock names no run promo can read.`
    : onThisHost(holder)
      ? 'That run is alive on this machine, though not running (a paused run, kill -STOP or Ctrl-Z, holds its journal still): let it go on and end, then resume.'
      : `promo cannot tell whether a run on another machine still runs (its lock was last refreshed ${refreshedAgo(`${path}.lock`)}): make sure it has ended.`;
  return new UsageError(message, `${why} ${takeOver}`);
}

function refreshedAgo(lockPath: string): string {
  try {
    const seconds = Math.max(0, Math.round((Date.now() - statSync(lockPath).mtimeMs) / 1000));
    return seconds < 120 ? `${seconds} s ago` : `${Math.round(seconds / 60)} min ago`;
  } catch {
    return 'at an unknown time';
  }
}

/** The run lost its journal to another (--take-over, or the lock removed): it stopped. */
export class JournalTakenOver extends PromoError {
  constructor(path: string, holder: string) {
    super(
      holder
        ? `another run took over the journal '${path}': ${holder} holds it now; this run stopped and sent nothing more`
        : `the journal '${path}' is no longer this run's: its lock was removed (by a run that took it over and ended, or by hand); this run stopped and sent nothing more`,
      ExitCode.failure,
      'The lines it had in flight are recorded. Resume the journal only once that run has ended, if lines are left.',
    );
  }
}
