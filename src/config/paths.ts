// The file permissions promo's directories must keep (secrets inside). Where they are: dirs.ts.
import { chmodSync, mkdirSync, statSync } from 'node:fs';

/**
 * Creates the directory with mode 0700, or tightens it when an existing one is looser.
 * Returns a warning to show when it had to tighten something.
 */
export function ensurePrivateDir(dir: string): string | undefined {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return tighten(dir, 0o700, true);
}

/** Tightens a file to 0600 when group or others can read it; says so, since it means someone loosened it. */
export function ensurePrivateFile(file: string): string | undefined {
  return tighten(file, 0o600, false);
}

function tighten(path: string, mode: number, directory: boolean): string | undefined {
  // Windows has no such modes; the profile directory sits in the user's own profile there.
  if (process.platform === 'win32') return undefined;
  let current: number;
  try {
    const stat = statSync(path);
    // Something else in a file's place (a directory) is for the reader to report, not to chmod.
    if (stat.isDirectory() !== directory) return undefined;
    current = stat.mode & 0o777;
  } catch {
    return undefined;
  }
  if ((current & 0o077) === 0) return undefined;
  const was = `${path} was readable by others (mode ${current.toString(8)})`;
  try {
    chmodSync(path, mode);
  } catch (error) {
    // Not ours to change (another owner): say so, and go on; refusing to run would help no one.
    return `${was}, and promo could not change it (${(error as NodeJS.ErrnoException).code}); run chmod ${mode.toString(8)} on it.`;
  }
  return `${was}; changed it to ${mode.toString(8)}.`;
}
