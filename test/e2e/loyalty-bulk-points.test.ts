// The figure of `loyalty points --input`: 10,000 point changes from a file at the account's rate
// limit, 5% of their answers lost after the sandbox acted, the run killed with SIGKILL at random
// moments and resumed with --resume until it ends. Each line is applied exactly once: the test counts
// the ledger (every card's transactions, one per line's reason, and its balance). The account's rate
// limit is a fast one (1,000 requests a second) so that the run takes seconds, not hours; promo paces
// itself by the service's rate-limit headers and waits out a 429 (a few are met on the way).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startPromo } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox, JSON_HEADERS, type Json } from '../helpers/sandbox-http.js';
import { seeded, testSeed } from '../helpers/seeded.js';

const fx = useSandbox();
const seed = testSeed();
const random = seeded(seed);
const LINES = 10_000;
const CARDS = 50;
const headers = { ...JSON_HEADERS, 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN };
const points = (line: number) => (line % 7) + 1;
const cards: string[] = [];

beforeAll(async () => {
  const program = await callSandbox(fx.sandbox.url, 'POST', '/v1/loyalties', {
    body: { name: 'LB-Club', voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } } },
    headers,
  });
  expect(program.status).toBe(200);
  for (let i = 0; i < CARDS; i++) {
    const joined = await callSandbox(fx.sandbox.url, 'POST', `/v1/loyalties/${program.body.id}/members`, {
      body: { customer: { source_id: `lb-${i}` } },
      headers,
    });
    cards.push(joined.body.code);
  }
});

// A line whose answer was lost and that is not found yet is unknown until its landing window (half
// a second here) is over; a later resume sends it again.
const env = () => ({ ...fx.env, PROMO_LANDING_WINDOW: '0.5' });
const posts = () => fx.sandbox.requests.filter((r) => r.method === 'POST').length;

describe(`10,000 point changes from a file under lost answers and SIGKILL (seed ${seed})`, () => {
  it('applies each line exactly once, at the rate limit', async () => {
    fx.sandbox.faults.set({
      rateLimit: { limit: 1000, windowSeconds: 1 },
      lostAnswers: { rate: 0.05, method: 'POST', path: '/v1/loyalties/members/' },
    });
    const lines = Array.from({ length: LINES }, (_, i) =>
      JSON.stringify({ code: cards[i % CARDS], add: points(i + 1), reason: `line ${i + 1}` }),
    );
    const input = join(fx.configDir, 'missed-points.ndjson');
    writeFileSync(input, `${lines.join('\n')}\n`);
    const journal = join(fx.configDir, 'points-journal.ndjson');
    const argv = ['loyalty', 'points', '--input', input, '--concurrency', '8', '-o', 'json'];
    let command = [...argv, '--results', journal];
    let ended = false;
    for (let round = 0; round < 16 && !ended; round++) {
      const kill = round < 3;
      const before = posts();
      const run = startPromo(command, { env: env(), timeoutMs: 240_000 });
      if (kill) {
        const after = 200 + Math.floor(random() * 1500);
        while (posts() - before < after && run.child.exitCode === null)
          await new Promise((r) => setTimeout(r, 5));
        run.child.kill('SIGKILL');
      }
      const done = await run.done;
      if (!kill) {
        expect([0, 7], `round ${round}: ${done.stderr.slice(-2000)}`).toContain(done.code);
        ended = done.code === 0;
        if (!ended) await new Promise((r) => setTimeout(r, 600));
      }
      command = [...argv, '--resume', journal];
    }
    expect(ended, `the run did not end (seed ${seed})`).toBe(true);
    fx.sandbox.faults.set({});
    // The ledger, counted: per card, one transaction per line of its own, and the balance they make.
    const byCard = new Map<string, string[]>();
    for (const t of Object.values(fx.sandbox.state.transactions) as Json[]) {
      const list = byCard.get(t.voucher_id) ?? [];
      list.push(t.reason);
      byCard.set(t.voucher_id, list);
    }
    let counted = 0;
    for (const [k, code] of cards.entries()) {
      const voucher = fx.sandbox.state.vouchers[code] as Json;
      const want = Array.from({ length: LINES }, (_, i) => i + 1).filter((n) => (n - 1) % CARDS === k);
      const made = (byCard.get(voucher.id) ?? []).sort();
      expect(made, `${code} (seed ${seed})`).toEqual(want.map((n) => `line ${n}`).sort());
      expect(voucher.loyalty_card.balance, `${code} (seed ${seed})`).toBe(
        want.reduce((sum, n) => sum + points(n), 0),
      );
      counted += made.length;
    }
    expect(counted).toBe(LINES);
  }, 300_000);
});
