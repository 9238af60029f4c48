// customer delete of someone already gone is exit 3, or 0 with --ignore-missing (as voucher delete);
// customer create with no field at all is refused (exit 2, the fields named), nothing sent.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonLines, writeIn } from '../helpers/input-files.js';
import { tempDir } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const dir = tempDir('promo-cu-missing-');
afterAll(() => dir.cleanup());

describe('customer delete --ignore-missing', () => {
  it('one customer gone: exit 3 without it, exit 0 and "not found" with it, also --permanently', async () => {
    const plain = await fx.run(['customer', 'delete', 'cu-never', '--yes']);
    expect(plain.code).toBe(3);
    const ignored = await fx.run([
      'customer',
      'delete',
      'cu-never',
      '--yes',
      '--ignore-missing',
      '-o',
      'json',
    ]);
    expect([ignored.code, ignored.stderr]).toEqual([0, '']);
    expect(JSON.parse(ignored.stdout)).toEqual({ customer: 'cu-never', deleted: false, missing: true });
    const forGood = await fx.run([
      'customer',
      'delete',
      'cu-never',
      '--permanently',
      '--yes',
      '--ignore-missing',
    ]);
    expect(forGood.code, forGood.stderr).toBe(0);
  });

  it('several, one of them gone: the others deleted, exit 0', async () => {
    expect((await fx.run(['customer', 'create', '--source-id', 'cu-here'])).code).toBe(0);
    const run = await fx.run(['customer', 'delete', 'cu-here', 'cu-gone', '--yes', '--ignore-missing']);
    expect(run.code, run.stderr).toBe(0);
    expect((await fx.run(['customer', 'get', 'cu-here'])).code).toBe(3);
  });

  it('with --input: a customer gone is a skipped line, exit 0', async () => {
    expect((await fx.run(['customer', 'create', '--source-id', 'cu-in-1'])).code).toBe(0);
    const input = writeIn(dir.path, 'gone.txt', 'cu-in-1\ncu-in-never\n');
    const journal = join(dir.path, 'gone.ndjson');
    const run = await fx.run([
      'customer',
      'delete',
      '--input',
      input,
      '--yes',
      '--ignore-missing',
      '--results',
      journal,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const last = new Map(
      jsonLines(readFileSync(journal, 'utf8'))
        .filter((r) => r.line)
        .map((r) => [r.line, r.status]),
    );
    expect([...last.values()]).toEqual(['deleted', 'skipped']);
  });
});

describe('customer create with nothing to say', () => {
  it('is refused with exit 2 naming the fields, and nothing is sent', async () => {
    const run = await fx.run(['customer', 'create']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--source-id, --email, --name, --phone, --metadata or --body');
    const emptyBody = await fx.run(['customer', 'create', '--body', '-'], { stdin: '{}' });
    expect(emptyBody.code).toBe(2);
    expect(fx.sandbox.requests).toHaveLength(0);
    expect(Object.keys(fx.sandbox.state.customers)).toHaveLength(0);
  });
});
