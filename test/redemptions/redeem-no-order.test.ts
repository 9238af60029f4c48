// A redemption with no order used a single-use code up on a 0.00 order, exit 0, without a word.
// Now: asked on a terminal, refused without one (exit 2, nothing sent) unless --no-order says it is
// meant. And a validation of an item with no price warns that it counts as 0.00.
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

async function singleUse(code: string): Promise<void> {
  const create = `voucher create --code ${code} --percent-off 10 --redemption-quantity 1`;
  const run = await fx.run(create.split(' '));
  expect(run.code, run.stderr).toBe(0);
}

/** How many times the sandbox holds the code used. */
async function used(code: string): Promise<number> {
  const held = fx.sandbox.state.vouchers[code] as { redemption?: { redeemed_quantity?: number } };
  return held?.redemption?.redeemed_quantity ?? -1;
}

const redemptionPosts = () =>
  fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath === '/v1/redemptions').length;

describe('voucher redeem with no order', () => {
  it('without a terminal: exit 2 naming --no-order, nothing sent, the code still unused', async () => {
    await singleUse('NO-ORDER-1');
    const before = redemptionPosts();
    const run = await fx.run(['voucher', 'redeem', 'NO-ORDER-1']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr).error).toMatchObject({
      message: 'no order given: --amount, --item or --order-file describe it',
      hint: 'To redeem on a 0.00 order, say so with --no-order.',
    });
    expect(redemptionPosts()).toBe(before);
    expect(await used('NO-ORDER-1')).toBe(0);
  });

  it('on a terminal: asked; declined is exit 8 with nothing sent, accepted redeems', async () => {
    await singleUse('NO-ORDER-2');
    const declined = await fx.run(['voucher', 'redeem', 'NO-ORDER-2'], { tty: true, answers: [false] });
    expect(declined.code).toBe(8);
    expect(declined.asked).toEqual(['No order given: redeem NO-ORDER-2 on a 0.00 order?']);
    expect(await used('NO-ORDER-2')).toBe(0);
    const accepted = await fx.run(['voucher', 'redeem', 'NO-ORDER-2'], { tty: true, answers: [true] });
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(await used('NO-ORDER-2')).toBe(1);
  });

  it('--no-order redeems without asking; with an order option it is a contradiction (exit 2)', async () => {
    await singleUse('NO-ORDER-3');
    const both = await fx.run(['voucher', 'redeem', 'NO-ORDER-3', '--no-order', '--amount', '5']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--no-order says there is no order');
    const run = await fx.run(['voucher', 'redeem', 'NO-ORDER-3', '--no-order', '-o', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(await used('NO-ORDER-3')).toBe(1);
  });
});

describe('voucher validate of an item with no price', () => {
  it('warns that the item counts as 0.00; a priced one gets no warning', async () => {
    await singleUse('PRICE-1');
    const run = await fx.run(['voucher', 'validate', 'PRICE-1', '--item', 'prod:2'], { tty: true });
    expect(run.code, run.stderr).toBe(0);
    // On a terminal stderr wraps at its width: the words are what is checked.
    expect(run.stderr.replace(/\s+/g, ' ')).toBe(
      'warning: item prod has no price, and the service knows none for it: it counts as 0.00. Give its unit price: --item prod:QTY:PRICE ',
    );
    const priced = await fx.run(['voucher', 'validate', 'PRICE-1', '--item', 'prod:2:10'], { tty: true });
    expect(priced.stderr).toBe('');
    expect(priced.stdout).toContain('PRICE-1  applies: 2.00 off');
  });
});
