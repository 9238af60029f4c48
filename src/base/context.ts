// What a command may touch of the outside world. bin/promo.js builds the real one; tests build
// theirs with in-memory streams, a temporary config directory and a fixed clock.
import type { Readable, Writable } from 'node:stream';
import type { Dirs } from './dirs.js';

/** The built-in sandbox: the public entry of the promo-sandbox package, loaded on first use. */
export type SandboxModule = typeof import('promo-sandbox');

export type InputStream = Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
export type OutputStream = Writable & { isTTY?: boolean; columns?: number };

/** What every prompt takes: the question, and whether to draw it in colour (Runtime decides). */
export interface PromptOptions {
  message: string;
  color?: boolean;
}

/**
 * Questions for a person at a terminal. Ctrl-C rejects with InterruptedError (exit 130), Ctrl-D
 * (end of input) with CancelledError (exit 8).
 */
export interface Prompts {
  input(
    options: PromptOptions & { default?: string; validate?: (value: string) => true | string },
  ): Promise<string>;
  password(options: PromptOptions & { validate?: (value: string) => true | string }): Promise<string>;
  confirm(options: PromptOptions & { default?: boolean }): Promise<boolean>;
  select<T>(
    options: PromptOptions & { choices: Array<{ name: string; value: T; description?: string }> },
  ): Promise<T>;
}

/** stdout without Node's stream, while nothing needs it: see cli-stdout.ts. */
export interface DirectStdout {
  /** Whether stdout is a terminal, told without building Node's stream when it is a pipe or a file. */
  isTTY(): boolean;
  /** Text printed whole (help, usage); a reader that left ends the run (exit 0). */
  write(text: string): void;
  /**
   * A command's data, written straight when it may be (small, or to a file; never to a character
   * device): false when it is the stream's to write. A reader that left is noted (`gone`), the run
   * goes on.
   */
  writeData(text: string): boolean;
  /** Node's stream is built: everything goes through it from then on. */
  readonly built: boolean;
  /** The reader left while data was written straight (EPIPE). */
  readonly gone: boolean;
}

/**
 * Where a run reads `-` from: its context, whose stdin the real CLI builds only when asked for
 * (Node's stream costs a run that never reads it). Also the key of what a run's options read
 * (input/json-source.ts): one context a run.
 */
export type StdinOf = Pick<Context, 'stdin'>;

/** Whether stdout is a terminal, told without building Node's stream where the context can. */
export function stdoutIsTTY(ctx: Pick<Context, 'stdout' | 'directStdout'>): boolean {
  return ctx.directStdout ? ctx.directStdout.isTTY() : ctx.stdout.isTTY === true;
}

export interface Context {
  stdin: InputStream;
  stdout: OutputStream;
  /** The real context's cheaper way to print help and small data; tests leave it out (stdout is used). */
  directStdout?: DirectStdout;
  stderr: OutputStream;
  env: Record<string, string | undefined>;
  /** Milliseconds since the epoch. */
  now(): number;
  /**
   * Waits `ms` (or until `signal` aborts): every wait of a run (retries, pacing, job and lock
   * polling) goes through it, so that time is an input: tests hand in a clock that moves at once.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** The platform's directories for promo (config, cache, state), used when PROMO_CONFIG_DIR is not set. */
  platformDirs: Dirs;
  /** Interactive prompts bound to this context's streams; loaded only when a command asks. */
  prompts: Prompts;
  /** Aborted on Ctrl-C. */
  signal?: AbortSignal;
  /**
   * `listener` called once when `signal` aborts (at once if it has), without listening on the
   * signal itself: Node compiles its event target's code on the first addEventListener of a
   * process, ~1 ms of a one-request run (Node 24; half that on Node 20).
   */
  onInterrupt?(listener: () => void): void;
  /** Loads the built-in sandbox (for the sandbox profile and `promo sandbox`): handed in, never imported. */
  sandbox(): Promise<SandboxModule>;
  /** Aborted on a second Ctrl-C: what the first let finish (a bulk run's requests in flight) stops now. */
  stopSignal?: AbortSignal;
  /** Keeps the process from being stopped shortly after the first Ctrl-C, until the returned release is called. */
  holdInterrupt?(): () => void;
  /**
   * The process ends as soon as the run is over (the real CLI): what only frees resources for a
   * next run in the same process is left to the exit. Connections kept open for reuse are not
   * closed one by one: closing a socket makes Node build process.stderr (to compare it with the
   * socket), which on a terminal loads node:tty, ~2 ms of `promo … | jq`.
   */
  exitsAfterRun?: boolean;
  /** The command line, as main() received it (a bulk run prints the command that resumes it). */
  argv?: readonly string[];
}
