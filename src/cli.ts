// The real context: the process's streams, environment and clock. Only bin/promo.js imports this.

import type { Context, Prompts } from './base/context.js';
import { platformDirs } from './base/dirs.js';
import { ExitCode, InterruptedError } from './base/errors.js';
import { loadSandbox } from './base/lazy.js';
import { LightAbort } from './base/light-abort.js';
import { abortableSleep } from './base/sleep.js';
import { directStdout } from './cli-stdout.js';
import {
  isGoneError,
  letGoOfHungUpTerminals,
  standardKinds,
  terminalsOf,
  tolerateHangUp,
} from './cli-terminal.js';
import { main } from './main.js';
import { fallbackOutput } from './output/fallback.js';
import { inquirerPrompts } from './runtime/terminal-prompts.js';

/**
 * After Ctrl-C, SIGTERM or SIGHUP the run has this long to stop by itself (requests are aborted, prompts
 * closed, locks released on the way out); then it is stopped, as it is at once by a second signal.
 */
export const INTERRUPT_GRACE_MS = 700;

/** The standard descriptors that were terminals when the run started (cli-terminal.ts). */
let terminals: readonly number[] = [];

/** bin/promo.js's last resort (a crash) exits too: not into Node's abort on a terminal that hung up. */
export function releaseHungUpTerminals(): void {
  letGoOfHungUpTerminals(terminals);
}

/**
 * Runs promo; `exit` ends the process (bin/promo.js owns that) when an interrupted run does not stop
 * by itself. `keepHelp`, for `promo --help`, is given what the run printed, to print it again later
 * without laying it out (bin/help-cache.js).
 */
export async function runCli(
  argv: string[],
  exitNow: (code: number) => void,
  keepHelp?: (text: string) => void,
): Promise<number> {
  // A terminal that hangs up must not make the exit itself fail (cli-terminal.ts).
  const kinds = standardKinds();
  terminals = terminalsOf(kinds);
  const exit = (code: number) => {
    releaseHungUpTerminals();
    exitNow(code);
  };
  // Made on first use, as Node's stdout below: `promo --help` needs neither.
  let interrupt: AbortController | undefined;
  const controller = () => (interrupt ??= new AbortController());
  // The first signal, told beside the controller's listeners to what asks without one (Context.onInterrupt).
  const interrupted = new LightAbort();
  const interruptRun = () => {
    controller().abort();
    interrupted.abort();
  };
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
    if (interrupted.aborted) {
      if (holds === 0 || stop().signal.aborted) return stopNow();
      stop().abort();
      setTimeout(stopNow, INTERRUPT_GRACE_MS).unref();
      return;
    }
    interruptRun();
    setTimeout(() => holds === 0 && stopNow(), INTERRUPT_GRACE_MS).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // A terminal closed or an SSH session dropped: the run ends as after SIGTERM (exit 130, requests
  // in flight finished and journaled, locks released), not killed half-way by the default action.
  process.on('SIGHUP', onSignal);
  // A write past the file-size limit (ulimit -f) must fail with EFBIG, which the journal reports,
  // not kill the process: Node ignores SIGXFSZ, but signal-exit (loaded by the lock and conf
  // libraries) re-raises it to die unless someone else listens.
  process.on('SIGXFSZ', () => undefined);
  // The streams are getters: Node builds each on first use (~1-2 ms apiece), and most runs read no
  // stdin. `promo … | head` closes the pipe early: that is the reader's choice, not an error. The
  // stream is then destroyed; what writes to it looks (Output.closed): a list stops asking for
  // pages, a bulk run stops as after Ctrl-C. A terminal that hung up (EIO) is gone the same way:
  // what promo would still say there is lost, and the journal keeps what a bulk run must leave.
  // Any other failure to write is promo's to report.
  const built: NodeJS.WriteStream[] = [];
  const onBuilt = (stream: NodeJS.WriteStream) => {
    built.push(stream);
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (!isGoneError(error)) throw error;
    });
  };
  let stdin: NodeJS.ReadStream | undefined;
  const direct = directStdout(kinds[1] ?? 'pipe', onBuilt, () => exit(ExitCode.ok));
  const printed: string[] = [];
  if (keepHelp) {
    const write = direct.write;
    direct.write = (text) => {
      printed.push(text);
      write(text);
    };
  }
  let stderr: NodeJS.WriteStream | undefined;
  let prompts: Prompts | undefined;
  let dirs: Context['platformDirs'] | undefined;
  const ctx: Context = {
    get stdin() {
      if (!stdin) {
        stdin = tolerateHangUp(process.stdin);
        // A prompt that ends sets the terminal's mode back; on a terminal that hung up that fails
        // (EIO, thrown or emitted here) and so do reads: the prompt ends with the input.
        stdin.on('error', (error: NodeJS.ErrnoException) => {
          if (!isGoneError(error)) throw error;
        });
      }
      return stdin;
    },
    get stdout() {
      return process.stdout;
    },
    directStdout: direct,
    get stderr() {
      if (!stderr) {
        stderr = process.stderr;
        onBuilt(stderr);
      }
      return stderr;
    },
    env: process.env,
    now: Date.now,
    sleep: abortableSleep,
    get platformDirs() {
      dirs ??= platformDirs(process.env);
      return dirs;
    },
    get prompts() {
      prompts ??= inquirerPrompts(ctx.stdin as NodeJS.ReadStream, ctx.stderr, controller().signal);
      return prompts;
    },
    get signal() {
      return controller().signal;
    },
    onInterrupt(listener) {
      if (interrupted.aborted) listener();
      else interrupted.onAbort(listener);
    },
    sandbox: loadSandbox,
    exitsAfterRun: true,
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
  if (keepHelp && code === ExitCode.ok && printed.length > 0) keepHelp(printed.join(''));
  // Pipes are written asynchronously: what a slow reader has not taken yet is still in this
  // process. The run ends once it is delivered; Ctrl-C meanwhile still stops it.
  await Promise.all(built.map(delivered));
  finished = true;
  releaseHungUpTerminals();
  return interrupted.aborted && code !== 0 ? ExitCode.interrupted : code;
}

/**
 * Resolves once the stream has handed everything written to it to the system (or has failed:
 * a reader that left). An empty write's callback runs after every write before it.
 */
function delivered(stream: NodeJS.WriteStream): Promise<void> {
  if (stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => stream.write('', () => resolve()));
}
