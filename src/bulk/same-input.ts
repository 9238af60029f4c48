// --resume of a run whose input can be read only once (stdin, a FIFO): it cannot be hashed whole
// before the first request, as a file is. So each journal record of such a run carries
// `input_sha256`: the first 12 hex digits of the SHA-256 of the input up to the end of its line
// (every line so far, blank ones too, each ended by \n; for CSV, the header and each record's
// fields). The same input gives the same hashes; one matching hash vouches for every line before it.
//
// A resume reads the input up to the last line its journal records, comparing each line's hash
// with the journal's, before it does anything about those lines again: the lines to redo there
// (failed, unknown) wait in memory, so that a different input is refused (exit 2) with nothing
// sent. Only past HOLD_MAX waiting lines do verified ones go out before the rest is read.

import { nodeCrypto } from '../base/crypto.js';
import { ExitCode, PromoError, UsageError } from '../base/errors.js';
import type { LineStates } from './journal.js';
import { SpillFile, type SpillReader } from './spill.js';

/** Lines to redo held back while the input is checked against the journal; memory stays bounded (BULK_HELP and docs/cli.md say 10,000). */
export const HOLD_MAX = 10_000;

/** What a reader feeds each line (or CSV record) to, and asks for the digest of all read so far. */
export interface LineDigests {
  add(bytes: Uint8Array | string): void;
  digest(): string;
}

/** The running hash of an input read once. */
export class PrefixHash implements LineDigests {
  private readonly hash = nodeCrypto().createHash('sha256');

  /** Adds a line (or a CSV record) to what has been read. */
  add(bytes: Uint8Array | string): void {
    this.hash.update(bytes);
    this.hash.update('\n');
  }

  /** The journal's `input_sha256` of the input read so far. */
  digest(): string {
    return this.hash.copy().digest('hex').slice(0, 12);
  }
}

/**
 * The check of a file read twice (CheckedLines): a running 32-bit FNV-1a over every line read so
 * far, as a string of two UTF-16 code units (its halves). It is compared only within one run, the
 * second read against the first, never written nor printed, so it need not be the journal's
 * SHA-256 (of which CheckedLines kept 32 bits). Copying a SHA-256 state for each line cost ~4 µs a
 * line, ~40 ms of the check before the first request of 10,000 creates; this costs a tenth of it.
 * Not hex (toString(16): ~0.3 µs a line), nor decimal: V8 keeps the strings it makes of small
 * integers in its string table until a full collection, and 1,000,000 lines read twice peaked at
 * 113 MiB against 76 MiB.
 */
export class LineChecks implements LineDigests {
  private state = 0x811c9dc5;

  add(bytes: Uint8Array | string): void {
    let h = this.state;
    if (typeof bytes === 'string') {
      for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes.charCodeAt(i), 0x01000193);
    } else {
      for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
    }
    // The line's end, as PrefixHash adds it: "ab" then "c" is not "a" then "bc".
    this.state = Math.imul(h ^ 10, 0x01000193);
  }

  digest(): string {
    return String.fromCharCode(this.state >>> 16, this.state & 0xffff);
  }
}

/** The input is not the one the journal's run read: refused, before or while resuming. */
export class InputDiffers extends UsageError {}

/**
 * The input turned out to differ after some of its lines were sent: the run stopped there, part
 * done (exit 7, as a run with lines left; the journal says which are done, and a resume with the
 * input as it was finishes it).
 */
export class InputChanged extends PromoError {
  constructor(message: string, hint: string | undefined) {
    super(message, ExitCode.partial, hint);
  }
}

const HINT =
  'Pipe in the same input as the run, unchanged, from its first line; for a new input start a new run without --resume.';

/** Checks, line by line, that an input read once is the one the journal's run read. */
export class SameInput {
  /** The highest line read, and whether the journal's last line was among them and matched. */
  private seen = 0;
  private reachedLast = false;

  constructor(
    private readonly states: LineStates,
    private readonly journalPath: string,
    /** `stdin`, or the FIFO's path quoted. */
    private readonly inputName: string,
  ) {}

  /** Every line the journal records has been read and found the same. */
  get verified(): boolean {
    return this.reachedLast || this.states.lastLine === 0;
  }

