// The built bin/promo.js in a child process (run `npm run build` first): exit codes, stdout that
// pipes as JSON, and stdin that carries codes, as in a shell script.
import { describe, expect, it } from 'vitest';
import { spawnPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

const promo = (argv: string[], stdin?: string) => spawnPromo(argv, { env: fx.env, stdin });

describe('promo voucher, as a script runs it', () => {
  it('prints the created voucher as JSON when piped, and a code that deletes it through stdin', async () => {
    const created = await promo(['voucher', 'create', '--type', 'discount', '--percent-off', '20']);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const voucher = JSON.parse(created.stdout);
    expect(voucher).toMatchObject({ object: 'voucher', discount: { type: 'PERCENT', percent_off: 20 } });

    const deleted = await promo(
      ['voucher', 'delete', '--input', '-', '--force', '--yes'],
      `${voucher.code}\n`,
    );
    expect(deleted.code).toBe(0);
    expect(JSON.parse(deleted.stdout)).toEqual({ line: 1, status: 'deleted', code: voucher.code });
    expect(fx.sandbox.state.vouchers[voucher.code]).toBeUndefined();
  });

  it('exits 2 on bad input without contacting the service, 2 again for a delete without --yes', async () => {
    const bad = await promo(['voucher', 'create', '--validity-day', '9', '--percent-off', '5']);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr).error.message).toContain('--validity-day');
    const unconfirmed = await promo(['voucher', 'delete', 'SOME-CODE']);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('--yes');
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('exits 3 for a missing voucher and 7 for a bulk run with a failed line', async () => {
    const missing = await promo(['voucher', 'delete', 'NOT-THERE', '--yes']);
    expect(missing.code).toBe(3);
    expect(JSON.parse(missing.stderr).error.key).toBe('not_found');

    const code = `E2E-${Date.now().toString(36)}`;
    const bulk = await promo(
      ['voucher', 'create', '--input', '-', '--amount-off', '1'],
      `code\n${code}\n${code}\n`,
    );
    expect(bulk.code).toBe(7);
    expect(
      bulk.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).status)
        .sort(),
    ).toEqual(['created', 'failed']);
  });
});
