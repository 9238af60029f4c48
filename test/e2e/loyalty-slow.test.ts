// Loyalty points against a service slower than --timeout, end to end: the built bin with
// `--timeout 1` against a sandbox behind a proxy that holds each points write until the test lets it
// through (it lands after promo stopped waiting). A change or a transfer is never made twice: not
// found yet, it is unknown (exit 6, with the command that checks), and once it landed the card holds
// it once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import { spawnPromo } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox, JSON_HEADERS, type Json } from '../helpers/sandbox-http.js';
import { until } from '../helpers/until.js';

const fx = useSandbox();
let proxy: FaultProxy;
const headers = { ...JSON_HEADERS, 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN };

beforeAll(async () => {
  proxy = await startFaultProxy(fx.sandbox.url, {});
  const program = await callSandbox(fx.sandbox.url, 'POST', '/v1/loyalties', {
    body: { name: 'LS-Club', voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } } },
    headers,
  });
  for (const [code, customer] of [
    ['LS-A', 'ls-ada'],
    ['LS-B', 'ls-bob'],
  ]) {
    const body = { type: 'LOYALTY_CARD', code, campaign: 'LS-Club', loyalty_card: { points: 0 } };
    await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', { body, headers });
    await callSandbox(fx.sandbox.url, 'POST', `/v1/loyalties/${program.body.id}/members`, {
      body: { voucher: code, customer: { source_id: customer } },
      headers,
    });
  }
});
afterAll(() => proxy.close());
beforeEach(async () => {
  await proxy.release();
  proxy.faults = {};
  for (const name of Object.keys(proxy.struck)) delete proxy.struck[name];
});

const promo = (argv: string[], extra: Record<string, string> = {}) =>
  spawnPromo(argv, { env: { ...fx.env, PROMO_API_URL: proxy.url, ...extra } });
/** Holds every points write (a balance change, a transfer) until release(). */
const holdWrites = () => {
  proxy.faults = {
    hold: {
      ms: 60_000,
      match: (method, path) => method === 'POST' && /\/(balance|transfers|members)$/.test(path),
    },
  };
};
async function land(): Promise<void> {
  await proxy.release();
  await until(() => proxy.held === 0);
}
const trail = (code: string) =>
  (Object.values(fx.sandbox.state.transactions) as Json[]).filter(
    (t) => t.voucher_id === fx.sandbox.state.vouchers[code]?.id,
  );
const balanceOf = (code: string) =>
  (fx.sandbox.state.vouchers[code]?.loyalty_card as Json | undefined)?.balance;

describe('loyalty points against a service slower than --timeout', () => {
  it('a change is unknown (exit 6) with the command that checks; it lands once', async () => {
    holdWrites();
    const run = await promo(['--timeout', '1', 'loyalty', 'points', 'LS-A', '--add', '40', '-o', 'table']);
    expect([run.code, run.stdout]).toEqual([6, '']);
    expect(run.stderr).toMatch(/Check with: promo loyalty history LS-A \(source_id promo-[0-9a-f]{16}\)/);
    expect(proxy.struck.held).toBe(1);
    await land();
    expect(balanceOf('LS-A')).toBe(40);
    expect(trail('LS-A')).toHaveLength(1);
  });

  it('under a --source-id: a run again while it may land sends nothing; once landed, not sent again', async () => {
    holdWrites();
    const argv = [
      '--timeout',
      '1',
      'loyalty',
      'points',
      'LS-A',
      '--add',
      '15',
      '--source-id',
      'tkt-9',
      '-o',
      'table',
    ];
    expect((await promo(argv)).code).toBe(6);
    const early = await promo(argv);
    expect(early.code).toBe(6);
    expect(early.stderr).toContain('may still land');
    expect(proxy.struck.held).toBe(1);
    await land();
    const after = await promo(argv);
    expect([after.code, after.stdout, after.stderr]).toEqual([
      0,
      'Change   +15\nBalance  55\nTotal    55\n',
      'The card already holds this change (+15) with source_id tkt-9: not sent again.\n',
    ]);
    expect(trail('LS-A').filter((t) => t.source_id === 'tkt-9')).toHaveLength(1);
    expect(balanceOf('LS-A')).toBe(55);
  });

  it('a transfer is unknown (exit 6); it lands once, and is not sent again under its label', async () => {
    holdWrites();
    const argv = [
      '--timeout',
      '1',
      'loyalty',
      'transfer',
      'LS-B',
      '--from',
      'LS-A:20',
      '--source-id',
      'mv-9',
    ];
    const run = await promo([...argv, '-o', 'table']);
    expect(run.code).toBe(6);
    expect(run.stderr).toContain('Check with: promo loyalty history LS-B (source_id mv-9)');
    await land();
    expect([balanceOf('LS-A'), balanceOf('LS-B')]).toEqual([35, 20]);
    const again = await promo([...argv, '-o', 'json', '--log-format', 'text']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('not sent again');
    expect([balanceOf('LS-A'), balanceOf('LS-B')]).toEqual([35, 20]);
  });

  it('a join is unknown (exit 6); it lands once, and joining again sends nothing', async () => {
    holdWrites();
    const argv = ['--timeout', '1', 'loyalty', 'join', 'LS-Club', '--customer', 'ls-cy'];
    const run = await promo([...argv, '-o', 'table']);
    expect(run.code).toBe(6);
    expect(run.stderr).toContain('Check with: promo loyalty members LS-Club --customer ls-cy');
    await land();
    const again = await promo([...argv, '-o', 'json', '--log-format', 'text']);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/^ls-cy is a member already \(card \S+\): not joined again\.\n$/);
    const held = (Object.values(fx.sandbox.state.vouchers) as Json[]).filter(
      (v) => v.holder_id === JSON.parse(again.stdout).holder_id,
    );
    expect(held).toHaveLength(1);
  });
});
