// One large value for --jq (a list of 100,000 vouchers as one JSON array) handed to jq while it is
// being written: the main thread turns the value into JSON a piece at a time and puts the pieces
// in a ring of shared memory, and the jq worker reads them from there as jq asks for its input
// (jq-wasm.ts), blocking until the next piece is in. jq parses the start of the array while the
// main thread writes its end, on two cores: writing the whole text first (88 MiB for 100,000
// vouchers: ~0.4 s to make, ~0.15 s to encode) held jq back by that long, and the text and its
// bytes were held whole, twice, in memory. Both sides of the ring are here; the worker uses
// PipeReader only.

/** The ring's size: a power of two, so that positions are the byte counts masked. */
export const PIPE_BYTES = 1 << 20;
/** What the main thread hands over in a piece (about: a piece ends after the value that fills it). */
export const PIECE_CHARS = 64 * 1024;

// The control words (an Int32Array over `control`): bytes written and bytes read since the start
// (both wrap at 2^32: only their difference counts), and how the run stands.
const WRITTEN = 0;
const READ = 1;
const STATE = 2;
/** The writer is still writing. */
const OPEN = 0;
/**
 * The writer is done: what is in the ring is the end of the input (cut short when the writer
 * failed: the main thread then stops the run and says why, whatever jq makes of it).
 */
const ENDED = 1;
/** The reader is done (jq ended before reading all of it): the writer stops. */
const CLOSED = 2;

/** A wait, in milliseconds, after which each side looks again at what the other did. */
const WAIT_MS = 50;

/** The shared memory of one run: posted to the worker with the request. */
export interface JqPipe {
  control: SharedArrayBuffer;
  data: SharedArrayBuffer;
}

export function newPipe(): JqPipe {
  return { control: new SharedArrayBuffer(16), data: new SharedArrayBuffer(PIPE_BYTES) };
}

// Atomics.waitAsync, which the project's TypeScript libraries do not declare.
type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
  timeout: number,
) => { async: false; value: string } | { async: true; value: Promise<string> };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/** The main thread's side: writes bytes into the ring, waiting (without blocking) for room. */
export class PipeWriter {
  private readonly control: Int32Array;
  private readonly data: Uint8Array;
  private written = 0;

  /** `gone`: the reader will never read again (its worker was ended): the writer stops waiting. */
  constructor(
    pipe: JqPipe,
    private readonly gone: () => boolean,
  ) {
    this.control = new Int32Array(pipe.control);
    this.data = new Uint8Array(pipe.data);
  }

  /** False once the reader has closed its end, or is gone: nothing more is wanted. */
  async write(bytes: Uint8Array): Promise<boolean> {
    let from = 0;
    while (from < bytes.length) {
      if (Atomics.load(this.control, STATE) === CLOSED || this.gone()) return false;
      const read = Atomics.load(this.control, READ);
      const room = PIPE_BYTES - ((this.written - read) | 0);
      if (room === 0) {
        const waited = waitAsync(this.control, READ, read, WAIT_MS);
        if (waited.async) await waited.value;
        continue;
      }
      const at = this.written & (PIPE_BYTES - 1);
      const take = Math.min(room, bytes.length - from, PIPE_BYTES - at);
      this.data.set(bytes.subarray(from, from + take), at);
      from += take;
      this.written = (this.written + take) | 0;
      Atomics.store(this.control, WRITTEN, this.written);
      Atomics.notify(this.control, WRITTEN);
    }
    return true;
  }

  /** Nothing more comes: the reader sees the end of its input. */
  end(): void {
    Atomics.compareExchange(this.control, STATE, OPEN, ENDED);
    Atomics.notify(this.control, WRITTEN);
  }
}

/** The worker's side: the reader's position and its view of the ring. */
export class PipeReader {
  private readonly control: Int32Array;
  private readonly data: Uint8Array;
  private read = 0;

