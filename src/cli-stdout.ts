// stdout for the real context. Node builds process.stdout on first use, and building it loads the
// stream machinery (and, for a pipe, net): about 2 ms, the largest part of what `promo --help` costs
// over a bare `node`. So text printed whole before the run ends (help, usage) is written straight
// to file descriptor 1 for as long as nothing has asked for the stream; whatever asks for it gets
// the real stream, and from then on everything goes through it, in order.
import { fstatSync, writeSync } from 'node:fs';
import type { DirectStdout } from './base/context.js';
import { errnoCode } from './base/errors.js';

/**
 * Watches process.stdout being built and gives it `onBuilt` (promo's EPIPE handling); returns the
 * direct writer. `onBrokenPipe` runs when the reader has gone (`promo --help | head -1`).
 */
export function directStdout(
  onBuilt: (stream: NodeJS.WriteStream) => void,
  onBrokenPipe: () => void,
): DirectStdout {
  let built = false;
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

  return {
    isTTY() {
      // A pipe or a file is never a terminal; only a character device needs the stream to tell.
      if (!built) {
        try {
          if (!fstatSync(1).isCharacterDevice()) return false;
        } catch {
          return false;
        }
      }
      return process.stdout.isTTY === true;
    },
    write(text: string) {
      if (built) {
        process.stdout.write(text);
        return;
      }
      let rest = Buffer.from(text);
      while (rest.length > 0) {
        try {
          rest = rest.subarray(writeSync(1, rest));
        } catch (error) {
          const code = errnoCode(error);
          if (code === 'EPIPE') return onBrokenPipe();
          // A descriptor left non-blocking by whoever shares it: the stream knows how to wait.
          if (code === 'EAGAIN') {
            process.stdout.write(rest);
            return;
          }
          throw error;
        }
      }
    },
  };
}
