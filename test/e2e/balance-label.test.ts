// `voucher balance --source-id`: a label names one change. Two runs of the built bin at once with
// the same label, against a service that takes 1.5 s to apply a balance change, apply it once; the
// same change again is not sent; another change under the label is refused (exit 2, nothing sent).
// Counted in the transactions the sandbox holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import { jsonLines } from '../helpers/input-files.js';
import { spawnPromo } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox, JSON_HEADERS, type Json } from '../helpers/sandbox-http.js';
import { until } from '../helpers/until.js';

const fx = useSandbox();
const headers = { ...JSON_HEADERS, 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN };
let proxy: FaultProxy;
beforeAll(async () => {
  proxy = await startFaultProxy(fx.sandbox.url, {
    holdMs: 1500,
    match: (method, path) => method === 'POST' && path.endsWith('/balance'),
  });
});
afterAll(() => proxy.close());

const card = `GC-${Date.now().toString(36)}`;
const env = () => ({ ...fx.env, PROMO_API_URL: proxy.url });
const balance = (...flags: string[]) =>
  spawnPromo(['voucher', 'balance', card, ...flags, '-o', 'json'], { env: env(), timeoutMs: 30_000 });
/** The same, in-process (the parallel pair alone needs two processes). */
const balanceHere = (...flags: string[]) =>
  fx.run(['voucher', 'balance', card, ...flags, '-o', 'json'], { env: { PROMO_API_URL: proxy.url } });
const balancePosts = () =>
  fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath === `/v1/vouchers/${card}/balance`)
    .length;

async function labelled(label: string): Promise<Json[]> {
  const answer = await callSandbox(fx.sandbox.url, 'GET', `/v1/vouchers/${card}/transactions`, { headers });
  expect(answer.status).toBe(200);
  return (answer.body as Json).data.filter((t: Json) => t.source_id === label);
}

describe('voucher balance --source-id names one change', () => {
  it('two runs at once against a slow service apply it once; again: not sent; another change: exit 2', async () => {
    const made = await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', {
      body: { type: 'GIFT_VOUCHER', code: card, gift: { amount: 10_000, balance: 10_000 } },
      headers,
    });
    expect(made.status).toBe(200);

    const add = ['--add', '10', '--source-id', 'ticket-77'];
    const both = await Promise.all([balance(...add), balance(...add)]);
    for (const run of both) expect(run.code, run.stderr).toBe(0);
    expect(await labelled('ticket-77')).toHaveLength(1);
    expect(balancePosts()).toBe(1);
    expect((fx.sandbox.state.vouchers[card] as Json).gift.balance).toBe(11_000);
    // The second found the first's change, and said so; both print the same change.
    expect(both.map((r) => r.stderr).join('\n')).toContain(
      'The card already holds this change (+10.00) with source_id ticket-77: not sent again.',
    );
    for (const run of both) expect(JSON.parse(run.stdout)).toMatchObject({ amount: 1000, balance: 11_000 });

    const again = await balanceHere(...add);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('not sent again');

    const other = await balanceHere('--remove', '50', '--source-id', 'ticket-77');
    expect(other.code, other.stderr).toBe(2);
    expect(jsonLines(other.stderr).find((l) => l.error)?.error.message).toMatch(
      /^--source-id ticket-77: card GC-\w+ already holds a change of \+10\.00 under it \(\S+\), not this one \(-50\.00\); a label names one change: nothing was sent$/,
    );
    expect(balancePosts()).toBe(1);
    expect(await labelled('ticket-77')).toHaveLength(1);
    expect((fx.sandbox.state.vouchers[card] as Json).gift.balance).toBe(11_000);
  }, 30_000);

  it('a run again while the first change under the label may still land sends nothing (exit 6); after it landed: not sent', async () => {
    const label = 'ticket-88';
    const before = balancePosts();
    // --timeout 1 gives up on the change the proxy holds 1.5 s: the outcome is unknown.
    const first = await balanceHere('--add', '5', '--source-id', label, '--timeout', '1');
    expect(first.code, first.stderr).toBe(6);
    const again = await balanceHere('--add', '5', '--source-id', label);
    expect(again.code, again.stderr).toBe(6);
    expect(jsonLines(again.stderr).find((l) => l.error)?.error.message).toMatch(
      /^a change under --source-id ticket-88 went out \d+ s ago and its answer was lost; it is not on the card yet but may still land \(up to \d+ s after it was sent\): nothing was sent$/,
    );
    // The first, held by the proxy, reaches the sandbox later; the second never went out.
    await until(() => balancePosts() === before + 1);
    expect(await labelled(label)).toHaveLength(1);
    const after = await balanceHere('--add', '5', '--source-id', label);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stderr).toContain('not sent again');
    expect(balancePosts()).toBe(before + 1);
    expect(await labelled(label)).toHaveLength(1);
  }, 30_000);
});
