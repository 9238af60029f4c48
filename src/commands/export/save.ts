// Where a downloaded export goes: stdout as it arrives (escaped when stdout is a terminal), or a
// file written whole or not at all. The file is written beside its name as
// `.NAME.promo-partial-PID`, synced, then renamed over NAME; a failed or interrupted download
// removes it. Only a process killed outright (SIGKILL) leaves one behind: the next download to
// the same NAME removes those whose process is gone. Both are 0600 (or FILE's own stricter mode).
import {
  accessSync,
  closeSync,
  constants,
  createWriteStream,
  fsyncSync,
  openSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { ExitCode, errnoCode, PromoError, UsageError } from '../../base/errors.js';
import { loadStream } from '../../base/lazy.js';
import { escapeForTerminal } from '../../output/escape.js';
import type { Runtime } from '../../runtime/runtime.js';

const PARTIAL = '.promo-partial-';
const OWNER_READ_WRITE = 0o600;

/** Bytes a sink has taken, for the progress line. */
export interface Counted {
  bytes: number;
}

/** The body to stdout, with stdout's back-pressure; a reader that leaves ends it. */
export function stdoutSink(rt: Runtime, counted: Counted = { bytes: 0 }) {
  return async (body: Readable): Promise<void> => {
    const out = rt.ctx.stdout;
    const terminal = out.isTTY === true;
    if (terminal) body.setEncoding('utf8');
    for await (const chunk of body) {
      counted.bytes += chunk.length;
      if (out.destroyed || out.errored) return;
      const text = terminal ? escapeForTerminal(chunk as string) : (chunk as Buffer);
      if (!out.write(text)) await drained(out);
    }
  };
}

/** Until stdout takes more, or is gone (a reader that left: its error or close ends the wait too). */
function drained(out: Runtime['ctx']['stdout']): Promise<void> {
  return new Promise((resolve) => {
    // A write to a stream already gone returns false too, and no event follows.
    if (out.destroyed || out.errored) return resolve();
    const events = ['drain', 'error', 'close'] as const;
    const done = () => {
      for (const event of events) out.off(event, done);
      resolve();
    };
    for (const event of events) out.on(event, done);
  });
}

/** A failure of the local disk, exit 1, with the system's reason in words. */
function localFailure(message: string, error: unknown): PromoError {
  const code = errnoCode(error);
  const why = code ? (REASONS[code] ?? code) : (error as Error)?.message;
  return new PromoError(`${message}: ${why}`, ExitCode.failure);
}

const DISK_CALLS = new Set(['open', 'write', 'writev', 'fsync', 'close']);

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'over the disk quota',
  ENOENT: 'the folder is gone',
  ENOTDIR: 'the folder is gone',
};

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {}
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A file written whole or not at all (see the top of this file). */
export class AtomicFile {
  readonly path: string;
  readonly partial: string;
  private committed = false;

  /**
   * Checks the place before anything is sent: its folder exists and promo may write there (a
   * local failure, exit 1, not a network one once the download has begun), and the name is not a
   * folder.
   */
  constructor(target: string) {
    this.path = resolve(target);
    const folder = dirname(this.path);
    let found: 'folder' | 'file' | undefined;
    try {
      found = statSync(folder).isDirectory() ? 'folder' : 'file';
    } catch {}
    if (found !== 'folder')
      throw new UsageError(
        `--out ${target}: ${found === 'file' ? `${folder} is not a folder` : `the folder ${folder} does not exist`}`,
      );
    try {
      accessSync(folder, constants.W_OK | constants.X_OK);
    } catch (error) {
      throw localFailure(`--out ${target}: promo cannot write in the folder ${folder}`, error);
    }
    try {
      if (statSync(this.path).isDirectory()) throw new UsageError(`--out ${target} is a folder: name a file`);
    } catch (error) {
      if (error instanceof UsageError) throw error;
    }
    this.partial = join(folder, `.${basename(this.path)}${PARTIAL}${process.pid}`);
    this.removeLeftovers();
  }

  /** Partial files of this name left by downloads killed outright. */
  private removeLeftovers(): void {
    const prefix = `.${basename(this.path)}${PARTIAL}`;
    let names: string[] = [];
    try {
      names = readdirSync(dirname(this.path));
    } catch {
      // A folder promo may write in but not list: no leftovers it could find.
    }
    for (const name of names) {
      if (!name.startsWith(prefix)) continue;
      const pid = Number(name.slice(prefix.length));
      if (!Number.isSafeInteger(pid) || pid === process.pid || alive(pid)) continue;
      try {
        unlinkSync(join(dirname(this.path), name));
      } catch {}
    }
  }

  /**
   * The download into the partial file, renamed over FILE at its end. What the disk refuses (the
   * folder gone or made read-only, a full disk) is a local failure naming FILE, exit 1: never
   * reported as the network's.
   */
  sink(counted: Counted = { bytes: 0 }) {
    return async (body: Readable): Promise<void> => {
      const failed = (error: unknown) =>
        localFailure(`could not write ${this.path}; it was not written`, error);
      let fd: number;
      try {
        fd = openSync(this.partial, 'wx', this.mode());
      } catch (error) {
        throw failed(error);
      }
      const file = createWriteStream('', { fd, autoClose: false });
      const { Transform, promises } = await loadStream();
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          counted.bytes += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await promises.pipeline(body, count, file);
        fsyncSync(fd);
      } catch (error) {
        closeQuietly(fd);
        // A failure of the file system call writing the file is local; the body's own (a
        // connection cut, which the pipeline hands the file as well) stays the network's.
        const call = (error as NodeJS.ErrnoException)?.syscall;
        throw (call && DISK_CALLS.has(call)) || body.readableEnded ? failed(error) : error;
      }
      try {
        closeSync(fd);
        renameSync(this.partial, this.path);
      } catch (error) {
        throw failed(error);
      }
      this.committed = true;
    };
  }

  /**
   * An export carries personal data: its file, partial file included, is its owner's alone (0600),
   * or keeps the mode FILE already has where that is stricter (0400 stays 0400; 0644 becomes 0600).
   * The umask may take more away, never add.
   */
  private mode(): number {
    try {
      return statSync(this.path).mode & OWNER_READ_WRITE;
    } catch {
      return OWNER_READ_WRITE;
    }
  }

  /** Removes the partial file unless the download ended in it being renamed (call in a finally). */
  abandon(): void {
    if (this.committed) return;
    try {
      unlinkSync(this.partial);
    } catch {}
  }
}
