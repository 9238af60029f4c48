// The prompts of a real terminal: @inquirer/prompts reading stdin and drawing on stderr (stdout
// stays data), with the library's ways of ending a prompt turned into promo's exit codes.
import type { Writable } from 'node:stream';
import type { InputStream, OutputStream, PromptOptions, Prompts } from '../base/context.js';
import { CancelledError, InterruptedError } from '../base/errors.js';
import { loadPrompts } from '../base/lazy.js';

type Library = Awaited<ReturnType<typeof loadPrompts>>;
type Io = { input: InputStream; output: Writable; signal?: AbortSignal; clearPromptOnDone: boolean };

export function inquirerPrompts(stdin: InputStream, stderr: OutputStream, signal?: AbortSignal): Prompts {
  async function ask<T>(options: PromptOptions, start: (lib: Library, io: Io) => Promise<T>): Promise<T> {
    const lib = await loadPrompts();
    const output = options.color === false ? new lib.WithoutColor(stderr) : stderr;
    // Ctrl-D closes the library's line reader, which pauses stdin and leaves the prompt waiting
    // with nothing to keep the process alive: it would end at exit with the library's own text.
    const endOfInput = new AbortController();
    const onEndOfInput = () => endOfInput.abort();
    stdin.once('pause', onEndOfInput);
    const stop = signal ? AbortSignal.any([signal, endOfInput.signal]) : endOfInput.signal;
    try {
      return await start(lib, { input: stdin, output, signal: stop, clearPromptOnDone: false });
    } catch (error) {
      throw promptEnded(error, signal, hungUp(stdin));
    } finally {
      stdin.off('pause', onEndOfInput);
    }
  }
  return {
    input: (o) => ask(o, (lib, io) => lib.input(withoutColorOption(o), io)),
    // Nothing echoed, not even a star a character: the length of a secret is a secret too.
    password: (o) => ask(o, (lib, io) => lib.password(withoutColorOption(o), io)),
    confirm: (o) => ask(o, (lib, io) => lib.confirm(withoutColorOption(o), io)),
    select: (o) => ask(o, (lib, io) => lib.select(withoutColorOption(o), io)),
  };
}

function withoutColorOption<O extends PromptOptions>(options: O): Omit<O, 'color'> {
  const { color: _color, ...rest } = options;
  return rest;
}

/**
 * The terminal stdin was hung up (its window closed, an SSH session dropped): its input ends, and
 * SIGHUP comes with it or just after. That is an interruption, not an answer.
 */
function hungUp(stdin: InputStream): boolean {
  const { fd } = stdin as { fd?: unknown };
  if (stdin.isTTY !== true || typeof fd !== 'number') return false;
  // node:tty (which loads node:net) is asked only here, never at start-up.
  return !process.getBuiltinModule('node:tty').isatty(fd);
}

/** How the prompt ended: Ctrl-C, a signal or a terminal hung up interrupts; end of input cancels. */
function promptEnded(error: unknown, signal: AbortSignal | undefined, hangUp: boolean): unknown {
  const name = (error as Error | undefined)?.name;
  if (name !== 'AbortPromptError' && name !== 'ExitPromptError') return error;
  if (signal?.aborted || hangUp || /SIGINT/.test((error as Error).message)) return new InterruptedError();
  return new CancelledError('Cancelled (end of input).');
}
