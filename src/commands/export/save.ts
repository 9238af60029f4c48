// Where a downloaded export goes: stdout as it arrives (escaped when stdout is a terminal), or a
// file written whole or not at all. The file is written beside its name as
// `.NAME.promo-partial-PID`, synced, then renamed over NAME; a failed or interrupted download
// removes it. Only a process killed outright (SIGKILL) leaves one behind: the next download to
// the same NAME removes those whose process is gone.
import {
  closeSync,
  createWriteStream,
  fsyncSync,
  openSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UsageError } from '../../base/errors.js';
import { escapeForTerminal } from '../../output/escape.js';
import type { Runtime } from '../../runtime/runtime.js';

const PARTIAL = '.promo-partial-';

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

  /** Checks the place before anything is sent: its folder exists, and the name is not a folder. */
  constructor(target: string) {
    this.path = resolve(target);
    const folder = dirname(this.path);
    let isFolder = false;
    try {
      isFolder = statSync(folder).isDirectory();
    } catch {}
    if (!isFolder) throw new UsageError(`--out ${target}: the folder ${folder} does not exist`);
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
    for (const name of readdirSync(dirname(this.path))) {
      if (!name.startsWith(prefix)) continue;
      const pid = Number(name.slice(prefix.length));
      if (!Number.isSafeInteger(pid) || pid === process.pid || alive(pid)) continue;
      try {
        unlinkSync(join(dirname(this.path), name));
      } catch {}
    }
  }

  sink(counted: Counted = { bytes: 0 }) {
    return async (body: Readable): Promise<void> => {
      const fd = openSync(this.partial, 'wx');
      const file = createWriteStream('', { fd, autoClose: false });
      try {
        const count = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            counted.bytes += chunk.length;
            done(null, chunk);
          },
        });
        await pipeline(body, count, file);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(this.partial, this.path);
      this.committed = true;
    };
  }

  /** Removes the partial file unless the download ended in it being renamed (call in a finally). */
  abandon(): void {
    if (this.committed) return;
    try {
      unlinkSync(this.partial);
    } catch {}
  }
}