  constructor(pipe: JqPipe) {
    this.control = new Int32Array(pipe.control);
    this.data = new Uint8Array(pipe.data);
  }

  /**
   * Copies up to `room` bytes into `into` at `at`; with `wait`, blocks the worker until some are
   * in. 0 at the end of the input (or, without `wait`, when none are in yet).
   */
  readInto(into: Uint8Array, at: number, room: number, wait: boolean): number {
    for (;;) {
      // The state before the count: a writer that ended had written all it would.
      const state = Atomics.load(this.control, STATE);
      const written = Atomics.load(this.control, WRITTEN);
      const ready = (written - this.read) | 0;
      if (ready > 0) {
        const from = this.read & (PIPE_BYTES - 1);
        const take = Math.min(ready, room, PIPE_BYTES - from);
        into.set(this.data.subarray(from, from + take), at);
        this.read = (this.read + take) | 0;
        Atomics.store(this.control, READ, this.read);
        Atomics.notify(this.control, READ);
        return take;
      }
      if (state !== OPEN || !wait) return 0;
      Atomics.wait(this.control, WRITTEN, written, WAIT_MS);
    }
  }

  /** jq is done with its input: a writer still writing stops. */
  close(): void {
    Atomics.compareExchange(this.control, STATE, OPEN, CLOSED);
    Atomics.notify(this.control, READ);
  }
}

/**
 * `value` as JSON, the same text as JSON.stringify(value), in pieces of about PIECE_CHARS: arrays
 * and objects of the two outer levels (a list, an answer holding one) are written member by
 * member, what is deeper by JSON.stringify whole. A value JSON cannot hold throws as
 * JSON.stringify does (a BigInt, a cycle).
 */
export function* jsonPieces(value: unknown): Generator<string, void, undefined> {
  const out = { text: '' };
  const json = toJson(value, '');
  if (omitted(json)) return;
  yield* member(json, 2, out);
  if (out.text !== '') yield out.text;
}

/** A value after its toJSON(), written to `out`; the pieces that fill it are yielded. */
function* member(json: unknown, depth: number, out: { text: string }): Generator<string, void, undefined> {
  if (depth === 0 || json === null || typeof json !== 'object' || !isPlain(json)) {
    out.text += JSON.stringify(json);
  } else if (Array.isArray(json)) {
    out.text += '[';
    for (let i = 0; i < json.length; i++) {
      if (i > 0) out.text += ',';
      const item = toJson(json[i], String(i));
      // undefined, a function, a symbol: null in an array, as JSON.stringify has it.
      if (omitted(item)) out.text += 'null';
      else yield* member(item, depth - 1, out);
      if (out.text.length >= PIECE_CHARS) yield take(out);
    }
    out.text += ']';
  } else {
    out.text += '{';
    let first = true;
    for (const name of Object.keys(json)) {
      const entry = toJson((json as Record<string, unknown>)[name], name);
      // Left out of an object, as JSON.stringify leaves them.
      if (omitted(entry)) continue;
      out.text += `${first ? '' : ','}${JSON.stringify(name)}:`;
      first = false;
      yield* member(entry, depth - 1, out);
      if (out.text.length >= PIECE_CHARS) yield take(out);
    }
    out.text += '}';
  }
}

/** What JSON has no text for: JSON.stringify leaves it out of an object, writes null in an array. */
function omitted(json: unknown): boolean {
  return json === undefined || typeof json === 'function' || typeof json === 'symbol';
}

function take(out: { text: string }): string {
  const text = out.text;
  out.text = '';
  return text;
}

/** What JSON.stringify writes for a value: its toJSON() first, where it has one. */
function toJson(value: unknown, key: string): unknown {
  const toJSON = (value as { toJSON?: unknown } | null | undefined)?.toJSON;
  return typeof toJSON === 'function' ? toJSON.call(value, key) : value;
}

/** An array, or an object of no class (what JSON.parse makes): the others go to JSON.stringify whole. */
function isPlain(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
