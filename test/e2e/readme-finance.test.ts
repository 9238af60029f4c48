// The README's finance recipe (yesterday's redemptions to a CSV) must tell a refund from a sale: a
// refunded order showed as two SUCCESS rows alike. Its --fields, read from the README, run on an
// order redeemed and rolled back: the two rows differ, the refund named redemption_rollback.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README: the finance export recipe', () => {
  it('tells the redemption of a refunded order from its rollback', async () => {
    const line = readme.split('\n').find((l) => l.startsWith('promo export redemptions --created-after'));
    const fields = /--fields (\S+)/.exec(line ?? '')?.[1];
    expect(fields).toBeDefined();
    expect((await fx.run(['voucher', 'create', '--code', 'FIN-5', '--amount-off', '5'])).code).toBe(0);
    const redeem = await fx.run([
      'voucher',
      'redeem',
      'FIN-5',
      '--amount',
      '40',
      '-m',
      'order_id=ORD-7',
      '-o',
      'json',
    ]);
    expect(redeem.code, redeem.stderr).toBe(0);
    const id = JSON.parse(redeem.stdout).redemptions[0].id;
    expect((await fx.run(['redemption', 'rollback', id, '--yes'])).code).toBe(0);
    const run = await fx.run(['export', 'redemptions', '--fields', fields!, '--wait']);
    expect(run.code, run.stderr).toBe(0);
    const [header, ...rows] = run.stdout.trim().split('\n');
    const objectAt = header!.split(',').indexOf('Object');
    expect(objectAt).toBeGreaterThan(-1);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.split(',')[objectAt]).sort()).toEqual(['redemption', 'redemption_rollback']);
  });
});
