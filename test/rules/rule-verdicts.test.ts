// Each kind of validation rule through promo, against the sandbox: voucher validate and voucher redeem
// refuse a code that breaks its rules with exit 9, saying why in words with the numbers and the
// service's key, and let it through when the order, the cart or the customer meets them.
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
let serial = 0;

/** A new code with a rule of `flags` (or `body`, the whole rules object) assigned; returns the code. */
async function ruled(flags: string[], body?: unknown): Promise<string> {
  const code = `RV-${++serial}`;
  expect((await fx.run(['voucher', 'create', '--code', code, '--amount-off', '5'])).code).toBe(0);
  const made = await fx.run(
    ['rule', 'create', '--name', `rule ${code}`, ...flags, ...(body ? ['--body', '-'] : []), '-o', 'json'],
    body ? { stdin: JSON.stringify(body) } : {},
  );
  expect(made.code, made.stderr).toBe(0);
  const assigned = await fx.run(['rule', 'assign', `rule ${code}`, '--voucher', code]);
  expect(assigned.code, assigned.stderr).toBe(0);
  return code;
}

const validate = (code: string, ...order: string[]) =>
  fx.run(['voucher', 'validate', code, ...order, '-o', 'table']);
const redeem = (code: string, ...order: string[]) =>
  fx.run(['voucher', 'redeem', code, ...order, '-o', 'table']);

/** Refused with exit 9 by both validate and redeem, with `words (key)`; nothing redeemed. */
async function refusedBoth(code: string, order: string[], words: string) {
  for (const run of [validate, redeem]) {
    const done = await run(code, ...order);
    expect(done.code, done.stderr).toBe(9);
    expect(done.stdout).toContain(`${code}  does not apply: ${words}`);
  }
}

describe('validation rules through voucher validate and redeem', () => {
  it('order total minimum and maximum: the total and the bound in currency units', async () => {
    const min = await ruled(['--min-amount', '50']);
    await refusedBoth(
      min,
      ['--amount', '45'],
      'order total 45.00 is under the minimum 50.00 (order_rules_violated)',
    );
    expect((await validate(min, '--amount', '50')).code).toBe(0);
    const max = await ruled(['--max-amount', '100']);
    await refusedBoth(
      max,
      ['--amount', '120.50'],
      'order total 120.50 is over the maximum 100.00 (order_rules_violated)',
    );
    expect((await redeem(max, '--amount', '99')).code).toBe(0);
  });

  it('products and SKUs in the cart, and how many units', async () => {
    const shoe = await ruled(['--product', 'Shoe', '--sku', 'sku_red']);
    await refusedBoth(shoe, ['--item', 'Sock:1:10'], 'needs one of: Shoe, sku_red (order_rules_violated)');
    expect((await validate(shoe, '--item', 'Shoe:1:60')).code).toBe(0);
    expect((await validate(shoe, '--item', 'sku_red:1:60')).code).toBe(0);
    const two = await ruled(['--product', 'prod_boot', '--min-quantity', '2']);
    await refusedBoth(
      two,
      ['--item', 'prod_boot:1:60'],
      'needs 2 or more of: prod_boot (order_rules_violated)',
    );
    expect((await redeem(two, '--item', 'prod_boot:2:60')).code).toBe(0);
  });

  it('uses per customer: once per customer, counted from redemptions that stand', async () => {
    const once = await ruled(['--per-customer', '1']);
    expect((await redeem(once, '--amount', '10', '--customer', 'rv-ann')).code).toBe(0);
    await refusedBoth(
      once,
      ['--amount', '10', '--customer', 'rv-ann'],
      'already used once by this customer (redemption_rules_violated)',
    );
    expect((await validate(once, '--amount', '10', '--customer', 'rv-bob')).code).toBe(0);
    const anonymous = await validate(once, '--amount', '10');
    expect(anonymous.stdout).toContain(
      'needs a customer: it counts uses per customer (redemption_rules_violated)',
    );
  });

  it('customer metadata: the customer must hold the value', async () => {
    expect((await fx.run(['customer', 'create', '--source-id', 'rv-gold', '-m', 'tier=gold'])).code).toBe(0);
    expect((await fx.run(['customer', 'create', '--source-id', 'rv-silver', '-m', 'tier=silver'])).code).toBe(
      0,
    );
    const vip = await ruled(['--customer-metadata', 'tier=gold']);
    await refusedBoth(
      vip,
      ['--amount', '10', '--customer', 'rv-silver'],
      'for customers with tier = gold only (customer_rules_violated)',
    );
    expect((await redeem(vip, '--amount', '10', '--customer', 'rv-gold')).code).toBe(0);
  });

  it('logic with or and parentheses, and a rule’s own error message', async () => {
    const either = await ruled([], {
      1: { name: 'order.amount', conditions: { $more_than_equal: [10000] } },
      2: { name: 'order.items.any', conditions: { $is: [{ object: 'product', source_id: 'Shoe' }] } },
      3: {
        name: 'order.amount',
        conditions: { $more_than: [1000] },
        error: { message: 'Spend more than 10 first' },
      },
      logic: '(1 or 2) and 3',
    });
    await refusedBoth(
      either,
      ['--amount', '50'],
      'order total 50.00 is under the minimum 100.00 (order_rules_violated)',
    );
    expect((await validate(either, '--item', 'Shoe:1:50')).code).toBe(0);
    const small = await validate(either, '--item', 'Shoe:1:5');
    expect(small.stdout).toContain(
      'order total 5.00 is under the minimum 10.00: "Spend more than 10 first" (order_rules_violated)',
    );
    const raw = await fx.run(['voucher', 'validate', either, '--item', 'Shoe:1:5', '-o', 'json']);
    expect(JSON.parse(raw.stdout).redeemables[0].result.error).toMatchObject({
      key: 'order_rules_violated',
      message: 'Spend more than 10 first',
    });
  });

  it('a rule on the campaign applies to every code of it', async () => {
    expect(
      (
        await fx.run([
          'campaign',
          'create',
          'RV-Camp',
          '--amount-off',
          '5',
          '--vouchers-count',
          '1',
          '--wait',
        ])
      ).code,
    ).toBe(0);
    const codes = JSON.parse((await fx.run(['campaign', 'vouchers', 'RV-Camp', '-o', 'json'])).stdout);
    const code = (Array.isArray(codes) ? codes : codes.vouchers)[0].code;
    expect((await fx.run(['rule', 'create', '--name', 'RV camp', '--min-amount', '30'])).code).toBe(0);
    expect((await fx.run(['rule', 'assign', 'RV camp', '--campaign', 'RV-Camp'])).code).toBe(0);
    await refusedBoth(
      code,
      ['--amount', '20'],
      'order total 20.00 is under the minimum 30.00 (order_rules_violated)',
    );
  });
});
