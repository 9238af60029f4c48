// The four prompts promo asks with, and nothing else of @inquirer/prompts: the lazy bundle built
// from this file (see lazy.ts) stays small. Here too the stream that drops colour from a prompt,
// so that node:stream loads with the prompts, not with every run.
import { Writable } from 'node:stream';
import type { OutputStream } from './context.js';

export { confirm, input, password, select } from '@inquirer/prompts';

/** Colour codes (SGR sequences) are dropped; cursor movements, which the prompt needs, pass. */
export class WithoutColor extends Writable {
  constructor(private readonly target: OutputStream) {
    super({ decodeStrings: false });
  }

  get isTTY(): boolean | undefined {
    return this.target.isTTY;
  }

  get columns(): number | undefined {
    return this.target.columns;
  }

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    // A failed write is the target's to report (its own 'error'); failing here too would be an
    // error nobody listens to, a crash when the terminal hangs up.
    this.target.write(String(chunk).replace(/\x1b\[[0-9;]*m/g, ''), () => done());
  }
}
