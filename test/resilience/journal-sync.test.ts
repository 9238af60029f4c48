// A line of a bulk run is sent only once its in-flight record is in the journal file, wherever the
// sync runs (src/bulk/journal.ts: the first of a run on Node's thread pool, later ones on the main
// thread while the disk is quick). The journal here is a real file; each line's start reads it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal } from '../../src/bulk/journal.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newJournal(): { journal: Journal; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'promo-journal-sync-'));
  dirs.push(dir);
  const path = join(dir, 'run.ndjson');
  return { journal: Journal.open(path, false), path };
}

const record = (line: number) => JSON.stringify({ line, status: 'unknown', in_flight: true });

/**
 * Marks `count` lines, `burst` in each turn of the event loop (the turns a millisecond apart, or
 * back to back with `immediate`); resolves with what each start saw.
 */
function markAll(journal: Journal, path: string, count: number, burst: number, immediate = false) {
  const seen: Array<{ line: number; written: boolean; inFile: boolean }> = [];
  return new Promise<typeof seen>((resolve) => {
    let next = 1;
    const turn = () => {
      for (let i = 0; i < burst && next <= count; i++, next++) {
        const line = next;
        journal.mark(record(line), (written) => {
          seen.push({ line, written, inFile: readFileSync(path, 'utf8').includes(`${record(line)}\n`) });
          if (seen.length === count) resolve(seen);
        });
      }
      if (next <= count && immediate) setImmediate(turn);
      else if (next <= count) setTimeout(turn, 1);
    };
    turn();
  });
}

describe('the journal: a line starts only once its record is written', () => {
  it.each([
    ['one line a turn', 1],
    ['bursts of 5', 5],
  ])('%s, 60 lines: each start once, written, its record already in the file', async (_name, burst) => {
    const { journal, path } = newJournal();
    const seen = await markAll(journal, path, 60, burst);
    journal.close();
    expect(seen.map((s) => s.line).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    expect(seen.filter((s) => !s.written || !s.inFile)).toEqual([]);
    expect(readFileSync(path, 'utf8').trimEnd().split('\n')).toHaveLength(60);
  });

  /** 60 lines marked one a turn back to back, `out` of --concurrency 16 requests out; each start checked. */
  async function markedUnderLoad(out: number) {
    const { journal, path } = newJournal();
    journal.load = { out: () => out, most: 16 };
    const seen = await markAll(journal, path, 60, 1, true);
    journal.close();
    expect(seen.filter((s) => !s.written || !s.inFile)).toEqual([]);
    return { journal, seen };
  }

  it('while the service is busy, records marked one a turn share syncs; each line still starts after its own is in the file', async () => {
    // 16 requests out of --concurrency 16: the service has work enough.
    const { journal, seen } = await markedUnderLoad(16);
    expect(seen).toHaveLength(60);
    // One sync for every line without the wait (the next test). Here the records of four turns
    // (a quarter of 16) share one; fewer when a turn comes more than three milliseconds late.
    expect(journal.syncs).toBeGreaterThanOrEqual(15);
    expect(journal.syncs).toBeLessThanOrEqual(30);
  });

  it('while few requests are out, each record is synced in its own turn', async () => {
    const { journal } = await markedUnderLoad(7);
    expect(journal.syncs).toBe(60);
  });

  it('a record waiting for company while nothing else comes still starts', async () => {
    const { journal, path } = newJournal();
    journal.load = { out: () => 16, most: 16 };
    const seen = await markAll(journal, path, 1, 1);
    expect(seen).toEqual([{ line: 1, written: true, inFile: true }]);
    expect(journal.syncs).toBe(1);
    journal.close();
  });

  it('a record still waiting for company when the journal closes is not started', async () => {
    const { journal } = newJournal();
    journal.load = { out: () => 16, most: 16 };
    const started: boolean[] = [];
    journal.mark(record(1), (written) => started.push(written));
    journal.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual([false]);
    expect(journal.syncs).toBe(0);
  });

  it('a check that found the journal ours stands for the attempts right after it; a take-over is seen once it has aged', async () => {
    const { journal, path } = newJournal();
    let stats = 0;
    let holder: string | undefined;
    journal.owner = () => {
      stats += 1;
      return holder;
    };
    let lost = 0;
    journal.onLost = () => {
      lost += 1;
    };
    // The group's check before its write is never skipped.
    await markAll(journal, path, 2, 1);
    expect(stats).toBe(2);
    // Attempts back to back: at most one of them looks at the lock (one more if the machine
    // stalled past the window between two of them); without the window each would.
    expect(journal.owns()).toBe(true);
    const before = stats;
    for (let i = 0; i < 5; i++) expect(journal.owns()).toBe(true);
    expect(stats - before).toBeLessThanOrEqual(1);
    holder = 'pid 4242 on another host';
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(journal.owns()).toBe(false);
    expect(journal.owns()).toBe(false);
    expect(lost).toBe(1);
    journal.close();
  });

  it('a journal taken over starts nothing more, and says so once', async () => {
    const { journal, path } = newJournal();
    let lost = 0;
    journal.onLost = () => {
      lost += 1;
    };
    const first = await markAll(journal, path, 3, 3);
    journal.owner = () => 'pid 4242 on another host';
    const after = await markAll(journal, path, 4, 2);
    journal.close();
    expect(first.every((s) => s.written && s.inFile)).toBe(true);
    expect(after.map((s) => s.written)).toEqual([false, false, false, false]);
    expect(lost).toBe(1);
    expect(readFileSync(path, 'utf8').trimEnd().split('\n')).toHaveLength(3);
  });
});
