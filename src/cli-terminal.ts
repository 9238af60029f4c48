// A terminal that hangs up (its window closed, an SSH session dropped) is gone for good: reading,
// writing or setting its mode fails with EIO from then on. promo ends as after SIGTERM (exit 130);
// these keep the terminal's failures from turning that end into a crash.
import { closeSync, fstatSync, openSync, statSync } from 'node:fs';

const STANDARD = [0, 1, 2] as const;

/** Errors of a stream whose other end is gone: a reader that left (EPIPE), a terminal that hung up (EIO). */
export function isGoneError(error: NodeJS.ErrnoException): boolean {
  return error.code === 'EPIPE' || error.code === 'EIO';
}

/**
 * What a standard descriptor is: a character device other than /dev/null ('device': a terminal, or
 * another device only Node's stream can tell from one), a pipe or socket, or a file (/dev/null
 * counts as one: never a terminal, and a write to it never waits). Asked by stat, not by node:tty,
 * which loads node:net (~6 ms of every run, --help included); a descriptor stat cannot read is
 * taken for a pipe.
 */
export type DescriptorKind = 'device' | 'pipe' | 'file';

/** The standard descriptors' kinds, by number (0, 1, 2), told once at start. */
export function standardKinds(): DescriptorKind[] {
  // /dev/null's device number, read only when a descriptor is a character device (never in a pipe).
  let devNull: number | undefined | null = null;
  return STANDARD.map((fd) => {
    try {
      const stat = fstatSync(fd);
      if (stat.isCharacterDevice()) {
        if (devNull === null) devNull = rdev('/dev/null');
        return stat.rdev === devNull ? 'file' : 'device';
      }
      return stat.isFIFO() || stat.isSocket() ? 'pipe' : 'file';
    } catch {
      return 'pipe';
    }
  });
}

/**
 * The standard descriptors that may be terminals, from their kinds at start; a cron job's (files,
 * pipes, /dev/null) are none of them. None on Windows, where no terminal aborts the exit.
 */
export function terminalsOf(kinds: readonly DescriptorKind[]): number[] {
  if (process.platform === 'win32') return [];
  return STANDARD.filter((fd) => kinds[fd] === 'device');
}

function rdev(path: string): number | undefined {
  try {
    return statSync(path).rdev;
  } catch {
    return undefined;
  }
}

/**
 * Node sets a terminal back to its first mode as the process exits, and aborts (SIGABRT) when that
 * fails, as it does on a terminal that hung up (node#51519, fixed in later Node lines). Each standard
 * descriptor whose terminal is gone is pointed at /dev/null first: Node leaves a descriptor that
 * is no longer the file it started with alone.
 */
export function letGoOfHungUpTerminals(fds: readonly number[]): void {
  if (fds.length === 0) return;
  // Loaded only for a run that had a terminal (see terminalsAtStart).
  const { isatty } = process.getBuiltinModule('node:tty');
  for (const fd of fds) {
    if (isatty(fd)) continue;
    try {
      closeSync(fd);
      // The lowest free descriptor: the one just closed.
      const opened = openSync('/dev/null', fd === 0 ? 'r' : 'w');
      if (opened !== fd) closeSync(opened);
    } catch {
      // Nothing more can be done for a terminal that is gone.
    }
  }
}

/**
 * stdin whose terminal mode can be set back after a hangup: a prompt that ends restores the mode it
 * found, which throws EIO on a terminal that is gone (Node 20; later lines emit it as an error).
 * There is no mode left to restore then.
 */
export function tolerateHangUp(stdin: NodeJS.ReadStream): NodeJS.ReadStream {
  const setRawMode = stdin.setRawMode?.bind(stdin);
  if (!setRawMode) return stdin;
  stdin.setRawMode = (mode: boolean) => {
    try {
      return setRawMode(mode);
    } catch (error) {
      if (!isGoneError(error as NodeJS.ErrnoException)) throw error;
      return stdin;
    }
  };
  return stdin;
}