  /** Whether a line to redo must wait (the journal's lines are not all verified yet). */
  holds(waiting: number): boolean {
    return !this.verified && waiting < HOLD_MAX;
  }

  /** Throws InputDiffers when the line is not the one recorded under its number. */
  verify(line: number, digest: string | undefined): void {
    const last = this.states.lastLine;
    // A line the journal recorded is missing (blank now): the first line past it tells.
    if (!this.reachedLast && line > last && this.seen < last) throw this.differs(last);
    this.seen = line;
    const recorded = this.states.digest(line);
    if (recorded !== undefined && recorded !== digest) throw this.differs(line);
    if (line === last) this.reachedLast = true;
  }

  /** At the end of the input: refuses one that ended before the lines the journal records. */
  end(): void {
    if (this.verified) return;
    throw new InputDiffers(
      `--resume: ${this.inputName} ended ${this.seen ? `after line ${this.seen}` : 'before its first line'}, but the run in '${this.journalPath}' read up to line ${this.states.lastLine}: refusing to mix two inputs`,
      HINT,
    );
  }

  private differs(line: number): InputDiffers {
    return new InputDiffers(
      `--resume: line ${line} of ${this.inputName} is not the line ${line} the run in '${this.journalPath}' read: refusing to mix two inputs`,
      HINT,
    );
  }
}

/**
 * The hash of a file up to each of its lines, taken by the check before the first request, for a
 * file read twice (too large to keep): the second read must find the same lines, or the run
 * stops at the first that differs (a file edited or grown meanwhile), nothing more sent.
 */
export class CheckedLines {
  /**
   * Each checked line's number and its LineChecks digest (a digest of 0 is kept as 1), in the order
   * read, in a spill file (spill.ts): 8 bytes a line on disk, 32 KiB in memory.
   */
  private readonly spill = new SpillFile();
  private reader: SpillReader | undefined;
  /** The line the second read took last from the spill file, and its hash. */
  private taken = { line: 0, hash: 0 };
  private last = 0;
  /** The highest line the second read has come to. */
  private reached = 0;

  add(line: number, digest: string | undefined): void {
    if (digest === undefined) return;
    this.spill.push(line);
    this.spill.push(kept(digest));
    this.last = Math.max(this.last, line);
  }

  /** Throws InputDiffers (exit 2) when the line read now is not the one checked. */
  verify(line: number, digest: string | undefined, input: string): void {
    this.reached = Math.max(this.reached, line);
    const checked = this.checkedHash(line);
    if (digest !== undefined && checked === kept(digest)) return;
    const what =
      line > this.last || checked === 0
        ? `line ${line} was not in it when it was checked`
        : `line ${line} is not the line checked before the first request`;
    throw changed(input, what);
  }

  /** The file is no longer needed (a run that kept every line, or its end). */
  close(): void {
    this.spill.close();
  }

  /** The hash the first read kept for `line` (0: none); the second read comes in line order. */
  private checkedHash(line: number): number {
    if (line === this.taken.line) return this.taken.hash;
    this.reader ??= this.spill.reader();
    for (let next = this.reader.peek(); next !== undefined && next <= line; next = this.reader.peek()) {
      this.reader.next();
      this.taken = { line: next, hash: this.reader.next() ?? 0 };
    }
    return this.taken.line === line ? this.taken.hash : 0;
  }

  /**
   * At the end of the second read: a file cut short (truncated at a line boundary, so that every
   * line read matched) must not end the run as if its last lines had been sent.
   */
  end(input: string): void {
    this.close();
    if (this.reached >= this.last) return;
    throw changed(
      input,
      `it ends ${this.reached ? `after line ${this.reached}` : 'before its first line'}, but it went on to line ${this.last} when it was checked`,
    );
  }
}

/** The 32 bits CheckedLines keeps of a LineChecks digest (never 0). */
function kept(digest: string): number {
  return ((digest.charCodeAt(0) << 16) | digest.charCodeAt(1)) >>> 0 || 1;
}

function changed(input: string, what: string): InputDiffers {
  return new InputDiffers(
    `--input: '${input}' changed during the run: ${what}; stopped there`,
    'Do not edit an input while a run reads it: when it is finished, resume with the same file.',
  );
}
