// Two lines of one create run that name the same code: the second fails (duplicate_in_input),
// and a dry run says so. Exact, in memory that does not hold every code of a large file: the
// first pass over a file (check-whole.ts) keeps a 32-bit hash of each line's code (4 bytes a
// line, in fixed blocks that are never copied to grow), then finds the hashes met more than once.
// Only the codes with such a hash can repeat; the pass that sends keeps those codes whole and
// compares them exactly (a shared hash of two different codes is no duplicate). An input read
// once (stdin) has no first pass: every code is kept, as before.

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

/** The hash of each code of a file's first pass. */
export class CodeHashes {
  private readonly blocks: Uint32Array[] = [];
  private fill = BLOCK;

  add(code: string): void {
    if (this.fill === BLOCK) {
      this.blocks.push(new Uint32Array(BLOCK));
      this.fill = 0;
    }
    this.blocks[this.blocks.length - 1]![this.fill++] = codeHash(code);
  }

  /** The hashes added more than once; the blocks are spent (sorted in place, then merged). */
  repeated(): Set<number> {
    const blocks = this.blocks.map((block, i) =>
      (i === this.blocks.length - 1 ? block.subarray(0, this.fill) : block).sort(),
    );
    this.blocks.length = 0;
    const at = blocks.map(() => 0);
    const repeated = new Set<number>();
    let previous = -1;
    for (;;) {
      // The smallest head of the sorted blocks (a few dozen of them for millions of lines).
      let k = -1;
      for (let i = 0; i < blocks.length; i++)
        if (at[i]! < blocks[i]!.length && (k === -1 || blocks[i]![at[i]!]! < blocks[k]![at[k]!]!)) k = i;
      if (k === -1) return repeated;
      const hash = blocks[k]![at[k]!++]!;
      if (hash === previous) repeated.add(hash);
      previous = hash;
    }
  }
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
