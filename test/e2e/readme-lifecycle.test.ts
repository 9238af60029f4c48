// The README's voucher lifecycle recipes, run as written by bash with the built bin against the
// sandbox: each line must succeed, and the sandbox must hold what they did.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

function recipes(): string[] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf('Voucher lifecycle —');
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(start))!;
  return block[1]!.trim().split('\n');
}

describe('README: voucher lifecycle recipes', () => {
  it('run as written, line by line', async () => {
    const lines = recipes();
    expect(lines.length).toBeGreaterThanOrEqual(8);
    const dir = tempDir();
    try {
      const codes = ['BF-0001', 'BF-0002', 'BF-0003'];
      writeFileSync(
        join(dir.path, 'black-friday.csv'),
        `code,amount-off,effect\n${codes.map((code) => `${code},5,apply-to-order`).join('\n')}\n`,
      );
      const script = [
        'set -e -o pipefail',
        `promo() { "${process.execPath}" "${BIN}" "$@"; }`,
        ...lines,
      ].join('\n');
      // Not execFileSync: the sandbox answers from this process, which must not block.
      await promisify(execFile)('bash', ['-c', script], {
        cwd: dir.path,
        env: { ...process.env, ...fx.env, NO_COLOR: '1', PROMO_OUTPUT: '', CI: '' },
        timeout: 60_000,
      });
      expect(readFileSync(join(dir.path, 'bf-codes.txt'), 'utf8')).toBe(`${codes.join('\n')}\n`);
      expect(readFileSync(join(dir.path, 'bf-results.jsonl'), 'utf8').trim().split('\n')).toHaveLength(3);
      const held = fx.sandbox.state.vouchers;
      expect(codes.map((code) => held[code]?.active)).toEqual([false, false, false]);
      expect(held['BF-0001']).toMatchObject({
        expiration_date: '2026-12-31T23:59:59.000Z',
        metadata: { wave: 2 },
      });
    } finally {
      dir.cleanup();
    }
  }, 90_000);
});
