// The bulk pieces (src/bulk) on their own: input formats and line numbers, collecting every bad
// item, the runner of a few positional items with a plain function as the sender, and the check of
// repeated codes in a file too large to keep every code of.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError, UsageError } from '../src/base/errors.js';
import { CodeHashes, codeHash, FirstLines } from '../src/bulk/duplicate-codes.js';
import { type BulkOptions, prepareAll, readInput, runBulk } from '../src/bulk/index.js';
import type { InputFormat } from '../src/bulk/read.js';
import { LineChecks } from '../src/bulk/same-input.js';
import { resolveGlobals } from '../src/runtime/globals.js';
import { Runtime } from '../src/runtime/runtime.js';
import { tempDir, testContext } from './helpers/promo.js';

const dir = tempDir();
afterAll(() => dir.cleanup());

function runtime(options: { tty?: boolean; stdin?: string } = {}) {
  const test = testContext({ configDir: dir.path, ...options });
  return { rt: new Runtime(test.ctx, resolveGlobals({}, test.ctx)), ...test };
}

describe('readInput', () => {
  it('reads NDJSON by its content, keeping the line of each object and skipping blank lines', async () => {
    const { rt } = runtime({ stdin: '{"a":1}\n\n  \n{"a":2}\n' });
    const input = await readInput('-', '--input', rt.ctx, { formats: ['ndjson', 'csv'] });
    expect(input.format).toBe('ndjson');
    expect(input.records.map((r) => [r.line, r.value])).toEqual([
      [1, { a: 1 }],
      [4, { a: 2 }],
    ]);
  });

  it('lists every line that is not a JSON object', async () => {
    const { rt } = runtime({ stdin: '{"a":1}\n[1]\n{oops\n' });
    const reading = readInput('-', '--input', rt.ctx, { formats: ['ndjson'] });
    await expect(reading).rejects.toThrow(/line 2 must be a JSON object\n {2}line 3 is not valid JSON/);
  });

  it('reads CSV with quoted fields across lines, numbering each record by the line it starts on', async () => {
    const path = join(dir.path, 'x.csv');
    writeFileSync(path, '\uFEFFcode,note\nA,"two\nlines"\n\nB,plain\n');
    const { rt } = runtime();
    const input = await readInput(path, '--input', rt.ctx, { formats: ['ndjson', 'csv'] });
    expect(input.columns).toEqual(['code', 'note']);
    expect(input.records.map((r) => [r.line, r.value])).toEqual([
      [2, { code: 'A', note: 'two\nlines' }],
      [5, { code: 'B', note: 'plain' }],
    ]);
  });

  it('numbers CSV records by the line an editor shows, whatever the line breaks inside quotes', async () => {
    const cases: Array<[string, string, number[]]> = [
      ['CRLF, a quoted CRLF', 'code,note\r\nA,"two\r\nlines"\r\nB,ok\r\n\r\nC,x\r\n', [2, 4, 6]],
      ['LF, a quoted CRLF', 'code,note\nA,"two\r\nlines"\nB,ok\nC,x', [2, 4, 5]],
      ['a lone CR in a field', 'code,note\nA,"p\rq"\nB,"r\rs\rt"\nC,x\n', [2, 3, 4]],
      ['CRLF, a lone CR in a field', 'code,note\r\nA,"p\rq"\r\nB,ok\r\n', [2, 3]],
    ];
    for (const [name, text, lines] of cases) {
      const path = join(dir.path, 'lines.csv');
      writeFileSync(path, text);
      const { rt } = runtime();
      const input = await readInput(path, '--input', rt.ctx, { formats: ['csv'] });
      expect(
        input.records.map((r) => r.line),
        name,
      ).toEqual(lines);
    }
  });

  it('names the line of a CSV error, and of bytes that are not UTF-8', async () => {
    const quote = runtime({ stdin: 'code,note\r\nA,"x\r\ny"\r\nB,ok\r\nC,"never closed\r\n' });
    await expect(readInput('-', '--input', quote.rt.ctx, { formats: ['csv'] })).rejects.toThrow(
      /line 5 is not valid CSV: a quoted field is never closed \(a " is missing\)$/,
    );
    const path = join(dir.path, 'latin1.csv');
    writeFileSync(
      path,
      Buffer.concat([
        Buffer.from('code,note\nA,"x\ny"\nB,ok\nC,caf'),
        Buffer.from([0xe9]),
        Buffer.from('\n'),
      ]),
    );
    const { rt } = runtime();
    await expect(readInput(path, '--input', rt.ctx, { formats: ['csv'] })).rejects.toThrow(
      /^--input: line 5 is not valid UTF-8$/,
    );
  });

  it('refuses CSV rows whose length differs from the header', async () => {
    const { rt } = runtime({ stdin: 'code,note\nA,b,c\n' });
    const reading = readInput('-', '--input', rt.ctx, { formats: ['csv'] });
    await expect(reading).rejects.toThrow(/line 2 is not valid CSV: it has 3 fields, the header 2$/);
  });

  it('takes plain lines, unless the first line is a header of several columns naming a known one', async () => {
    const plain = runtime({ stdin: 'A1\n B2 \n' });
    expect(
      (
        await readInput('-', '--input', plain.rt.ctx, {
          formats: ['lines', 'csv'],
          headerNames: ['code'],
        })
      ).records,
    ).toEqual([
      { format: 'lines', line: 1, value: 'A1' },
      { format: 'lines', line: 2, value: 'B2' },
    ]);
    const options = { formats: ['lines', 'csv'] as InputFormat[], headerNames: ['code'] };
    const lone = runtime({ stdin: 'code\nA1\n' });
    expect((await readInput('-', '--input', lone.rt.ctx, options)).format).toBe('lines');
    const csv = runtime({ stdin: 'code,note\nA1,x\n' });
    expect((await readInput('-', '--input', csv.rt.ctx, options)).format).toBe('csv');
  });
});

describe('prepareAll', () => {
  it('collects every bad item with its label and shows at most ten', () => {
    const items = Array.from({ length: 12 }, (_, i) => i + 1);
    const prepare = () =>
      prepareAll(
        items,
        (n) => `line ${n}`,
        (n) => {
          if (n > 0) throw new UsageError(`bad ${n}`);
          return n;
        },
        'bad items',
      );
    expect(prepare).toThrow(
      /bad items \(12\); nothing was sent:\n {2}line 1: bad 1\n[\s\S]*line 10: bad 10\n {2}… and 2 more$/,
    );
  });
});

function options(send: BulkOptions<number, number>['send'], count = 3): BulkOptions<number, number> {
  return {
    items: Array.from({ length: count }, (_, i) => ({ label: `item ${i + 1}`, line: i + 2, payload: i + 1 })),
    send,
    describe: (r) => `done ${r}`,
    noun: ['thing', 'things'],
    done: 'sent',
  };
}

const notFound = () =>
  new ApiError({
    status: 404,
    body: { key: 'not_found', message: 'Resource not found' },
    method: 'GET',
    path: '/x',
  });
const conflict = () =>
  new ApiError({ status: 409, body: { key: 'conflict', message: 'Conflict' }, method: 'POST', path: '/x' });

describe('runBulk', () => {
  it('sends items in order and writes one JSON line per outcome', async () => {
    const { rt, stdout } = runtime();
    const seen: number[] = [];
    const report = await runBulk(
      rt,
      options(async (n) => {
        seen.push(n);
        return n * 10;
      }),
    );
    expect(seen).toEqual([1, 2, 3]);
    expect(report.exitCode).toBe(0);
    expect(
      stdout.text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([
      { item: 1, line: 2, ok: true, result: 10 },
      { item: 2, line: 3, ok: true, result: 20 },
      { item: 3, line: 4, ok: true, result: 30 },
    ]);
  });

  it('exits 7 when some items fail, and with the item’s own code when there is only one', async () => {
    const some = await runBulk(
      runtime().rt,
      options(async (n) => {
        if (n === 2) throw conflict();
        return n;
      }),
    );
    expect(some.exitCode).toBe(7);
    const one = await runBulk(
      runtime().rt,
      options(async () => {
        throw notFound();
      }, 1),
    );
    expect(one.exitCode).toBe(3);
  });

  it('lets the caller choose the exit code of a run with failures', async () => {
    const report = await runBulk(runtime().rt, {
      ...options(async () => {
        throw notFound();
      }),
      failureExit: () => 3,
    });
    expect(report.exitCode).toBe(3);
    expect(report.outcomes).toHaveLength(3);
  });

  it('tells people each outcome and a summary on stderr, nothing on stdout', async () => {
    const { rt, stdout, stderr } = runtime({ tty: true });
    await runBulk(
      rt,
      options(async (n) => {
        if (n === 3) throw conflict();
        return n;
      }),
    );
    expect(stdout.text).toBe('');
    expect(stderr.text).toContain('✓ item 1: done 1');
    expect(stderr.text).toContain('error: item 3: Conflict (conflict) [HTTP 409]');
    expect(stderr.text).toContain('2 of 3 things sent; 1 failed (item 3).');
  });

  it('names the items not attempted after Ctrl-C', async () => {
    const { rt, stderr, ctx } = runtime();
    const controller = new AbortController();
    ctx.signal = controller.signal;
    const report = await runBulk(
      rt,
      options(async (n) => {
        if (n === 2) controller.abort();
        return n;
      }),
    );
    expect(report.exitCode).toBe(130);
    expect(report.notAttempted).toBe(1);
    expect(stderr.text).toContain('Interrupted: 2 of 3 things sent; 1 not attempted: item 3.');
    expect(stderr.text).not.toContain('--skip');
  });
});

describe('repeated codes of a large file', () => {
  it('finds every hash met twice, across the blocks of its first pass, and no other', () => {
    const hashes = new CodeHashes();
    // Three blocks of 65,536 codes; the repeats far apart, in different blocks.
    for (let i = 0; i < 150_000; i++) hashes.add(`C-${i}`);
    for (const i of [3, 70_000, 149_999]) hashes.add(`C-${i}`);
    expect([...hashes.repeated()].sort()).toEqual([3, 70_000, 149_999].map((i) => codeHash(`C-${i}`)).sort());
  });

  it('tells two codes that only share a hash apart: neither is an earlier line of the other', () => {
    const [a, b] = ['CODE-1579599', 'CODE-1762382'];
    expect(codeHash(a)).toBe(codeHash(b));
    const hashes = new CodeHashes();
    for (const code of [a, b, 'OTHER', b]) hashes.add(code);
    const repeated = hashes.repeated();
    expect([...repeated]).toEqual([codeHash(a)]);
    const first = new FirstLines([['EARLIER', 7]], repeated);
    expect([
      first.firstOf(1, a),
      first.firstOf(2, b),
      first.firstOf(3, 'OTHER'),
      first.firstOf(4, b),
    ]).toEqual([undefined, undefined, undefined, 2]);
    // Without a first pass (stdin), every code is kept, those of the runs resumed too.
    const every = new FirstLines([['EARLIER', 7]]);
    expect([every.firstOf(1, 'EARLIER'), every.firstOf(2, 'NEW'), every.firstOf(3, 'NEW')]).toEqual([
      7,
      undefined,
      2,
    ]);
  });
});

describe('LineChecks (a file read twice, the second read against the first)', () => {
  const digests = (lines: Array<string | Uint8Array>) => {
    const checks = new LineChecks();
    return lines.map((line) => {
      checks.add(line);
      return checks.digest();
    });
  };

  it('gives the same digests for the same lines, bytes or text: two UTF-16 units each, the hash halves', () => {
    const lines = ['{"code":"A"}', '', '{"code":"Ä"}'];
    const first = digests(lines.map((l) => Buffer.from(l)));
    expect(digests(lines.map((l) => Buffer.from(l)))).toEqual(first);
    for (const digest of first) expect(digest).toHaveLength(2);
    expect(new Set(first).size).toBe(3);
    expect(digests(['a', 'b'])).toEqual(digests(['a', 'b']));
  });

  it('differs from the line changed on, and stays different after it: a byte, a blank line, a moved line break', () => {
    const base = digests(['{"a":1}', '{"a":2}', '{"a":3}']);
    const edited = digests(['{"a":1}', '{"a":7}', '{"a":3}']);
    expect(edited[0]).toBe(base[0]);
    expect(edited[1]).not.toBe(base[1]);
    expect(edited[2]).not.toBe(base[2]);
    expect(digests(['', '{"a":1}'])[1]).not.toBe(digests(['{"a":1}'])[0]);
    expect(digests(['ab', 'c'])[1]).not.toBe(digests(['a', 'bc'])[1]);
  });
});
