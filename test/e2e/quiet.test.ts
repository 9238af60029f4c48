// -q/--quiet and PROMO_QUIET from a shell with no terminal (cron): the built bin against the
// built-in sandbox in a fresh config directory. A successful run writes nothing to stderr; stdout,
// errors and the exit code stay; a bulk run that left lines behind still says so.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnPromo, tempDir } from '../helpers/promo.js';

const dir = tempDir('promo-quiet-');
afterAll(() => dir.cleanup());
const env = { PROMO_CONFIG_DIR: join(dir.path, 'config'), PROMO_PROFILE: 'sandbox' };
const promo = (argv: string[], extra: Record<string, string> = {}) =>
  spawnPromo(argv, { env: { ...env, ...extra }, timeoutMs: 20_000 });

describe('-q/--quiet from cron', () => {
  it('export --out FILE: a notice without -q, an empty stderr with -q or PROMO_QUIET=1', async () => {
    const loud = await promo(['export', 'vouchers', '--wait', '--out', join(dir.path, 'loud.csv')]);
    expect(loud.code, loud.stderr).toBe(0);
    expect(loud.stderr).toContain('bytes written to');

    const quiet = await promo(['export', 'vouchers', '--wait', '--out', join(dir.path, 'q.csv'), '-q']);
    expect([quiet.code, quiet.stderr, quiet.stdout]).toEqual([0, '', '']);
    expect(readFileSync(join(dir.path, 'q.csv'), 'utf8')).toMatch(/^Code,/);

    const byEnv = await promo(['export', 'vouchers', '--wait', '--out', join(dir.path, 'e.csv')], {
      PROMO_QUIET: '1',
    });
    expect([byEnv.code, byEnv.stderr]).toEqual([0, '']);
    expect(existsSync(join(dir.path, 'e.csv'))).toBe(true);
  });

  it('a bulk run: the records stay on stdout, the journal notice and summary go; a failed line is still told', async () => {
    const input = join(dir.path, 'in.csv');
    writeFileSync(input, 'code,percent_off\nQUIET-1,10\nQUIET-2,20\n');
    const made = await promo(['voucher', 'create', '--input', input, '--quiet']);
    expect([made.code, made.stderr]).toEqual([0, '']);
    expect(
      made.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).status),
    ).toEqual(['created', 'created']);

    const again = await promo(['voucher', 'create', '--input', input, '-q']);
    expect(again.code).toBe(7);
    expect(again.stderr).toContain('"failed":2');
    expect(again.stderr).toContain('--resume');
  });

  it('errors and their exit code stay under -q', async () => {
    const missing = await promo(['voucher', 'get', 'NO-SUCH-CODE', '-q']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('NO-SUCH-CODE');
    const usage = await promo(['voucher', 'list', '--limit', '0', '-q']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--limit');
  });

  it('voucher import --wait and --dry-run, which print notices, say nothing on stderr under -q', async () => {
    const file = join(dir.path, 'import.csv');
    writeFileSync(file, 'code,percent_off,effect\nIMP-Q1,10,APPLY_TO_ORDER\n');
    const dry = ['voucher', 'import', file, '--dry-run'];
    const loud = await promo(dry);
    expect(loud.stderr).toContain('nothing was sent');
    const quiet = await promo([...dry, '-q']);
    expect([quiet.code, quiet.stderr]).toEqual([0, '']);
    expect(JSON.parse(quiet.stdout)).toMatchObject({ dry_run: true });

    const imported = await promo(['voucher', 'import', file, '--wait', '-q']);
    expect([imported.code, imported.stderr]).toEqual([0, '']);
    expect(imported.stdout).toContain('"status"');
    expect((await promo(['voucher', 'get', 'IMP-Q1', '-q'])).code).toBe(0);
  });
});
