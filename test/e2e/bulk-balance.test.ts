// Bulk balance changes end to end: the built bin against a sandbox behind a proxy that loses answers
// of the balance changes (after the sandbox acted, and before), killed with SIGKILL at random moments
// and resumed with --resume until the run ends. Each line's change is applied exactly once: the
// card's transactions (one per line's source_id) and its balance.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import { startPromo } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox, JSON_HEADERS } from '../helpers/sandbox-http.js';
import { seeded, strikingFirst, testSeed } from '../helpers/seeded.js';

const fx = useSandbox();
let proxy: FaultProxy;
const seed = testSeed();
const random = seeded(seed);
const LINES = 30;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  proxy = await startFaultProxy(
    fx.sandbox.url,
    {
      resetAfter: 0.1,
      status502After: 0.05,
      status504After: 0.05,
      resetBefore: 0.05,
      match: (method, path) => method === 'POST' && path.endsWith('/balance'),
    },
    strikingFirst(random),
  );
});
afterAll(() => proxy.close());

// A line whose answer was lost and that is not found yet is unknown until its landing window (half
// a second here) is over; a later resume sends it again.
const env = () => ({ ...fx.env, PROMO_API_URL: proxy.url, PROMO_LANDING_WINDOW: '0.5' });
const posts = () => fx.sandbox.requests.filter((r) => r.method === 'POST').length;

async function giftCard(code: string): Promise<void> {
  const made = await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', {
    body: { code, type: 'GIFT_VOUCHER', gift: { amount: 0, balance: 0 } },
    headers: { ...JSON_HEADERS, 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN },
  });
  expect(made.status).toBe(200);
}

describe(`bulk balance changes under lost answers and SIGKILL (seed ${seed})`, () => {
  it('applies each line’s change exactly once', async () => {
    const cards = [`BB-${stamp}-A`, `BB-${stamp}-B`, `BB-${stamp}-C`];
    for (const code of cards) await giftCard(code);
    const lines = Array.from({ length: LINES }, (_, i) =>
      JSON.stringify({ code: cards[i % 3], add: `${i + 1}.00`, reason: `line ${i + 1}` }),
    );
    const input = join(fx.configDir, 'top-ups.ndjson');
    writeFileSync(input, `${lines.join('\n')}\n`);
    const journal = join(fx.configDir, 'balance-journal.ndjson');
    const argv = ['voucher', 'balance', '--input', input, '--concurrency', '4', '-o', 'json'];
    let command = [...argv, '--results', journal];
    let ended = false;
    for (let round = 0; round < 12 && !ended; round++) {
      const kill = round < 3;
      const before = posts();
      const run = startPromo(command, { env: env(), timeoutMs: 30_000 });
      if (kill) {
        const after = 2 + Math.floor(random() * 8);
        while (posts() - before < after && run.child.exitCode === null)
          await new Promise((r) => setTimeout(r, 2));
        run.child.kill('SIGKILL');
      }
      const done = await run.done;
      if (!kill) {
        expect([0, 7], `round ${round}: ${done.stderr}`).toContain(done.code);
        ended = done.code === 0;
        // Lines left unknown wait out their landing window before a resume sends them again.
        if (!ended) await new Promise((r) => setTimeout(r, 600));
      }
      command = [...argv, '--resume', journal];
    }
    expect(ended, `the run did not end (seed ${seed})`).toBe(true);
    for (const [k, code] of cards.entries()) {
      const id = fx.sandbox.state.vouchers[code]?.id;
      const made = Object.values(fx.sandbox.state.transactions).filter((t) => t.voucher_id === id);
      const want = Array.from({ length: LINES }, (_, i) => i + 1).filter((n) => (n - 1) % 3 === k);
      expect(made.map((t) => t.reason).sort(), `${code} (seed ${seed})`).toEqual(
        want.map((n) => `line ${n}`).sort(),
      );
      expect((fx.sandbox.state.vouchers[code]?.gift as { balance?: number } | undefined)?.balance).toBe(
        want.reduce((a, n) => a + n * 100, 0),
      );
    }
    expect(
      Object.values(proxy.struck).reduce((a, b) => a + b, 0),
      JSON.stringify(proxy.struck),
    ).toBeGreaterThan(0);
  }, 90_000);
});
