// promo voucher redeem against the sandbox: the redemption and totals in currency units, the mark
// it carries, exit 9 with the key and the reason in words, --dry-run, and never twice: a lost
// answer looked up by the mark (found: done; not found: sent again; lookup failing: exit 6).
import { afterEach, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox } from '../helpers/sandbox-http.js';

const fx = useSandbox();
const headers = { 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN, 'Content-Type': 'application/json' };
let proxy: FaultProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

async function voucher(code: string, body: Record<string, unknown>): Promise<void> {
  const { status } = await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', {
    body: { code, type: 'DISCOUNT_VOUCHER', ...body },
    headers,
  });
  expect(status).toBe(200);
}

async function used(code: string): Promise<number> {
  const { body } = await callSandbox(fx.sandbox.url, 'GET', `/v1/vouchers/${code}`, { headers });
  return (body as { redemption: { redeemed_quantity: number } }).redemption.redeemed_quantity;
}

const posts = () => fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath === '/v1/redemptions');

describe('voucher redeem', () => {
  it('redeems, prints the redemption and the totals in currency units, and marks the request', async () => {
    await voucher('R-TEN', { discount: { type: 'PERCENT', percent_off: 10 } });
    const run = await fx.run(['voucher', 'redeem', 'R-TEN', '--amount', '200.50', '-o', 'table']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('R-TEN');
    expect(run.stdout).toContain('20.05');
    expect(run.stdout).toContain('Order 200.50, discount 20.05, total 180.45');
    const body = JSON.parse(posts()[0]?.body ?? '{}');
    expect(body.order).toEqual({ amount: 20050 });
    expect(body.metadata.promo_request_id).toMatch(/^pr_[0-9a-f-]{36}$/);
    expect(await used('R-TEN')).toBe(1);
  });

  it('prints the service’s answer with -o json', async () => {
    await voucher('R-JSON', { discount: { type: 'AMOUNT', amount_off: 500 } });
    const run = await fx.run(['voucher', 'redeem', 'R-JSON', '--amount', '30', '-o', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const answer = JSON.parse(run.stdout);
    expect(answer.redemptions[0]).toMatchObject({ result: 'SUCCESS', voucher: { code: 'R-JSON' } });
    expect(answer.order.total_amount).toBe(2500);
  });

  it('exits 9 with the key and the reason in words when a rule refuses the code; nothing is used', async () => {
    await voucher('R-ONCE', { discount: { type: 'AMOUNT', amount_off: 100 }, redemption: { quantity: 1 } });
    expect((await fx.run(['voucher', 'redeem', 'R-ONCE', '--amount', '10'])).code).toBe(0);
    const run = await fx.run(['voucher', 'redeem', 'R-ONCE', '--amount', '10', '-o', 'table']);
    expect(run.code).toBe(9);
    expect(run.stdout).toContain('R-ONCE  does not apply: used 1 of 1 times (quantity_exceeded)');
    expect(await used('R-ONCE')).toBe(1);
    const json = await fx.run(['voucher', 'redeem', 'R-ONCE', '--amount', '10', '-o', 'json']);
    expect(json.code).toBe(9);
    expect(JSON.parse(json.stdout).key).toBe('quantity_exceeded');
  });

  it('--dry-run validates, says so, and sends no redemption', async () => {
    await voucher('R-DRY', { discount: { type: 'AMOUNT', amount_off: 100 } });
    const run = await fx.run(['voucher', 'redeem', 'R-DRY', '--amount', '10', '--dry-run', '-o', 'table']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('Dry run');
    expect(posts()).toHaveLength(0);
    expect(await used('R-DRY')).toBe(0);
  });

  it('refuses bad money with exit 2 naming the flag, sending nothing', async () => {
    const run = await fx.run(['voucher', 'redeem', 'X', '--amount', '1.005']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--amount');
    expect(fx.sandbox.requests).toHaveLength(0);
  });
});

describe('voucher redeem never redeems twice', () => {
  it('an answer lost after the service acted is found by its mark: done, one use consumed', async () => {
    await voucher('L-AFTER', { discount: { type: 'AMOUNT', amount_off: 100 } });
    for (const as of ['reset', 502, 504] as const) {
      fx.sandbox.faults.set({ lostAnswers: { rate: 1, as: [as], method: 'POST', path: '/v1/redemptions' } });
      const run = await fx.run(['voucher', 'redeem', 'L-AFTER', '--amount', '10', '-o', 'json']);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).redemptions[0].voucher.code).toBe('L-AFTER');
      expect(run.stderr).toContain('found the redemption by its mark');
    }
    expect(posts()).toHaveLength(3);
    expect(await used('L-AFTER')).toBe(3);
  });

  it('a request lost before the service acted is not found: unknown (exit 6), never sent again', async () => {
    await voucher('L-BEFORE', { discount: { type: 'AMOUNT', amount_off: 100 } });
    let struck = 0;
    proxy = await startFaultProxy(fx.sandbox.url, {
      resetBefore: 1,
      match: (method, path) => method === 'POST' && path === '/v1/redemptions' && struck++ === 0,
    });
    const run = await fx.run([
      '--api-url',
      proxy.url,
      '--debug',
      'voucher',
      'redeem',
      'L-BEFORE',
      '--amount',
      '10',
    ]);
    // Not found proves nothing (a slow service may still land it): promo cannot tell this from a
    // request on its way, so it does not send it again.
    expect(run.code, run.stderr).toBe(6);
    expect(run.stderr).toContain('looking it up by its mark');
    expect(run.stderr).toContain('Check with: promo redemption list --filter');
    expect(run.stderr).not.toContain('happened once');
    expect(struck).toBe(1);
    expect(await used('L-BEFORE')).toBe(0);
  });

  it('an answer lost and the lookup failing is exit 6 with the command that checks; one use at most', async () => {
    await voucher('L-DARK', { discount: { type: 'AMOUNT', amount_off: 100 } });
    // Every answer of /v1/redemptions is lost to a 502: the redeem's, and the lookup's after it.
    proxy = await startFaultProxy(fx.sandbox.url, {
      status502After: 1,
      match: (_method, path) => path.startsWith('/v1/redemptions'),
    });
    const run = await fx.run([
      '--api-url',
      proxy.url,
      '--retries',
      '0',
      'voucher',
      'redeem',
      'L-DARK',
      '--amount',
      '10',
    ]);
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/Check with: promo redemption list --filter metadata\.promo_request_id=pr_/);
    expect(await used('L-DARK')).toBeLessThanOrEqual(1);
  });
});
