// The file permissions promo's directories must keep (secrets inside). Where they are: dirs.ts.
import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  writeSync,
} from 'node:fs';
import { errnoCode } from '../base/errors.js';

/**
 * Creates the directory with mode 0700, or tightens it when an existing one is looser.
 * Returns a warning to show when it had to tighten something.
 */
export function ensurePrivateDir(dir: string): string | undefined {
  // Made only when it is not there: the stat that checks its mode says so (and a run that finds
  // it, nearly every run, never asks mkdirSync, whose first use compiles Node's code for it).
  let stat = statOf(dir);
  if (!stat?.isDirectory()) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    stat = statOf(dir);
  }
  return tighten(dir, 0o700, true, stat);
}

/** Tightens a file to 0600 when group or others can read it; says so, since it means someone loosened it. */
export function ensurePrivateFile(file: string): string | undefined {
  return tighten(file, 0o600, false, statOf(file));
}

/** What stat says of `path`, or nothing when it cannot say (missing, unreadable). */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function tighten(
  path: string,
  mode: number,
  directory: boolean,
  stat: Stats | undefined,
): string | undefined {
  // Windows has no such modes; the profile directory sits in the user's own profile there.
  if (process.platform === 'win32' || !stat) return undefined;
  // Something else in a file's place (a directory) is for the reader to report, not to chmod.
  if (stat.isDirectory() !== directory) return undefined;
  const current = stat.mode & 0o777;
  if ((current & 0o077) === 0) return undefined;
  const was = `${path} was readable by others (mode ${current.toString(8)})`;
  try {
    chmodSync(path, mode);
  } catch (error) {
    // Not ours to change (another owner): say so, and go on; refusing to run would help no one.
    return `${was}, and promo could not change it (${errnoCode(error)}); run chmod ${mode.toString(8)} on it.`;
  }
  return `${was}; changed it to ${mode.toString(8)}.`;
}

/**
 * Writes a file of mode 0600 whole: into a temporary file beside it, then renamed into place, so
 * that a reader sees the old file or the new one, never half of one (and a link in its place is
 * replaced, not followed).
 */
export function writePrivateFile(file: string, text: string): void {
  const temp = `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;
  try {
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

const FS_ERRORS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'a file stands where a directory should be',
  EISDIR: 'a directory stands where a file should be',
};

/** A file-system error as people read it: `permission denied (EACCES)`. */
export function describeFsError(error: unknown): string {
  const code = errnoCode(error);
  if (code && FS_ERRORS[code]) return `${FS_ERRORS[code]} (${code})`;
  return code ?? String((error as Error)?.message ?? error);
}
