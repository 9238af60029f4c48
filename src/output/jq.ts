// --jq EXPR: jq itself (jq 1.7.1 compiled to WebAssembly, the jq-wasm package), run in a worker
// thread (jq-worker.ts) so that the main thread stays free to hear Ctrl-C and SIGTERM: on either,
// the worker is ended at once, whatever the expression is doing (`repeat(1)` included). Strings come
// out raw, as with gh's --jq and `jq -r`. A filter jq cannot compile is exit 2, with jq's whole
// message; one that fails on the data is exit 1, jq's words, after what jq printed before it.
import type { Worker } from 'node:worker_threads';
import { InterruptedError, PromoError, UsageError } from '../base/errors.js';
import { escapeForTerminal } from './escape.js';
import { jsonPieces, newPipe, PipeWriter } from './jq-pipe.js';
import type { JqReply, JqRequest } from './jq-worker.js';
import { giveBack, takeWorker } from './jq-workers.js';

const encoder = new TextEncoder();

export interface JqOptions {
  /** jq's colours (stdout is a terminal with colour on). */
  color: boolean;
  /** stdout is a terminal: control characters in raw strings are shown escaped. */
  terminal: boolean;
  /** Ctrl-C, SIGTERM: the worker is ended and the run fails as interrupted. */
  signal?: AbortSignal;
}

/** What jq printed for a batch of inputs, and the error that stopped it, if one did. */
export interface JqResult {
  text: string;
  error?: PromoError;
}

/**
 * The filters a stream of values goes through: two (two worker threads, started as they are needed)
 * where there is more than one core, so that a long stream is filtered on two of them at once.
 */
export function jqFilters(filter: string, options: JqOptions): JqFilter[] {
  return Array.from(
    { length: process.getBuiltinModule('node:os').availableParallelism() > 1 ? 2 : 1 },
    () => new JqFilter(filter, options),
  );
}

export class JqFilter {
  private worker?: Promise<Worker>;
  private pending?: { resolve: (reply: JqReply) => void; reject: (error: unknown) => void };
  private readonly args: string[];
  private stopped?: { reason: unknown };
  private readonly onReply = (reply: JqReply) => {
    this.pending?.resolve(reply);
    this.pending = undefined;
  };
  private readonly onFailure = (error: unknown) =>
    this.stop(new PromoError(`--jq: jq stopped: ${String((error as Error)?.message ?? error)}`, 1));

  constructor(
    filter: string,
    private readonly options: JqOptions,
  ) {
    // --unbuffered: each result reaches promo whole before the next input is read, so that what jq
    // printed before an error on the data is known exactly.
    this.args = ['-r', '--unbuffered', options.color ? '-C' : '-M', filter];
    options.signal?.addEventListener('abort', () => this.stop(new InterruptedError()), { once: true });
  }

  /** Runs the filter on each JSON text, as jq reads a stream of them. */
  async run(texts: string[]): Promise<JqResult> {
    this.throwIfStopped();
    // The worker starts (its thread, jq's module) while the input is encoded here.
    this.started().catch(() => undefined);
    // A buffer of its own (not Node's shared pool): it is handed over to the worker, not copied.
    const input = encoder.encode(texts.join('\n'));
    return this.result(await this.request({ args: this.args, input }, [input.buffer as ArrayBuffer]));
  }

