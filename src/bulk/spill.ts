// Numbers the first pass over a large input keeps for the second (each line's hash, the sorted
// hashes of its codes), on disk rather than in memory: written in order, read back in order, 32
// KiB held at a time. Memory then stays flat however many lines a file has: 1,000,000 lines kept
// 8 MiB in memory before (issue 35). A file in the temporary directory, private to the user,
// removed as soon as it is open where the system allows it (POSIX: nothing is left even after a
// kill -9), else when closed or at exit. A small input never fills a chunk: no file is made.
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Values per write and per read (4 bytes each). */
const CHUNK = 8192;

/** Uint32 values, appended, then read back from any position in order. */
export class SpillFile {
  private fd: number | undefined;
  private readonly buffer = new Uint32Array(CHUNK);
  private filled = 0;
  private leftOver: string | undefined;
  /** How many values were pushed. */
  length = 0;

  push(value: number): void {
    this.buffer[this.filled++] = value;
    this.length += 1;
    if (this.filled === CHUNK) this.flush();
  }

  /** Pushes every value of `values` (a sorted run, say). */
  pushAll(values: Uint32Array): void {
    this.flush();
    if (values.length === 0) return;
    const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
    writeAll(this.open(), bytes, this.length * 4);
    this.length += values.length;
  }

  /** Reads the values from `start` to `end` (indexes of values), in order. */
  reader(start = 0, end = this.length): SpillReader {
    this.flush();
    return new SpillReader((into, at) => {
      const count = Math.min(into.length, end - at);
      if (count <= 0 || this.fd === undefined) return 0;
      const bytes = new Uint8Array(into.buffer, into.byteOffset, count * 4);
      let got = 0;
      while (got < bytes.length) {
        const read = readSync(this.fd, bytes, got, bytes.length - got, at * 4 + got);
        if (read === 0) break;
        got += read;
      }
      return Math.floor(got / 4);
    }, start);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    if (this.leftOver) removeFile(this.leftOver);
    this.leftOver = undefined;
  }

  private flush(): void {
    if (this.filled === 0) return;
    const bytes = new Uint8Array(this.buffer.buffer, 0, this.filled * 4);
    writeAll(this.open(), bytes, (this.length - this.filled) * 4);
    this.filled = 0;
  }

  private open(): number {
    if (this.fd !== undefined) return this.fd;
    const path = join(
      tmpdir(),
      `promo-spill-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    );
    this.fd = openSync(path, 'wx+', 0o600);
    if (!removeFile(path)) {
      this.leftOver = path;
      process.once('exit', () => this.close());
    }
    return this.fd;
  }
}

/** The values of a SpillFile from a position on, a chunk read at a time. */
export class SpillReader {
  private readonly chunk = new Uint32Array(CHUNK);
  private at = 0;
  private got = 0;

  constructor(
    private readonly fill: (into: Uint32Array, at: number) => number,
    private position: number,
  ) {}

  /** The next value without taking it; undefined at the end. */
  peek(): number | undefined {
    if (this.at === this.got) {
      this.got = this.fill(this.chunk, this.position);
      this.position += this.got;
      this.at = 0;
      if (this.got === 0) return undefined;
    }
    return this.chunk[this.at];
  }

  next(): number | undefined {
    const value = this.peek();
    if (value !== undefined) this.at += 1;
    return value;
  }
}

function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}

/** False when the system keeps an open file from being removed (Windows). */
function removeFile(path: string): boolean {
  try {
    unlinkSync(path);
    return true;
  } catch {
    return false;
  }
}
