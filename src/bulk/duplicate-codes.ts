// Two lines of one create run that name the same code: the second fails (duplicate_in_input),
// and a dry run says so. Exact, in memory that does not hold every code of a large file: the
// first pass over a file (check-whole.ts) keeps a 32-bit hash of each line's code (in sorted runs
// on disk, spill.ts), then finds the hashes met more than once by merging the runs.
// Only the codes with such a hash can repeat; the pass that sends keeps those codes whole and
// compares them exactly (a shared hash of two different codes is no duplicate). An input read
// once (stdin) has no first pass: every code is kept, as before.

import { SpillFile } from './spill.js';

/** 32-bit FNV-1a over the UTF-16 code units: no module to load, a few nanoseconds a code. */
export function codeHash(code: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) hash = Math.imul(hash ^ code.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** What a line that names an earlier line's code says (the run's record, or a dry run's error). */
export const duplicateMessage = (first: number) =>
  `line ${first} names the same code; a code is created once`;

const BLOCK = 64 * 1024;

/** A sorted run of hashes, read in order. */
interface Run {
  peek(): number | undefined;
  next(): number | undefined;
}

/**
 * The hash of each code of a file's first pass: 64 Ki of them in memory (256 KiB), sorted and
 * written to a spill file (spill.ts) when full, then merged from there in order: memory stays flat.
 */
export class CodeHashes {
  private readonly block = new Uint32Array(BLOCK);
  private fill = 0;
  private spill: SpillFile | undefined;
  private readonly runs: Array<[number, number]> = [];

  add(code: string): void {
    this.block[this.fill++] = codeHash(code);
    if (this.fill === BLOCK) this.spillBlock();
  }

  /** The hashes added more than once; the hashes are spent (sorted, merged, the file closed). */
  repeated(): Set<number> {
    const sources: Run[] = [];
    if (this.spill) {
      this.spillBlock();
      for (const [start, end] of this.runs) sources.push(this.spill.reader(start, end));
    } else sources.push(inMemory(this.block.subarray(0, this.fill).sort()));
    const repeated = new Set<number>();
    let previous = -1;
    for (;;) {
      // The smallest head of the sorted runs (a few dozen of them for millions of lines).
      let k = -1;
      let smallest = 0;
      for (let i = 0; i < sources.length; i++) {
        const head = sources[i]!.peek();
        if (head !== undefined && (k === -1 || head < smallest)) [k, smallest] = [i, head];
      }
      if (k === -1) break;
      sources[k]!.next();
      if (smallest === previous) repeated.add(smallest);
      previous = smallest;
    }
    this.spill?.close();
    this.fill = 0;
    return repeated;
  }

  private spillBlock(): void {
    if (this.fill === 0) return;
    this.spill ??= new SpillFile();
    const start = this.spill.length;
    this.spill.pushAll(this.block.subarray(0, this.fill).sort());
    this.runs.push([start, this.spill.length]);
    this.fill = 0;
  }
}

function inMemory(values: Uint32Array): Run {
  let at = 0;
  return { peek: () => (at < values.length ? values[at] : undefined), next: () => values[at++] };
}

/** The line that first named each code, kept whole only for codes that may repeat. */
export class FirstLines {
  private readonly lines = new Map<string, number>();

  /** `mayRepeat`: the hashes a first pass found more than once (undefined: every code kept). */
  constructor(
    earlier: Iterable<[string, number]> = [],
    private readonly mayRepeat?: ReadonlySet<number>,
  ) {
    for (const [code, line] of earlier) if (this.kept(code)) this.lines.set(code, line);
  }

  /** The earlier line that named `code`; else `line` is recorded as the first. */
  firstOf(line: number, code: string): number | undefined {
    if (!this.kept(code)) return undefined;
    const first = this.lines.get(code);
    if (first !== undefined && first !== line) return first;
    this.lines.set(code, line);
    return undefined;
  }

  private kept(code: string): boolean {
    return this.mayRepeat === undefined || this.mayRepeat.has(codeHash(code));
  }
}
