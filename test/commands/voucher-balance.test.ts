// promo voucher balance and promo voucher transactions against the sandbox: gift cards in currency
// units, loyalty cards in points (with a holder), a removal beyond the balance refused in words, the
// trail newest first, and a change whose answer was lost never applied twice.
import { describe, expect, it } from 'vitest';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox } from '../helpers/sandbox-http.js';

const fx = useSandbox();
const promo = fx.run;
const headers = { 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN, 'Content-Type': 'application/json' };

async function giftCard(code: string, amount: number): Promise<void> {
  const { status } = await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', {
    body: { type: 'GIFT_VOUCHER', code, gift: { amount, balance: amount } },
    headers,
  });
  expect(status).toBe(200);
}

const giftOf = (code: string) => fx.sandbox.state.vouchers[code]?.gift as { amount: number; balance: number };
const balancePosts = (code: string) =>
  fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath === `/v1/vouchers/${code}/balance`);

describe('voucher balance', () => {
  it('adds 10.00 to a gift card: sent as 1000 hundredths with a source_id, the answer printed', async () => {
    await giftCard('GB-1', 2500);
    const run = await promo([
      'voucher',
      'balance',
      'GB-1',
      '--add',
      '10.00',
      '--reason',
      'late',
      '-o',
      'json',
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      amount: 1000,
      balance: 3500,
      total: 3500,
      object: 'balance',
    });
    const sent = JSON.parse(balancePosts('GB-1')[0]?.body ?? '{}');
    expect(sent).toMatchObject({ amount: 1000, reason: 'late', source_id: expect.stringMatching(/^promo-/) });
    expect(giftOf('GB-1')).toMatchObject({ amount: 3500, balance: 3500 });
  });

  it('refuses a removal beyond the balance in words, with the key, and changes nothing (exit 1)', async () => {
    await giftCard('GB-2', 500);
    const run = await promo(['voucher', 'balance', 'GB-2', '--remove', '5.01']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('more than the gift card holds (gift_amount_exceeded)');
    expect(giftOf('GB-2').balance).toBe(500);
  });

  it('takes points on a loyalty card, which needs a holder', async () => {
    expect(
      (await promo(['campaign', 'create', 'LB-CAMP', '--type', 'loyalty', '--points', '100'])).code,
    ).toBe(0);
    const created = await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', {
      body: { type: 'LOYALTY_CARD', code: 'LB-1', campaign: 'LB-CAMP', loyalty_card: { points: 100 } },
      headers,
    });
    expect(created.body).toMatchObject({ code: 'LB-1' });
    const orphan = await promo(['voucher', 'balance', 'LB-1', '--add', '50']);
    expect(orphan.code).toBe(1);
    expect(orphan.stderr).toContain('needs a holder');
    const card = fx.sandbox.state.vouchers['LB-1'] as Record<string, unknown>;
    fx.sandbox.state.vouchers['LB-1'] = { ...card, holder_id: 'cust_holder' };
    const run = await promo(['voucher', 'balance', 'LB-1', '--remove', '30', '-o', 'json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ amount: -30, balance: 70, type: 'loyalty_card' });
    expect((await promo(['voucher', 'balance', 'LB-1', '--add', '1.5'])).code).toBe(2);
  });

  it('refuses bad input before anything is sent (exit 2)', async () => {
    await giftCard('GB-3', 500);
    fx.sandbox.requests.length = 0;
    for (const argv of [
      ['GB-3', '--reason', 'no change named'],
      ['GB-3', '--add', '1', '--remove', '1'],
      ['GB-3', '--add', '1.234'],
      ['GB-3', '--remove', '-5'],
      ['GB-3', '--add', 'ten'],
    ]) {
      const run = await promo(['voucher', 'balance', ...argv]);
      expect(run.code).toBe(2);
    }
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('lists the transactions newest first, with the source_id given', async () => {
    await giftCard('GB-4', 1000);
    expect((await promo(['voucher', 'balance', 'GB-4', '--add', '1', '--source-id', 'first'])).code).toBe(0);
    expect((await promo(['voucher', 'balance', 'GB-4', '--remove', '2', '--source-id', 'second'])).code).toBe(
      0,
    );
    const repeat = await promo(['voucher', 'balance', 'GB-4', '--add', '1', '--source-id', 'first']);
    expect(repeat.code).toBe(0);
    expect(repeat.stderr).toContain('not sent again');
    expect(giftOf('GB-4').balance).toBe(900);
    const run = await promo(['voucher', 'transactions', 'GB-4', '--all', '-o', 'ndjson']);
    expect(run.code).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((t) => [t.source_id, t.type])).toEqual([
      ['second', 'CREDITS_REMOVAL'],
      ['first', 'CREDITS_ADDITION'],
    ]);
    const table = await promo(['voucher', 'transactions', 'GB-4', '-o', 'table', '--limit', '1']);
    expect(table.stdout).toContain('CREDITS_REMOVAL');
    expect(table.stdout).toMatch(/-2\.00 +9\.00/);
    expect(table.stdout).not.toContain('CREDITS_ADDITION');
  });
});

describe('voucher balance: a lost answer never changes a balance twice', () => {
  it('an answer lost after the change: promo reads the trail, finds it, and does not send again', async () => {
    await giftCard('GL-1', 1000);
    fx.sandbox.faults.set({ lostAnswers: { rate: 1, method: 'POST', path: '/v1/vouchers/GL-1/balance' } });
    const run = await promo(['voucher', 'balance', 'GL-1', '--add', '10.00', '-o', 'json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ amount: 1000, balance: 2000 });
    expect(run.stderr).toContain('it happened once');
    expect(balancePosts('GL-1')).toHaveLength(1);
    expect(giftOf('GL-1').balance).toBe(2000);
  });

  it('a connection broken before the change: not in the trail yet, so unknown (exit 6), never sent again', async () => {
    await giftCard('GL-2', 1000);
    fx.sandbox.faults.set({
      script: [
        {
          match: { method: 'POST', path: '/v1/vouchers/GL-2/balance' },
          action: { reset: 'before-handling' },
        },
      ],
    });
    // promo cannot tell a request the service dropped from one still on its way: no resend.
    const run = await promo(['voucher', 'balance', 'GL-2', '--remove', '2.50', '-o', 'json']);
    expect(run.code, run.stderr).toBe(6);
    expect(run.stderr).toContain('Check with: promo voucher transactions GL-2 (source_id promo-');
    expect(balancePosts('GL-2')).toHaveLength(1);
    expect(giftOf('GL-2').balance).toBe(1000);
    const id = fx.sandbox.state.vouchers['GL-2']?.id;
    expect(Object.values(fx.sandbox.state.transactions).filter((t) => t.voucher_id === id)).toHaveLength(0);
  });

  it('many changes with answers lost at random: the balance moves by exactly what was asked', async () => {
    await giftCard('GL-3', 0);
    fx.sandbox.faults.set({ lostAnswers: { rate: 0.5, method: 'POST', path: '/v1/vouchers/GL-3/balance' } });
    for (let i = 0; i < 8; i++) {
      expect((await promo(['voucher', 'balance', 'GL-3', '--add', '1'])).code).toBe(0);
    }
    expect(giftOf('GL-3').balance).toBe(800);
  });
});
