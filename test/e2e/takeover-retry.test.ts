// A bulk redeem paused (kill -STOP) in its retries while a resume takes its journal over with
// --take-over: woken, it must not send again. Ownership is asked before every request after a
// line's first (each retry, each read-back and the send it allows), not only when a line is marked
// in flight. Counted in the redemptions the sandbox holds.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLines } from '../helpers/input-files.js';
import { startPromo } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox, JSON_HEADERS, type Json } from '../helpers/sandbox-http.js';
import { until } from '../helpers/until.js';

const fx = useSandbox();
const code = `TAKE-${Date.now().toString(36)}`;
const redeemPosts = () =>
  fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath.startsWith('/v1/redemptions')).length;
const lookUps = () =>
  fx.sandbox.requests.filter((r) => r.method === 'GET' && r.rawPath.startsWith('/v1/redemptions')).length;
const redeemed = () =>
  (Object.values(fx.sandbox.state.redemptions) as Json[]).filter(
    (r) => r.object === 'redemption' && r.voucher?.code === code && r.result === 'SUCCESS',
  ).length;

describe('a run paused in its retries, its journal taken over', () => {
  it('woken, stops before its retry: exit 1 naming the holder, the line redeemed once (by the taker)', async () => {
    const made = await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', {
      body: {
        code,
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'AMOUNT', amount_off: 100 },
        redemption: { quantity: null },
      },
      headers: { ...JSON_HEADERS, 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN },
    });
    expect(made.status).toBe(200);
    const input = join(fx.configDir, `${code}.ndjson`);
    writeFileSync(input, `${JSON.stringify({ code, order: { amount: 2000 } })}\n`);
    const journal = join(fx.configDir, `${code}.journal`);
    const redeem = ['voucher', 'redeem', '--input', input, '-o', 'json'];

    // The first attempt is refused with a 503 (the service did not act), held 1.5 s: the run is
    // paused while it waits, and retries when it wakes.
    fx.sandbox.faults.set({
      latencyMs: 1500,
      script: [{ match: { method: 'POST', path: '/v1/redemptions' }, action: { status: 503 } }],
    });
    const first = startPromo([...redeem, '--results', journal], { env: fx.env, timeoutMs: 60_000 });
    await until(() => redeemPosts() === 1);
    first.child.kill('SIGSTOP');

    // The taker finds the line in flight and looks its mark up (held 1.5 s): paused there in turn,
    // it holds the journal while the first wakes.
    const taker = startPromo([...redeem, '--resume', journal, '--take-over'], {
      env: fx.env,
      timeoutMs: 60_000,
    });
    await until(() => lookUps() === 1);
    taker.child.kill('SIGSTOP');
    fx.sandbox.faults.set({});

    first.child.kill('SIGCONT');
    const woken = await first.done;
    expect(woken.code, woken.stderr).toBe(1);
    const error = jsonLines(woken.stderr).find((l) => l.error)?.error;
    expect(error?.message).toMatch(
      new RegExp(
        `^another run took over the journal '.+': promo voucher redeem \\(pid ${taker.child.pid} on .+\\) holds it now; this run stopped and sent nothing more$`,
      ),
    );
    expect(redeemPosts()).toBe(1);

    taker.child.kill('SIGCONT');
    const took = await taker.done;
    expect(took.code, took.stderr).toBe(0);
    expect(redeemPosts()).toBe(2);
    expect(redeemed()).toBe(1);
    const records = jsonLines(readFileSync(journal, 'utf8')).filter((r) => r.line === 1);
    expect(records.at(-1)).toMatchObject({ status: 'created', code });
    // The woken run wrote nothing after it lost the journal: no outcome, no end record.
    expect(jsonLines(readFileSync(journal, 'utf8')).filter((r) => r.ended_at)).toEqual([]);
  }, 30_000);
});