  /**
   * Runs the filter on one value, as JSON.stringify writes it. A large one goes to jq a piece at a
   * time as it is written (jq-pipe.ts), a small one as `run` sends it.
   */
  async runValue(value: unknown): Promise<JqResult> {
    this.throwIfStopped();
    this.started().catch(() => undefined);
    const pieces = jsonPieces(value);
    const first = pieces.next();
    if (first.done) return this.run([]);
    const second = pieces.next();
    if (second.done) return this.run([first.value]);
    const pipe = newPipe();
    // Stopped (Ctrl-C stops it too), the worker is ended: the writer waits for it no more.
    const writer = new PipeWriter(pipe, () => this.stopped !== undefined);
    const reply = this.request({ args: this.args, input: pipe }, []);
    // Settled here whatever the reply: a run stopped meanwhile rejects it, and the writer ends.
    reply.catch(() => undefined);
    const all = (function* () {
      yield first.value;
      yield second.value;
      yield* pieces;
    })();
    let written = 0;
    try {
      for (const piece of all) {
        if (!(await writer.write(encoder.encode(piece)))) break;
        // Between pieces, now and then, a turn of the event loop: Ctrl-C is heard while writing.
        if (++written % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      // A value JSON cannot hold (as JSON.stringify throws): the worker is ended, not left reading.
      this.stop(error);
      throw error;
    } finally {
      writer.end();
    }
    return this.result(await reply);
  }

  private throwIfStopped(): void {
    if (this.options.signal?.aborted) throw new InterruptedError();
    if (this.stopped) throw this.stopped.reason;
  }

  private result(reply: JqReply): JqResult {
    if (!reply.ok) throw new PromoError(`--jq: ${reply.message}`, 1);
    const printed = reply.stdoutBeforeError ?? reply.stdout.length;
    let text = Buffer.from(reply.stdout.buffer, reply.stdout.byteOffset, printed).toString('utf8');
    if (this.options.terminal) text = escapeJqOutput(text);
    const failed = reply.status !== 0 || reply.stdoutBeforeError !== undefined;
    return failed ? { text, error: jqError(reply.stderr, reply.status) } : { text };
  }

  /** The run is over: the worker, idle, is given back for another filter. */
  close(): void {
    if (this.pending) {
      this.stop();
      return;
    }
    this.stopped ??= { reason: new PromoError('--jq: the filter is closed', 1) };
    const worker = this.release();
    void worker?.then(giveBack, () => undefined);
  }

  /** Ends the worker at once, whatever jq is doing (an interruption, a failure). */
  stop(reason: unknown = new InterruptedError()): void {
    this.stopped ??= { reason };
    const worker = this.release();
    this.pending?.reject(reason);
    this.pending = undefined;
    void worker?.then((w) => w.terminate()).catch(() => undefined);
  }

  private release(): Promise<Worker> | undefined {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.then(
      (w) => {
        w.off('message', this.onReply);
        w.off('error', this.onFailure);
        w.off('exit', this.onFailure);
      },
      () => undefined,
    );
    return worker;
  }

  /** This filter's worker, taken (or started) on first use. */
  private started(): Promise<Worker> {
    this.worker ??= takeWorker().then((w) => {
      w.on('message', this.onReply);
      w.on('error', this.onFailure);
      w.on('exit', this.onFailure);
      return w;
    });
    return this.worker;
  }

  private async request(request: JqRequest, transfer: ArrayBuffer[]): Promise<JqReply> {
    const worker = await this.started();
    // Stopped while the worker was starting: it is being ended, and would never answer.
    if (this.stopped) throw this.stopped.reason;
    return new Promise<JqReply>((resolve, reject) => {
      this.pending = { resolve, reject };
      // Held while jq works; idle, the worker never keeps the process alive.
      worker.ref();
      worker.postMessage(request, transfer);
    }).finally(() => worker.unref());
  }
}

/**
 * jq's message: a compile error whole (its lines name the place), exit 2; an error on the data as
 * jq words it, without its `jq: error (at <stdin>:N): ` (the position in promo's input), exit 1.
 */
function jqError(stderr: string, status: number): PromoError {
  // jq 1.7 pads the quoted expression with spaces where 1.8 puts a caret: they show nothing.
  const lines = stderr
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '');
  if (status === 2 || status === 3) {
    const message = lines.join('\n').replace(/^jq: error: /, '');
    return new UsageError(`--jq: ${message}`);
  }
  const first = lines.find((line) => line.startsWith('jq: error')) ?? lines.join('\n');
  return new PromoError(`--jq: ${first.replace(/^jq: error(?: \([^)]*\))?: /, '') || 'jq stopped'}`, 1);
}

// jq's own colours (jq 1.7.1's defaults: JQ_COLORS is not seen by the WebAssembly build).
const JQ_COLOR = /\x1b\[(?:0|[01];(?:3\d|9\d))m/g;

/**
 * jq's output for a terminal: control characters from the data (in raw strings: OSC 52 to the
 * clipboard, a window title, a cleared screen) shown escaped; jq's colours and line breaks kept.
 */
export function escapeJqOutput(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(JQ_COLOR)) {
    out += escapeForTerminal(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + escapeForTerminal(text.slice(last));
}
