// promo voucher import --wait against the sandbox over HTTP: the 10 MB split, every job state
// on a terminal's progress line, a job that fails.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClock } from '../helpers/clock.js';
import { jsonLines, ndjson, percentVoucher, writeIn } from '../helpers/input-files.js';
import { runPromo } from '../helpers/promo.js';
import { type Fixture, sandboxFixture, setImportSettings } from '../helpers/sandbox.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read deep into the service's JSON
type Json = Record<string, any>;

// The sandbox's clock moves one second per poll of a job (and never otherwise): a job advances
// with the polls that watch it, whatever the speed of the machine.
const T0 = Date.parse('2026-11-01T00:00:00.000Z');
let fx: Fixture;
const polls = () =>
  fx.sandbox.requests.filter((r) => r.method === 'GET' && r.rawPath.startsWith('/v1/async-actions/')).length;
beforeAll(async () => {
  fx = await sandboxFixture({ imports: { records_per_second: 100_000 }, now: () => T0 + polls() * 1000 });
});
afterAll(() => fx.close());
/** Where this test's requests start (the log is kept whole: it is the clock). */
let mark = 0;
beforeEach(() => {
  mark = fx.sandbox.requests.length;
});

// promo's waits between polls run on a test clock: they take no time (the sandbox's clock is the polls).
const promo = (argv: string[], options: { stdin?: string; tty?: boolean } = {}) =>
  runPromo(argv, { configDir: fx.configDir, clock: new TestClock(T0), ...options });

let serial = 0;
const stem = () => `IMP${Date.now().toString(36)}${++serial}`;
const file = (name: string, text: string) => writeIn(fx.configDir, name, text);
const imports = () =>
  fx.sandbox.requests.slice(mark).filter((r) => r.method === 'POST' && r.rawPath === '/v1/vouchers/import');
const importSettings = (settings: Json) => setImportSettings(fx, settings);

describe('voucher import --wait', () => {
  it('splits a file over 10 MB into requests of at most 10 MB, and imports all of it', async () => {
    const s = stem();
    const blob = 'x'.repeat(4_000);
    const lines = Array.from({ length: 2_600 }, (_, i) =>
      percentVoucher(`${s}-${i}`, { metadata: { blob } }),
    );
    const path = file(`${s}.ndjson`, ndjson(...lines));
    const { code, stdout } = await promo(['voucher', 'import', path, '--wait', '-o', 'json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).map((j: Json) => j.status)).toEqual(['DONE', 'DONE']);
    const bodies = imports().map((r) => r.body);
    expect(bodies.map((b) => Buffer.byteLength(b) <= 10_000_000)).toEqual([true, true]);
    const sent = bodies.flatMap((b) => JSON.parse(b).map((v: Json) => v.code));
    expect(sent).toEqual(lines.map((l) => l.code));
    expect(fx.sandbox.state.vouchers[`${s}-2599`]).toBeDefined();
  }, 60_000);

  it('follows a job from ENQUEUED through IN_PROGRESS to DONE, with progress on a terminal', async () => {
    await importSettings({ records_per_second: 20 });
    try {
      const s = stem();
      // A job queued first (2 s of work) keeps the next one ENQUEUED until it ends; each poll is a second.
      const ahead = ndjson(...Array.from({ length: 40 }, (_, i) => percentVoucher(`${s}-a${i}`)));
      const first = await promo(['voucher', 'import', file(`${s}-a.ndjson`, ahead), '-o', 'json']);
      expect(first.code).toBe(0);
      const path = file(
        `${s}.ndjson`,
        ndjson(...Array.from({ length: 30 }, (_, i) => percentVoucher(`${s}-${i}`))),
      );
      const { code, stderr } = await promo(['voucher', 'import', path, '--wait', '-o', 'table'], {
        tty: true,
      });
      expect(code).toBe(0);
      const frames = stderr.split('\r\x1b[2K').filter((f) => f.startsWith('importing'));
      expect(frames).toEqual([
        'importing: ENQUEUED 0% · 0 done · 0 failed',
        'importing: ENQUEUED 0% · 0 done · 0 failed',
        'importing: IN_PROGRESS 66% · 20 done · 0 failed',
        'importing: DONE 100% · 30 done · 0 failed',
      ]);
      // A notice is fitted to the terminal (100 columns here): read as one line.
      expect(stderr.replace(/\s*\n\s*/g, ' ')).toContain('Imported 30 of 30 vouchers. Results: ');
    } finally {
      await importSettings({ records_per_second: 100_000 });
    }
  }, 60_000);

  it('marks a job that FAILED: what it did not report stays unknown, exit 7', async () => {
    await importSettings({ fail: true });
    try {
      const s = stem();
      const path = file(
        `${s}.ndjson`,
        ndjson(...Array.from({ length: 4 }, (_, i) => percentVoucher(`${s}-${i}`))),
      );
      const results = join(fx.configDir, `${s}-results.jsonl`);
      const { code, stdout } = await promo([
        'voucher',
        'import',
        path,
        '--wait',
        '--results',
        results,
        '-o',
        'json',
      ]);
      expect(code).toBe(7);
      expect(JSON.parse(stdout)[0]).toMatchObject({ status: 'FAILED' });
      expect(jsonLines(readFileSync(results, 'utf8')).map((r) => r.status)).toEqual([
        'unknown',
        'unknown',
        'unknown',
        'unknown',
      ]);
      const waited = await promo(['job', 'wait', JSON.parse(stdout)[0].id, '-o', 'json']);
      expect(waited.code).toBe(7);
    } finally {
      await importSettings({ fail: false });
    }
  }, 60_000);
});
