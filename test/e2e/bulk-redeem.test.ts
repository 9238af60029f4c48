// Bulk redeem and bulk rollback end to end: the built bin against a sandbox behind a proxy that
// loses answers of /v1/redemptions (after the sandbox acted, and before), killed with SIGKILL at
// random moments and resumed with --resume until the run ends. Each line's code is redeemed exactly
// once (the sandbox's redemptions and the voucher's redeemed_quantity), then rolled back exactly once.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import { startPromo } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox, JSON_HEADERS } from '../helpers/sandbox-http.js';
import { seeded, strikingFirst, testSeed } from '../helpers/seeded.js';

// biome-ignore lint/suspicious/noExplicitAny: the sandbox's objects, read loosely
type Json = Record<string, any>;

const fx = useSandbox();
let proxy: FaultProxy;
const seed = testSeed();
const random = seeded(seed);
const LINES = 30;
const stamp = Date.now().toString(36);
const codeOf = (line: number) => `BR-${stamp}-${line}`;

beforeAll(async () => {
  proxy = await startFaultProxy(
    fx.sandbox.url,
    {
      resetAfter: 0.08,
      status502After: 0.04,
      status504After: 0.04,
      resetBefore: 0.05,
      match: (method, path) => method === 'POST' && path.startsWith('/v1/redemptions'),
    },
    strikingFirst(random),
  );
});
afterAll(() => proxy.close());

// A line whose answer was lost and that is not found yet is unknown until its landing window (half
// a second here) is over; a later resume sends it again.
const env = () => ({ ...fx.env, PROMO_API_URL: proxy.url, PROMO_LANDING_WINDOW: '0.5' });
const posts = () => fx.sandbox.requests.filter((r) => r.method === 'POST').length;

/** Runs argv with --results, SIGKILLs the first runs at random moments, resumes until it ends. */
async function killAndResume(argv: string[], journal: string): Promise<number> {
  let command = [...argv, '--results', journal];
  for (let round = 0; round < 16; round++) {
    const kill = round < 3;
    const before = posts();
    const run = startPromo(command, { env: env(), timeoutMs: 30_000 });
    if (kill) {
      const after = 2 + Math.floor(random() * 10);
      while (posts() - before < after && run.child.exitCode === null)
        await new Promise((r) => setTimeout(r, 2));
      run.child.kill('SIGKILL');
    }
    const done = await run.done;
    if (!kill && done.code === 0) return round;
    if (!kill) {
      expect([0, 7], `round ${round}: ${done.stderr}`).toContain(done.code);
      // Lines left unknown are sent again only once their landing window has passed: wait it out,
      // as a person resuming would, instead of resuming at once into the same window.
      await new Promise((r) => setTimeout(r, 600));
    }
    command = [...argv, '--resume', journal];
  }
  throw new Error(`the run did not end (seed ${seed})`);
}

async function vouchers(): Promise<void> {
  for (let line = 1; line <= LINES; line++) {
    const made = await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', {
      body: { code: codeOf(line), type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 } },
      headers: { ...JSON_HEADERS, 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN },
    });
    expect(made.status).toBe(200);
  }
}

const redemptionsOf = (code: string) =>
  (Object.values(fx.sandbox.state.redemptions) as Json[]).filter(
    (r) => r.object === 'redemption' && r.voucher?.code === code && r.result === 'SUCCESS',
  );

describe(`bulk redeem and rollback under lost answers and SIGKILL (seed ${seed})`, () => {
  it('redeems each line’s code exactly once, then rolls each back exactly once', async () => {
    await vouchers();
    const orders = Array.from({ length: LINES }, (_, i) =>
      JSON.stringify({ code: codeOf(i + 1), order: { amount: 1000 + i }, metadata: { till: 'T1' } }),
    );
    const input = join(fx.configDir, 'orders.ndjson');
    writeFileSync(input, `${orders.join('\n')}\n`);
    const journal = join(fx.configDir, 'redeem-journal.ndjson');
    await killAndResume(['voucher', 'redeem', '--input', input, '--concurrency', '4', '-o', 'json'], journal);
    const ids: string[] = [];
    for (let line = 1; line <= LINES; line++) {
      const made = redemptionsOf(codeOf(line));
      expect(
        made.map((r) => r.voucher.code),
        `line ${line} (seed ${seed})`,
      ).toEqual([codeOf(line)]);
      expect(
        (fx.sandbox.state.vouchers[codeOf(line)] as Json | undefined)?.redemption.redeemed_quantity,
        `line ${line}`,
      ).toBe(1);
      ids.push(made[0]!.id);
    }
    expect(
      Object.values(proxy.struck).reduce((a, b) => a + b, 0),
      JSON.stringify(proxy.struck),
    ).toBeGreaterThan(0);

    const refunds = join(fx.configDir, 'refunds.txt');
    writeFileSync(refunds, `${ids.join('\n')}\n`);
    const rollbackJournal = join(fx.configDir, 'rollback-journal.ndjson');
    await killAndResume(
      ['redemption', 'rollback', '--input', refunds, '--yes', '--concurrency', '4', '-o', 'json'],
      rollbackJournal,
    );
    const rollbacks = Object.values(fx.sandbox.state.redemptions) as Json[];
    for (const [i, id] of ids.entries()) {
      expect(fx.sandbox.state.redemptions[id]?.status, `line ${i + 1}`).toBe('ROLLED_BACK');
      expect(
        rollbacks.filter(
          (r) => r.object === 'redemption_rollback' && r.redemption === id && r.result === 'SUCCESS',
        ),
      ).toHaveLength(1);
      expect(
        (fx.sandbox.state.vouchers[codeOf(i + 1)] as Json | undefined)?.redemption.redeemed_quantity,
        `line ${i + 1}`,
      ).toBe(0);
    }
  }, 90_000);
});
