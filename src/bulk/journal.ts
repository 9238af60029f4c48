// The journal of a bulk run (--results FILE): a header, then one JSON line per input line as soon
// as its outcome is known. Before a line's request goes out, an `unknown` record marks it in
// flight, and that record is in the file (the kernel's, whatever kills the process next) before
// the request is sent: should the process die before the outcome is written, the journal still
// says that this line may have reached the service. Outcomes wait for the next such write, or a
// tenth of a second, and the lines that start in one turn of the event loop share one write, so
// that a run costs at most one write per line, not two. The last record of a line
// is what holds. An input read once (stdin, a FIFO) cannot be hashed whole before the run: its
// records carry `input_sha256`, a short hash of the input up to their line (same-input.ts).
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from '../errors.js';
import type { ErrorJson } from '../output/errors.js';
import { chunksOf, inputSource, linesOf, lineText } from './lines.js';

export const JOURNAL_FORMAT = 'promo-bulk-journal/1';

export type LineStatus = 'created' | 'updated' | 'deleted' | 'sent' | 'failed' | 'skipped' | 'unknown';

export interface JournalRecord {
  line: number;
  status: LineStatus;
  code?: string;
  id?: string;
  error?: ErrorJson | { key: string; message: string };
}

export interface JournalHeader {
  journal: typeof JOURNAL_FORMAT;
  /** `voucher create`. */
  command: string;
  /** The command line, without the options that only steer the run (see resume.ts). */
  args: string[];
  /** The input as given (`-` for stdin) and, for a file, the SHA-256 of its bytes. */
  input: string;
  sha256: string | null;
  /** Records in the input, when known before the run. */
  lines: number | null;
  /** Records carry `input_sha256` (an input read once); journals of older runs lack it. */
  line_digests?: true;
  started_at: string;
}

/** The key of the record that marks a line in flight (see the top of this file). */
export const IN_FLIGHT = 'in_flight';

const FLUSH_AFTER_MS = 100;

export class Journal {
  private pending = '';
  private timer?: NodeJS.Timeout;

  private constructor(
    readonly path: string,
    private fd: number | undefined,
  ) {}

  /** A new journal (an existing file is replaced), or, with `append`, the one of the run resumed. */
  static open(path: string, append: boolean): Journal {
    try {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      return new Journal(path, openSync(path, append ? 'a' : 'w', 0o600));
    } catch (error) {
      throw new UsageError(`--results: cannot write '${path}': ${(error as Error).message}`);
    }
  }

  /** One record, as JSON, written with the next flush (within FLUSH_AFTER_MS). */
  add(json: string): void {
    this.pending += `${json}\n`;
    this.timer ??= setTimeout(() => this.flush(), FLUSH_AFTER_MS).unref();
  }

  /** Written now, with whatever waits: a record that must be in the file before what follows. */
  write(json: string): void {
    this.pending += `${json}\n`;
    this.flush();
  }

  private starting: Array<() => void> = [];
  private startSoon?: NodeJS.Immediate;

  /**
   * A line's in-flight record: `start` runs once it is in the file. Lines marked in the same turn
   * of the event loop (answers that came together freeing their slots) are written together.
   */
  mark(json: string, start: () => void): void {
    this.pending += `${json}\n`;
    this.starting.push(start);
    this.startSoon ??= setImmediate(() => {
      this.startSoon = undefined;
      this.flush();
      for (const go of this.starting.splice(0)) go();
    });
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.fd !== undefined && this.pending) writeSync(this.fd, this.pending);
    this.pending = '';
  }

  close(): void {
    this.flush();
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** Where a run's journal goes without --results: one new file per run under the state directory (beside what voucher import keeps). */
export function defaultJournalPath(dir: string, command: string, nowMs: number): string {
  const stamp = new Date(nowMs).toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  const suffix = Math.floor(Math.random() * 0x10000)
    .toString(16)
    .padStart(4, '0');
  return join(dir, 'runs', `${stamp}-${command.replace(/ /g, '-')}-${suffix}.ndjson`);
}

/**
 * What a journal says of each line: one byte per line number, so that a million lines cost a
 * megabyte; and, for an input read once, the hash of the input up to each line (8 bytes a line).
 */
export class LineStates {
  static readonly none = 0;
  static readonly done = 1;
  static readonly failed = 2;
  static readonly unknown = 3;
  private states = new Uint8Array(1024);
  /** 48 bits of `input_sha256`, plus one (0: none recorded). */
  private digests?: Float64Array;
  counts = { done: 0, failed: 0, unknown: 0 };
  /** The highest line the journal has a record of. */
  lastLine = 0;

  get(line: number): number {
    return this.states[line] ?? LineStates.none;
  }

  set(line: number, status: LineStatus, digest?: unknown): void {
    if (line >= this.states.length) {
      const grown = new Uint8Array(Math.max(line + 1, this.states.length * 2));
      grown.set(this.states);
      this.states = grown;
    }
    this.states[line] =
      status === 'unknown' ? LineStates.unknown : status === 'failed' ? LineStates.failed : LineStates.done;
    this.lastLine = Math.max(this.lastLine, line);
    if (typeof digest === 'string' && /^[0-9a-f]{12}$/.test(digest)) {
      if (!this.digests || this.digests.length < this.states.length) {
        const grown = new Float64Array(this.states.length);
        if (this.digests) grown.set(this.digests);
        this.digests = grown;
      }
      this.digests[line] = Number.parseInt(digest, 16) + 1;
    }
  }

  /** The `input_sha256` recorded for the line, if any. */
  digest(line: number): string | undefined {
    const value = this.digests?.[line];
    return value ? (value - 1).toString(16).padStart(12, '0') : undefined;
  }

  tally(): void {
    this.counts = { done: 0, failed: 0, unknown: 0 };
    for (const state of this.states) {
      if (state === LineStates.done) this.counts.done++;
      else if (state === LineStates.failed) this.counts.failed++;
      else if (state === LineStates.unknown) this.counts.unknown++;
    }
  }
}

/** Reads a journal for --resume: its header and the last status of every line. */
export async function readJournal(
  path: string,
  signal?: AbortSignal,
): Promise<{ header: JournalHeader; states: LineStates }> {
  const source = inputSource(path, { isTTY: false } as never, '--resume');
  let header: JournalHeader | undefined;
  const states = new LineStates();
  for await (const raw of linesOf(chunksOf(source, signal))) {
    const text = 'bytes' in raw ? lineText(raw) : undefined;
    let record: Partial<JournalRecord & JournalHeader> | undefined;
    try {
      record = text ? JSON.parse(text) : undefined;
    } catch {
      // A line cut short by a crash mid-write: only ever the last one; it names no outcome.
    }
    if (!record || typeof record !== 'object') continue;
    if (!header) {
      if (record.journal !== JOURNAL_FORMAT)
        throw new UsageError(`--resume: '${path}' is not a journal of a promo bulk run`);
      header = record as JournalHeader;
    } else if (Number.isInteger(record.line) && typeof record.status === 'string') {
      states.set(
        record.line!,
        record.status as LineStatus,
        (record as { input_sha256?: unknown }).input_sha256,
      );
    }
  }
  if (!header) throw new UsageError(`--resume: '${path}' is empty, not a journal of a promo bulk run`);
  states.tally();
  return { header, states };
}
