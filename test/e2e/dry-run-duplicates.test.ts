// A create's --dry-run over a file too large to keep (read twice: checked whole, then printed)
// names every line whose code an earlier line named, with both line numbers, exactly: the first
// pass keeps 32-bit hashes of the codes in sorted runs on disk (src/bulk/spill.ts), more than one
// run here, and the second compares the codes that share a hash whole (two different codes with
// one hash are no duplicate). Nothing is left in the temporary directory.
import { readdirSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { ndjson, percentVoucher, writeIn } from '../helpers/input-files.js';
import { spawnPromo, tempDir } from '../helpers/promo.js';

const dir = tempDir('promo-dry-dup-');
const tmp = tempDir('promo-dry-tmp-');
afterAll(() => {
  dir.cleanup();
  tmp.cleanup();
});

// Past one run of 65,536 hashes, and past the 4 MiB a run keeps in memory (so it is read twice).
const LINES = 70_000;
const padding = 'p'.repeat(60);

it('names each duplicate line and its first, across runs on disk; codes sharing a hash are not duplicates', async () => {
  const codes = Array.from({ length: LINES }, (_, i) => `DUP-${i + 1}`);
  // Line 70,000 repeats line 3 (another run of hashes); line 40,000 repeats line 39,999 (the same
  // run); line 66,000 repeats line 3 again. These two share a 32-bit hash but differ:
  codes[69_999] = 'DUP-3';
  codes[39_999] = 'DUP-39999';
  codes[65_999] = 'DUP-3';
  codes[9] = 'CODE-1579599';
  codes[68_000] = 'CODE-1762382';
  const text = ndjson(...codes.map((code) => percentVoucher(code, { metadata: { padding } })));
  const file = writeIn(dir.path, 'codes.ndjson', `${text}\n`);
  const run = await spawnPromo(
    ['--api-url', 'http://127.0.0.1:9', 'voucher', 'create', '--input', file, '--dry-run', '-o', 'json'],
    {
      env: {
        PROMO_CONFIG_DIR: dir.path,
        PROMO_APP_ID: 'dry',
        PROMO_APP_TOKEN: 'dry-token',
        TMPDIR: tmp.path,
      },
      timeoutMs: 60_000,
    },
  );
  expect(run.code).toBe(2);
  const errors = run.stderr
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line).error.message);
  expect(errors).toEqual([
    'line 40000: line 39999 names the same code; a code is created once',
    'line 66000: line 3 names the same code; a code is created once',
    'line 70000: line 3 names the same code; a code is created once',
  ]);
  expect(run.stdout.trim().split('\n')).toHaveLength(LINES - 3);
  expect(readdirSync(tmp.path)).toEqual([]);
}, 90_000);
