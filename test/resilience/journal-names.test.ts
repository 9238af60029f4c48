// A run without --results names its journal by the second it started, the command and a random
// suffix. Two runs of a script's loop can start in the same second: one must never take the
// other's journal for an earlier run of its own (exit 2, "it may be the journal of an earlier
// run"), which CI met once when two 16-bit suffixes matched. The draws are fixed here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultJournalPath } from '../../src/bulk/journal.js';

const random = Math.random;
afterEach(() => {
  Math.random = random;
});

describe('default journal names', () => {
  it('draw another name when the one drawn is taken by a run of the same second', () => {
    const dir = mkdtempSync(join(tmpdir(), 'promo-journal-names-'));
    try {
      const now = Date.UTC(2026, 10, 29, 0, 40, 29, 512);
      const draws = [0.25, 0.25, 0.5];
      Math.random = () => draws.shift() ?? random();
      const first = defaultJournalPath(dir, 'voucher create', now);
      expect(basename(first)).toBe('20261129T004029-voucher-create-40000000.ndjson');
      mkdirSync(dirname(first), { recursive: true });
      writeFileSync(first, '{"journal":"of the first run"}\n');
      const second = defaultJournalPath(dir, 'voucher create', now);
      expect(basename(second)).toBe('20261129T004029-voucher-create-80000000.ndjson');
      expect(draws).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
