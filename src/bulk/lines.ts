// The bytes of an `--input FILE|-`, read as a stream in bounded memory, and split into lines. A
// regular file can be read twice (checked whole, then sent); stdin, a FIFO or a device is read once.
// A signal ends a read at once, even one that never ends (`--input /dev/zero`) or never starts (a
// FIFO nobody writes to).
import type { Hash } from 'node:crypto';
import { close, closeSync, constants, createReadStream, open, openSync, read, statSync } from 'node:fs';
import type { StdinOf } from '../base/context.js';
import { nodeCrypto } from '../base/crypto.js';
import { errnoCode, InterruptedError, UsageError } from '../base/errors.js';

/** No body the service takes is larger (it answers 413 above 1 MiB); longer lines are refused unread. */
export const MAX_LINE_BYTES = 1024 * 1024;
const CHUNK_BYTES = 256 * 1024;

export interface InputSource {
  /** As given: a path, or `-` for stdin. */
  name: string;
  /** stdin belongs to the process: it is never closed here. */
  shared: boolean;
  /** A regular file: read twice (checked whole first), hashed for --resume. */
  rereadable: boolean;
  /** A regular file's size in bytes. */
  size?: number;
  /**
   * Its bytes, from the start; for stdin, the stream there is. A chunk is only good until the next
   * is asked for (a file's buffer is reused: reading costs no memory however large the file).
   */
  open(): AsyncIterable<Buffer | string>;
  /** Ends an open that waits for a writer (a FIFO): else that thread would hold the process's exit. */
  unblock?(): void;
}

export function inputSource(name: string, run: StdinOf, flag = '--input'): InputSource {
  if (name === '-') {
    // Asked for only here: building Node's stdin stream costs a run that reads a file for nothing.
    const stream = run.stdin;
    if (stream.isTTY)
      throw new UsageError(`${flag} -: stdin is a terminal; pipe the input in, or give a file`);
    return { name, shared: true, rereadable: false, open: () => stream };
  }
  let regular: boolean;
  let fifo: boolean;
  let size: number;
  try {
    const stat = statSync(name);
    if (stat.isDirectory()) throw new UsageError(`${flag}: cannot read '${name}': is a directory`);
    regular = stat.isFile();
    fifo = stat.isFIFO();
    size = stat.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = errnoCode(error);
    throw new UsageError(
      `${flag}: cannot read '${name}': ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  return {
    name,
    shared: false,
    rereadable: regular,
    size: regular ? size : undefined,
    open: () => (regular ? fileChunks(name) : createReadStream(name, { highWaterMark: CHUNK_BYTES })),
    // Opening the FIFO for writing, without waiting, lets the pending open for reading return.
    unblock: fifo
      ? () => {
          try {
            closeSync(openSync(name, constants.O_WRONLY | constants.O_NONBLOCK));
          } catch {
            // No reader waits (the open returned already): nothing to unblock.
          }
        }
      : undefined,
  };
}

/** A regular file's chunks, read into one buffer over and over. */
async function* fileChunks(name: string): AsyncGenerator<Buffer> {
  const fd = await new Promise<number>((resolve, reject) =>
    open(name, 'r', (error, fd) => (error ? reject(error) : resolve(fd))),
  );
  const buffer = Buffer.allocUnsafeSlow(CHUNK_BYTES);
  try {
    for (;;) {
      const size = await new Promise<number>((resolve, reject) =>
        read(fd, buffer, 0, CHUNK_BYTES, null, (error, n) => (error ? reject(error) : resolve(n))),
      );
      if (size === 0) return;
      yield buffer.subarray(0, size);
    }
  } finally {
    close(fd, () => undefined);
  }
}

/** The read of the input stopped by Ctrl-C (or a kill): the run ends as interrupted, its lines journaled. */
export class InputReadInterrupted extends InterruptedError {}

/** The chunks of a stream until it ends or `signal` aborts (then Interrupted, without waiting for it). */
export async function* chunksOf(
  source: InputSource,
  signal?: AbortSignal,
  hash?: Hash,
): AsyncGenerator<Buffer> {
  if (signal?.aborted) throw new InputReadInterrupted();
  const iterator = source.open()[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await nextOrAbort(iterator, source, signal);
      if (next.done) return;
      const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : (next.value as Buffer);
      hash?.update(chunk);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof InputReadInterrupted) throw error;
    const code = errnoCode(error);
    throw new UsageError(`--input: cannot read: ${code ?? (error as Error).message}`);
  } finally {
    // A file of ours is closed (a FIFO's pending open is left to the process's exit); stdin stays.
    if (!source.shared) await iterator.return?.();
  }
}

/**
 * The next chunk, or Interrupted as soon as `signal` aborts, without waiting for the read. A new
 * race each time: one promise raced again and again would keep every chunk it was raced with.
 */
function nextOrAbort(
  iterator: AsyncIterator<unknown>,
  source: InputSource,
  signal?: AbortSignal,
): Promise<IteratorResult<unknown>> {
  if (!signal) return iterator.next();
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      source.unblock?.();
      reject(new InputReadInterrupted());
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([iterator.next(), aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}

export type RawLine = { line: number; bytes: Buffer } | { line: number; tooLong: true };

/**
 * Lines (without the line break) with their 1-based numbers; a line over MAX_LINE_BYTES is reported,
 * not kept. A line's bytes may be a view of the chunk: read them before asking for the next line.
 */
export async function* linesOf(chunks: AsyncIterable<Buffer>): AsyncGenerator<RawLine> {
  let parts: Buffer[] = [];
  let size = 0;
  let tooLong = false;
  let line = 1;
  const end = (): RawLine => {
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
    parts = [];
    size = 0;
    const last = bytes.length > 0 && bytes[bytes.length - 1] === 13 ? bytes.subarray(0, -1) : bytes;
    return { line, bytes: last };
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      const piece = chunk.subarray(start, newline === -1 ? chunk.length : newline);
      if (!tooLong) {
        if (size + piece.length > MAX_LINE_BYTES) {
          tooLong = true;
          parts = [];
          size = 0;
        } else if (piece.length > 0) {
          // A line's start at the end of a chunk is kept as a copy: the chunk's buffer is reused.
          parts.push(newline === -1 ? Buffer.from(piece) : piece);
          size += piece.length;
        }
      }
      if (newline === -1) break;
      yield tooLong ? { line, tooLong: true } : end();
      tooLong = false;
      line += 1;
      start = newline + 1;
    }
  }
  if (tooLong) yield { line, tooLong: true };
  else if (size > 0) yield end();
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** A line's text, or undefined when it is not UTF-8. A byte-order mark on line 1 is dropped. */
export function lineText(raw: { line: number; bytes: Buffer }): string | undefined {
  try {
    const text = decoder.decode(raw.bytes);
    return raw.line === 1 ? text.replace(/^\uFEFF/, '') : text;
  } catch {
    return undefined;
  }
}

export function sha256(): Hash {
  return nodeCrypto().createHash('sha256');
}
