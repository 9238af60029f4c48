// The real context: the process's streams, environment and clock. Only bin/promo.js imports this.

import { directStdout } from './cli-stdout.js';
import { platformDirs } from './config/dirs.js';
import type { Context, Prompts } from './context.js';
import { ExitCode, InterruptedError } from './errors.js';
import { loadSandbox } from './lazy.js';
import { fallbackOutput, main } from './main.js';
import { inquirerPrompts } from './terminal-prompts.js';

/**
 * After Ctrl-C or SIGTERM the run has this long to stop by itself (requests are aborted, prompts
 * closed, locks released on the way out); then it is stopped, as it is at once by a second signal.
 */
export const INTERRUPT_GRACE_MS = 700;

/** Runs promo; `exit` ends the process (bin/promo.js owns that) when an interrupted run does not stop by itself. */
export async function runCli(argv: string[], exit: (code: number) => void): Promise<number> {
  // Made on first use, as Node's stdout below: `promo --help` needs neither.
  let interrupt: AbortController | undefined;
  const controller = () => (interrupt ??= new AbortController());
  // A bulk run holds the process through the first signal: its requests in flight may finish
  // (within --timeout) and its journal be completed. The second signal aborts them (`stop`).
  let stopController: AbortController | undefined;
  const stop = () => (stopController ??= new AbortController());
  let holds = 0;
  let finished = false;
  let stopping = false;
  // Exit, not SIGKILL: exit handlers still run, and they remove the lock files this process holds.
  const stopNow = () => {
    if (finished || stopping) return;
    stopping = true;
    void fallbackOutput(argv, ctx)
      .error(new InterruptedError())
      .finally(() => exit(ExitCode.interrupted));
  };
  const onSignal = () => {
    if (controller().signal.aborted) {
      if (holds === 0 || stop().signal.aborted) return stopNow();
      stop().abort();
      setTimeout(stopNow, INTERRUPT_GRACE_MS).unref();
      return;
    }
    controller().abort();
    setTimeout(() => holds === 0 && stopNow(), INTERRUPT_GRACE_MS).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // The streams are getters: Node builds each on first use (~1-2 ms apiece), and most runs read no
  // stdin. `promo … | head` closes the pipe early: that is the reader's choice, not an error.
  const direct = directStdout(
    (stream) =>
      stream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EPIPE') return exit(ExitCode.ok);
        throw error;
      }),
    () => exit(ExitCode.ok),
  );
  let prompts: Prompts | undefined;
  let dirs: Context['platformDirs'] | undefined;
  const ctx: Context = {
    get stdin() {
      return process.stdin;
    },
    get stdout() {
      return process.stdout;
    },
    directStdout: direct,
    get stderr() {
      return process.stderr;
    },
    env: process.env,
    now: Date.now,
    get platformDirs() {
      dirs ??= platformDirs(process.env);
      return dirs;
    },
    get prompts() {
      prompts ??= inquirerPrompts(process.stdin, process.stderr, controller().signal);
      return prompts;
    },
    get signal() {
      return controller().signal;
    },
    sandbox: loadSandbox,
    get stopSignal() {
      return stop().signal;
    },
    holdInterrupt() {
      holds += 1;
      return () => {
        holds -= 1;
      };
    },
  };
  const code = await main(argv, ctx);
  finished = true;
  return interrupt?.signal.aborted === true && code !== 0 ? ExitCode.interrupted : code;
}
