// voucher list --all past the service's 99-page cap (9,900 vouchers at 100 a page), with vouchers
// created over HTTP while the walk runs: each voucher printed once, none missed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPromo } from '../helpers/promo.js';
import { type Fixture, sandboxFixture } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

const GENERATED = 10_050;
// Seven vouchers share each creation second, so that window edges fall inside ties.
let fx: Fixture;
// Making 10,000 vouchers takes the sandbox a few seconds, many more on a loaded machine.
beforeAll(async () => {
  fx = await sandboxFixture({
    generatedVouchers: { count: GENERATED, prefix: 'ALL-', batch: 7, interval_seconds: 1 },
  });
}, 120_000);
afterAll(() => fx?.close());

/** A create through promo itself, in the same process: its transport copes with idle connections. */
async function createOverHttp(code: string): Promise<void> {
  const made = await runPromo(['voucher', 'create', '--percent-off', '5', '--code', code], {
    configDir: fx.configDir,
  });
  expect(made.code).toBe(0);
}

describe('voucher list --all', () => {
  it('returns every voucher once past 9,900, with creates interleaved during the walk', async () => {
    // Creates land during the walk, not only before or after it: each one waits for the walk to
    // have read so many pages (whatever the machine's speed), the last one near the 99-page cap.
    const pagesRead = () =>
      fx.sandbox.requests.filter((r) => r.method === 'GET' && r.rawPath === '/v1/vouchers').length;
    let walking = true;
    let created = 0;
    const creating = (async () => {
      for (const page of [5, 30, 60, 90, 98]) {
        await until(() => pagesRead() >= page || !walking);
        if (!walking) return;
        await createOverHttp(`LATE-${++created}`);
      }
    })();
    const listed = await runPromo(['voucher', 'list', '--all', '-o', 'json'], { configDir: fx.configDir });
    walking = false;
    await creating;
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    const codes = (JSON.parse(listed.stdout) as Array<{ code: string }>).map((v) => v.code);
    expect(new Set(codes).size).toBe(codes.length);

    // Every voucher that existed when the walk read its last page is there, and nothing else.
    const requests = fx.sandbox.requests;
    const lastList = requests.findLastIndex((r) => r.method === 'GET' && r.rawPath === '/v1/vouchers');
    const createdBefore = requests
      .slice(0, lastList)
      .filter((r) => r.method === 'POST')
      .map((r) => JSON.parse(r.body).code as string);
    expect(createdBefore.length).toBeGreaterThan(2);
    const generated = Array.from({ length: GENERATED }, (_, i) => `ALL-${String(i + 1).padStart(6, '0')}`);
    expect(codes).toEqual([...generated, ...createdBefore]);

    const lists = requests.filter((r) => r.method === 'GET').map((r) => new URLSearchParams(r.query));
    expect(lists.some((q) => q.get('page') === '99')).toBe(true);
    expect(lists.every((q) => Number(q.get('page')) <= 99 && q.get('limit') === '100')).toBe(true);
    expect(lists.at(-1)!.get('created_at[after]')).not.toBeNull();
  }, 120_000);
});
