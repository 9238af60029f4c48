// One large value for --jq handed to jq as it is written (src/output/jq-pipe.ts): the JSON in
// pieces is JSON.stringify's text, jq reads it whole through the ring however it is cut (past the
// ring's size, characters of 2-4 bytes across its end), and a value JSON cannot hold, a Ctrl-C while
// writing, or jq's end leave nothing waiting.
import { describe, expect, it } from 'vitest';
import { InterruptedError } from '../../src/base/errors.js';
import { JqFilter } from '../../src/output/jq.js';
import { jsonPieces, PIECE_CHARS, PIPE_BYTES } from '../../src/output/jq-pipe.js';

/** `count` vouchers whose codes hold characters of 1 to 4 bytes in UTF-8, so that some straddle a cut. */
function vouchers(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    code: `V-${i}-${'é€😀'.repeat(i % 7)}`,
    active: i % 3 !== 0,
    discount: { type: 'PERCENT', percent_off: i % 50 },
    metadata: { note: 'x'.repeat(i % 97), n: i / 7 },
  }));
}

describe('jsonPieces', () => {
  it.each([
    ['a list past several pieces', vouchers(3_000)],
    ['an answer holding one', { object: 'list', total: 3_000, vouchers: vouchers(3_000), more: false }],
    [
      'what JSON leaves out or writes as null',
      [undefined, () => 1, Symbol('s'), { a: undefined, b: () => 1, c: 1 }],
    ],
    ['an object with them', { a: undefined, f: () => 1, s: Symbol('s'), n: null, arr: [undefined] }],
    [
      'toJSON, at each level',
      { at: new Date(0), list: [new Date(1), { toJSON: (key: string) => `k${key}` }] },
    ],
    ['empty ones', { a: [], b: {}, c: [[], [{}]] }],
    ['a string', 'a "quoted" é'],
    ['a number', 12.5],
    ['null', null],
    ['an object of no class', Object.assign(Object.create(null), { x: 1 })],
    ['deep nesting', { a: { b: { c: { d: [1, { e: 2 }] } } } }],
  ])('%s: the pieces joined are JSON.stringify’s text', (_name, value) => {
    const pieces = [...jsonPieces(value)];
    expect(pieces.join('')).toBe(JSON.stringify(value));
    // Each piece but the last is about PIECE_CHARS: no piece holds the whole of a large value.
    for (const piece of pieces.slice(0, -1)) expect(piece.length).toBeGreaterThanOrEqual(PIECE_CHARS);
  });

  it('gives nothing for what JSON has no text for', () => {
    expect([...jsonPieces(undefined)]).toEqual([]);
    expect([...jsonPieces(() => 1)]).toEqual([]);
  });

  it('throws what JSON.stringify throws, once it reaches the value', () => {
    const list: unknown[] = vouchers(3_000);
    list.push({ big: 1n });
    expect(() => [...jsonPieces(list)]).toThrow(/BigInt/);
    const cycle: Record<string, unknown> = { list: [{}] };
    (cycle.list as Array<Record<string, unknown>>)[0]!.back = cycle;
    expect(() => [...jsonPieces(cycle)]).toThrow(/circular/);
  });
});

describe('JqFilter.runValue', () => {
  const options = { color: false, terminal: false };

  it('gives jq the value whole through the ring, as run() does with its text', async () => {
    const value = vouchers(20_000);
    expect(Buffer.byteLength(JSON.stringify(value))).toBeGreaterThan(3 * PIPE_BYTES);
    for (const filter of [
      '.[] | select(.active) | .code',
      'map(.discount.percent_off) | add',
      'tojson | length',
    ]) {
      const piped = new JqFilter(filter, options);
      const whole = new JqFilter(filter, options);
      try {
        const [a, b] = await Promise.all([piped.runValue(value), whole.run([JSON.stringify(value)])]);
        expect(a.error).toBeUndefined();
        expect(a.text).toBe(b.text);
        expect(a.text.length).toBeGreaterThan(0);
      } finally {
        piped.close();
        whole.close();
      }
    }
    const codes = new JqFilter('.[] | .code', options);
    try {
      expect((await codes.runValue(value)).text).toBe(value.map((v) => `${v.code}\n`).join(''));
    } finally {
      codes.close();
    }
  }, 60_000);

  it('runs a small value as one text, and a value with no JSON as no input', async () => {
    const filter = new JqFilter('.', options);
    try {
      expect(await filter.runValue({ a: [1, 'é'] })).toEqual({
        text: '{\n  "a": [\n    1,\n    "é"\n  ]\n}\n',
      });
      expect(await filter.runValue(undefined)).toEqual({ text: '' });
    } finally {
      filter.close();
    }
  });

  it('fails as JSON.stringify does on a value it reaches late, and stops jq', async () => {
    const list: unknown[] = vouchers(20_000);
    list.push({ big: 1n });
    const filter = new JqFilter('length', options);
    await expect(filter.runValue(list)).rejects.toThrow(/BigInt/);
    // Stopped: its worker ended, it runs no more.
    await expect(filter.run(['1'])).rejects.toThrow(/BigInt/);
  }, 30_000);

  it('stops within a second when interrupted while writing', async () => {
    const controller = new AbortController();
    const filter = new JqFilter('length', { ...options, signal: controller.signal });
    const value = vouchers(200_000);
    const running = filter.runValue(value);
    const outcome = running.then(
      () => 'finished',
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    const stoppedAt = performance.now();
    controller.abort();
    const result = await outcome;
    expect(result).toBeInstanceOf(InterruptedError);
    expect(performance.now() - stoppedAt).toBeLessThan(1_000);
  }, 60_000);
});
