// stdout for the real context. Node builds process.stdout on first use, and building it loads the
// stream machinery (and, for a pipe, node:net and a socket over it): about 2 ms, the largest part
// of what `promo --help` costs over a bare `node`; ~8 ms of `token issue` into a pipe, which makes
// no request (a command that makes one loads node:net for it anyway, and saves far less). So, for
// as long as nothing has asked for the stream:
// - text printed whole before the run ends (help, usage) is written straight to file descriptor 1;
// - so is a command's data while it is small (see DATA_BYTES) or goes to a file or /dev/null,
//   never to another character device (a terminal needs the stream for its width and colours).
// Whatever asks for the stream gets the real one, and from then on everything goes through it, in
// order: what was written straight is already with the system.
import { writeSync } from 'node:fs';
import type { DirectStdout } from './base/context.js';
import { errnoCode } from './base/errors.js';
import { type DescriptorKind, isGoneError } from './cli-terminal.js';

/**
 * How much data may go straight into a pipe or a socket. A write(2) to a blocking pipe waits for
 * room, and while it waits the event loop does not run: Ctrl-C would not stop the run until the
 * reader reads. A pipe holds at least a page (4 KiB) even when the system is short of pipe buffers,
 * so what fits in one never waits on an empty pipe. Past it, data goes through the stream, which
 * waits for a slow reader without holding the event loop.
 */
const DATA_BYTES = 4096;

/**
 * Watches process.stdout being built and gives it `onBuilt` (promo's EPIPE handling); returns the
 * direct writer for descriptor 1, whose kind was told at start (cli-terminal.ts). `onBrokenPipe`
 * runs when the reader of help has gone (`promo --help | head -1`).
 */
export function directStdout(
  kind: DescriptorKind,
  onBuilt: (stream: NodeJS.WriteStream) => void,
  onBrokenPipe: () => void,
): DirectStdout {
  let built = false;
  let gone = false;
  const node = Object.getOwnPropertyDescriptor(process, 'stdout');
  if (node?.get) {
    Object.defineProperty(process, 'stdout', {
      configurable: true,
      enumerable: node.enumerable,
      get() {
        Object.defineProperty(process, 'stdout', node);
        built = true;
        const stream = process.stdout;
        onBuilt(stream);
        return stream;
      },
    });
  } else built = true;

  let dataLeft = DATA_BYTES;

  /** Writes `text` to descriptor 1: 'done', or 'gone' when the reader has left. */
  const writeAll = (text: string): 'done' | 'gone' => {
    let rest = Buffer.from(text);
    while (rest.length > 0) {
      try {
        rest = rest.subarray(writeSync(1, rest));
      } catch (error) {
        const code = errnoCode(error);
        if (isGoneError(error as NodeJS.ErrnoException)) {
          gone = true;
          return 'gone';
        }
        // A descriptor left non-blocking by whoever shares it: the stream knows how to wait.
        if (code === 'EAGAIN') {
          process.stdout.write(rest);
          return 'done';
        }
        throw error;
      }
    }
    return 'done';
  };

  return {
    isTTY() {
      // A pipe or a file is never a terminal; only a character device needs the stream to tell.
      return (built || kind === 'device') && process.stdout.isTTY === true;
    },
    write(text: string) {
      if (built) {
        process.stdout.write(text);
        return;
      }
      if (gone || writeAll(text) === 'gone') onBrokenPipe();
    },
    writeData(text: string) {
      if (built) return false;
      if (gone) return true;
      if (kind === 'device') return false;
      if (kind === 'pipe') {
        const bytes = Buffer.byteLength(text);
        if (bytes > dataLeft) return false;
        dataLeft -= bytes;
      }
      writeAll(text);
      return true;
    },
    get built() {
      return built;
    },
    get gone() {
      return gone;
    },
  };
}
