// The cross-process lock of promo's files: a directory next to the file (proper-lockfile), which
// its holder refreshes, so that a crashed holder's lock goes stale and is taken over. Waiting is
// polled here rather than by the library, so that Ctrl-C ends it and its length can be chosen.
import { errnoCode, InterruptedError } from '../base/errors.js';
import { loadLockfile } from '../base/lazy.js';
import { abortableSleep } from '../base/sleep.js';

/** A lock older than this (its holder refreshes it every STALE_LOCK_MS / 5) belongs to a crashed process. */
export const STALE_LOCK_MS = 10_000;

export interface LockOptions {
  /** The lock directory. */
  lockPath: string;
  /** How long to wait for another process's lock before giving up (ELOCKED). */
  waitMs: number;
  signal?: AbortSignal;
  /** Hears one line when the lock is held by another process (for --debug). */
  trace?: (line: string) => void;
}

/** Takes the lock on `file`; resolves to its release. Throws the library's error (code ELOCKED after the wait). */
export async function acquireLock(file: string, options: LockOptions): Promise<() => Promise<void>> {
  // A CommonJS module: its functions sit on `default` once bundled.
  const lockfile = (await loadLockfile()).default;
  const settings = {
    realpath: false,
    lockfilePath: options.lockPath,
    stale: STALE_LOCK_MS,
    update: STALE_LOCK_MS / 5,
    retries: 0,
    // Losing the lock (its directory removed, the clock jumped) is no reason to stop the run.
    onCompromised: () => undefined,
  };
  const deadline = Date.now() + options.waitMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await lockfile.lock(file, settings);
    } catch (error) {
      if (errnoCode(error) !== 'ELOCKED' || Date.now() >= deadline) throw error;
    }
    if (attempt === 0)
      options.trace?.(`* ${file} is locked by another process (${options.lockPath}): waiting`);
    // Soon at first (the holder usually needs a fraction of a second), then every 250 ms at most.
    await abortableSleep(Math.min(250, 10 * 1.3 ** attempt) * (0.5 + Math.random() / 2), options.signal);
    if (options.signal?.aborted) throw new InterruptedError();
  }
}
