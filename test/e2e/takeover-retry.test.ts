// A bulk redeem paused (kill -STOP) in its retries while a resume takes its journal over with
// --take-over: woken, it must not send again. Ownership is asked before every request after a
// line's first (each retry, each read-back and the send it allows), not only when a line is marked
// in flight. Counted in the redemptions the sandbox holds.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FaultOptions } from 'promo-sandbox';
import { describe, expect, it } from 'vitest';
import { jsonLines } from '../helpers/input-files.js';
import { startPromo } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox, JSON_HEADERS, type Json } from '../helpers/sandbox-http.js';
import { until } from '../helpers/until.js';

const fx = useSandbox();
const stamp = Date.now().toString(36);
const redeemPosts = () =>
  fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath.startsWith('/v1/redemptions')).length;
const lookUps = () =>
  fx.sandbox.requests.filter((r) => r.method === 'GET' && r.rawPath.startsWith('/v1/redemptions')).length;
const redeemed = (code: string) =>
  (Object.values(fx.sandbox.state.redemptions) as Json[]).filter(
    (r) => r.object === 'redemption' && r.voucher?.code === code && r.result === 'SUCCESS',
  ).length;

/**
 * Redeems one line whose first attempt meets `faults` (the service did not act), pauses the run while
 * it waits to retry, takes its journal over with a resume (itself paused at its look-up, so that it
 * still holds the journal), wakes the first: it must stop unsent, naming the taker.
 */
async function pausedInItsRetry(code: string, faults: FaultOptions): Promise<void> {
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
  const posts = redeemPosts();
  const lookedUp = lookUps();

  fx.sandbox.faults.set(faults);
  const first = startPromo([...redeem, '--results', journal], { env: fx.env, timeoutMs: 60_000 });
  await until(() => redeemPosts() === posts + 1);
  first.child.kill('SIGSTOP');

  // The taker finds the line in flight and looks its mark up (held 1.5 s): paused there in turn,
  // it holds the journal while the first wakes.
  fx.sandbox.faults.set({ latencyMs: 1500 });
  // The line's first request is known not to have acted (a 503), but the taker knows only that it
  // was in flight: a short landing window lets it send again once the mark is not found.
  const taker = startPromo([...redeem, '--resume', journal, '--take-over'], {
    env: { ...fx.env, PROMO_LANDING_WINDOW: '0.5' },
    timeoutMs: 60_000,
  });
  await until(() => lookUps() === lookedUp + 1);
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
  expect(redeemPosts()).toBe(posts + 1);

  taker.child.kill('SIGCONT');
  const took = await taker.done;
  expect(took.code, took.stderr).toBe(0);
  expect(redeemPosts()).toBe(posts + 2);
  expect(redeemed(code)).toBe(1);
  const records = jsonLines(readFileSync(journal, 'utf8'));
  expect(records.filter((r) => r.line === 1).at(-1)).toMatchObject({ status: 'created', code });
  // The woken run wrote nothing after it lost the journal: no outcome, no end record.
  expect(records.filter((r) => r.ended_at)).toEqual([]);
}

describe('a run paused in its retries, its journal taken over', () => {
  it("woken after a 503, stops before promo's retry: exit 1 naming the holder, redeemed once (by the taker)", async () => {
    // Held 1.5 s before its 503: the run is paused while it waits for the answer.
    await pausedInItsRetry(`TAKE503-${stamp}`, {
      latencyMs: 1500,
      script: [{ match: { method: 'POST', path: '/v1/redemptions' }, action: { status: 503 } }],
    });
  }, 30_000);

  it("woken in the transport's wait after a 429, stops before that repeat too", async () => {
    // Asked to come back in 2 s: the transport waits, and the run is paused meanwhile.
    await pausedInItsRetry(`TAKE429-${stamp}`, {
      script: [
        { match: { method: 'POST', path: '/v1/redemptions' }, action: { status: 429, retryAfter: 2 } },
      ],
    });
  }, 30_000);
});
