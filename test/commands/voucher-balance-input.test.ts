// promo voucher balance --input against the sandbox: many changes from a file through the bulk
// journal, each applied once (the card's transactions and balance), gift cards in currency units and
// loyalty cards in points, and a bad file refused whole (exit 2) before anything is sent.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox } from '../helpers/sandbox-http.js';

const fx = useSandbox();
const promo = fx.run;
const headers = { 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN, 'Content-Type': 'application/json' };

async function card(body: Record<string, unknown>): Promise<void> {
  const { status } = await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', { body, headers });
  expect(status).toBe(200);
}

const giftCard = (code: string, amount: number) =>
  card({ type: 'GIFT_VOUCHER', code, gift: { amount, balance: amount } });
/** A loyalty card of a campaign of its own, with a holder (the service needs one for a change) or not. */
async function loyaltyCard(code: string, holder: boolean): Promise<void> {
  const campaign = `${code}-CAMP`;
  expect((await promo(['campaign', 'create', campaign, '--type', 'loyalty', '--points', '100'])).code).toBe(
    0,
  );
  await card({ type: 'LOYALTY_CARD', code, campaign, loyalty_card: { points: 100 } });
  const made = fx.sandbox.state.vouchers[code] as Record<string, unknown>;
  if (holder) fx.sandbox.state.vouchers[code] = { ...made, holder_id: 'cust_holder' };
}

const giftOf = (code: string) => fx.sandbox.state.vouchers[code]?.gift as { balance: number };
const transactionsOf = (code: string) => {
  const id = fx.sandbox.state.vouchers[code]?.id;
  return Object.values(fx.sandbox.state.transactions).filter((t) => t.voucher_id === id);
};
const writes = () => fx.sandbox.requests.filter((r) => r.method === 'POST');

function file(name: string, text: string): string {
  const path = join(fx.configDir, name);
  writeFileSync(path, text);
  return path;
}

describe('voucher balance --input', () => {
  it('a 30-line file of top-ups: each applied once, each with its own source_id', async () => {
    await giftCard('BI-1', 1000);
    const lines = Array.from({ length: 30 }, (_, i) =>
      JSON.stringify({ code: 'BI-1', add: '1.50', reason: `r${i}` }),
    );
    const input = file('top-ups.ndjson', `${lines.join('\n')}\n`);
    const run = await promo(['voucher', 'balance', '--input', input, '--concurrency', '4']);
    expect(run.code, run.stderr).toBe(0);
    expect(giftOf('BI-1').balance).toBe(1000 + 30 * 150);
    const made = transactionsOf('BI-1');
    expect(made).toHaveLength(30);
    expect(new Set(made.map((t) => t.source_id)).size).toBe(30);
    expect(made.every((t) => /^promo-[0-9a-f]{20}-L\d+$/.test(String(t.source_id)))).toBe(true);
    // The same file again is refused without --again: nothing more is sent.
    const again = await promo(['voucher', 'balance', '--input', input]);
    expect(again.code).toBe(2);
    // How it prints is no other run: quiet, or another format, is the same file run again.
    const quiet = await promo(['voucher', 'balance', '--input', input, '-q', '-o', 'json']);
    expect(quiet.code).toBe(2);
    expect(transactionsOf('BI-1')).toHaveLength(30);
  });

  it('CSV: gift cards in currency units, loyalty cards in points; a held source_id is skipped', async () => {
    await giftCard('BI-2', 500);
    await loyaltyCard('BI-L', true);
    expect((await promo(['voucher', 'balance', 'BI-2', '--add', '1', '--source-id', 'held-1'])).code).toBe(0);
    const input = file(
      'mixed.csv',
      'code,add,remove,reason,source_id\nBI-2,2.25,,late,\nBI-L,40,,,\nBI-L,,15,oops,\nBI-2,1,,,held-1\n',
    );
    const dry = await promo(['voucher', 'balance', '--input', input, '--dry-run', '-o', 'ndjson']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(
      '{"amount":-15,"source_id":"promo-(made per run and line)","reason":"oops"}',
    );
    const run = await promo(['voucher', 'balance', '--input', input]);
    expect(run.code, run.stderr).toBe(0);
    expect(giftOf('BI-2').balance).toBe(500 + 100 + 225);
    expect(
      (fx.sandbox.state.vouchers['BI-L']?.loyalty_card as { balance?: number } | undefined)?.balance,
    ).toBe(125);
    expect(transactionsOf('BI-2')).toHaveLength(2);
    expect(
      transactionsOf('BI-L')
        .map((t) => (t.details as { balance?: { amount?: number } } | undefined)?.balance?.amount)
        .sort(),
    ).toEqual([-15, 40]);
  });

  it('bad lines: exit 2 naming the line and field, nothing sent', async () => {
    await giftCard('BI-3', 500);
    await loyaltyCard('BI-L2', false);
    const cases: Array<[string, string]> = [
      ['{"code":"BI-3","add":"1","remove":"1"}', 'line 2: give "add" or "remove", not both'],
      ['{"code":"BI-3"}', 'line 2: needs "add" or "remove"'],
      ['{"code":"BI-3","remove":"-5"}', `line 2: "remove" must not be negative`],
      ['{"code":"BI-L2","add":"1.5"}', 'line 2: "add": BI-L2 is a loyalty card, which takes whole points'],
      ['{"add":"5"}', 'line 2: "code" is missing'],
      ['{"code":"BI-3","add":"5","amount":1}', 'line 2: unknown field "amount"'],
    ];
    for (const [bad, said] of cases) {
      fx.sandbox.requests.length = 0;
      const input = file('bad.ndjson', `{"code":"BI-3","add":"1"}\n${bad}\n`);
      const run = await promo(['voucher', 'balance', '--input', input]);
      expect(run.code, bad).toBe(2);
      // stderr is JSON off a terminal: the quotes are escaped.
      expect(run.stderr, bad).toContain(JSON.stringify(said).slice(1, -1));
      expect(run.stderr, bad).toContain('nothing was sent');
      expect(writes(), bad).toHaveLength(0);
    }
    expect(transactionsOf('BI-3')).toHaveLength(0);
    const mixed = await promo([
      'voucher',
      'balance',
      'BI-3',
      '--input',
      file('ok.ndjson', '{"code":"BI-3","add":"1"}\n'),
    ]);
    expect(mixed.code).toBe(2);
    expect(writes()).toHaveLength(0);
  });

  it('stdin: a card is read when its first line is sent; a fractional point fails that line alone', async () => {
    await giftCard('BI-4', 0);
    await loyaltyCard('BI-L3', true);
    const stdin = '{"code":"BI-4","add":2}\n{"code":"BI-L3","add":"2.5"}\n{"code":"BI-L3","add":7}\n';
    const dry = await promo(['voucher', 'balance', '--input', '-', '--dry-run', '-o', 'ndjson'], { stdin });
    expect(dry.code, dry.stderr).toBe(0);
    expect(transactionsOf('BI-4')).toHaveLength(0);
    const run = await promo(['voucher', 'balance', '--input', '-', '--concurrency', '1'], { stdin });
    expect(run.code, run.stderr).toBe(7);
    expect(run.stdout).toContain('BI-L3 is a loyalty card, which takes whole points');
    expect(giftOf('BI-4').balance).toBe(200);
    expect(
      transactionsOf('BI-L3').map(
        (t) => (t.details as { balance?: { amount?: number } } | undefined)?.balance?.amount,
      ),
    ).toEqual([7]);
  });
});
