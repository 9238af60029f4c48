// promo qualify through the built bin/promo.js, against a sandbox of its own for each test: per kind
// of validation rule (order minimum, product in the cart, uses per customer, customer metadata), what
// the customer and cart can use, best discount first, with what each takes off; --explain's near
// misses in voucher validate's words; the requests the sandbox saw; bad input refused before any.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnPromo } from '../helpers/promo.js';
import { type Fixture, sandboxFixture } from '../helpers/sandbox.js';

let fx: Fixture;
beforeEach(async () => {
  fx = await sandboxFixture({ recordAnswers: true });
});
afterEach(async () => {
  await fx.close();
});

const promo = (...argv: string[]) => spawnPromo(argv, { env: fx.env });

/** Set-up, in-process: a code taking `off` off, with a rule of `flags` assigned when given. */
async function code(name: string, off: string, ...flags: string[]): Promise<void> {
  const steps = [['voucher', 'create', '--code', name, '--amount-off', off]];
  if (flags.length > 0)
    steps.push(
      ['rule', 'create', '--name', `rule ${name}`, ...flags],
      ['rule', 'assign', `rule ${name}`, '--voucher', name],
    );
  for (const argv of steps) {
    const done = await fx.run(argv);
    expect(done.code, done.stderr).toBe(0);
  }
  fx.sandbox.requests.length = 0;
}

/** What the sandbox was asked, in order: `POST /v1/qualifications`, ... */
const asked = () =>
  fx.sandbox.requests.map((r) => `${r.method} ${r.rawPath.replace(/\/v_[0-9a-f]+$/, '/v_…')}`);
const bodyOf = (index: number) => JSON.parse(fx.sandbox.requests[index]?.body ?? 'null');

describe('promo qualify, per kind of rule', () => {
  it('order minimum: listed once the order reaches it, best discount first; a near miss says the numbers', async () => {
    await code('PLAIN5', '5');
    await code('MIN50', '10', '--min-amount', '50');
    const under = await promo('qualify', '--amount', '45', '--explain', '-o', 'table');
    expect([under.code, under.stderr]).toEqual([0, '']);
    expect(under.stdout).toBe(
      [
        'Code    Kind     Gives     Off   Total after',
        'PLAIN5  voucher  5.00 off  5.00  40.00',
        '',
        'Near misses:',
        'MIN50  does not apply: order total 45.00 is under the minimum 50.00 (order_rules_violated)',
        '',
      ].join('\n'),
    );
    expect(bodyOf(0)).toEqual({
      scenario: 'ALL',
      order: { amount: 4500 },
      options: { limit: 10, sorting_rule: 'BEST_DEAL' },
    });
    const over = await promo('qualify', '--amount', '50', '-o', 'table');
    expect([over.code, over.stderr]).toEqual([0, '']);
    expect(over.stdout).toBe(
      [
        'Code    Kind     Gives      Off    Total after',
        'MIN50   voucher  10.00 off  10.00  40.00',
        'PLAIN5  voucher  5.00 off   5.00   45.00',
        '',
      ].join('\n'),
    );
    const one = await promo('qualify', '--amount', '50', '--limit', '1', '-o', 'table');
    expect([one.code, one.stderr]).toEqual([
      0,
      'More qualify than the 1 asked for (--limit takes up to 50).\n',
    ]);
    expect(one.stdout).toBe(
      'Code   Kind     Gives      Off    Total after\nMIN50  voucher  10.00 off  10.00  40.00\n',
    );
    const csv = await promo('qualify', '--amount', '50', '-o', 'csv');
    expect(csv.stdout).toBe(
      [
        'id,object,order.amount,order.total_applied_discount_amount,order.total_amount,campaign_name',
        'MIN50,voucher,50,10,40,',
        'PLAIN5,voucher,50,5,45,',
        '',
      ].join('\n'),
    );
  });

  it('product in the cart: an item priced by the catalogue qualifies the code for that product', async () => {
    const made = await fx.run([
      'product',
      'create',
      '--name',
      'Shoe',
      '--source-id',
      'shoe',
      '--price',
      '60',
      '-o',
      'json',
    ]);
    expect(made.code, made.stderr).toBe(0);
    expect(JSON.parse(made.stdout)).toMatchObject({ source_id: 'shoe', price: 6000 });
    await code('SHOE10', '10', '--product', 'shoe');
    const sock = await promo('qualify', '--item', 'sock:1:10', '--explain', '-o', 'table');
    expect(sock.code).toBe(0);
    expect(sock.stderr).toBe('Nothing applies to this customer and order.\n');
    expect(sock.stdout).toBe(
      `Near misses:\nSHOE10  does not apply: needs one of: shoe (order_rules_violated)\n`,
    );
    const cart = await promo('qualify', '--item', 'shoe:1', '-o', 'json');
    expect([cart.code, cart.stderr]).toEqual([0, '']);
    const [only] = JSON.parse(cart.stdout);
    expect(only).toMatchObject({
      id: 'SHOE10',
      object: 'voucher',
      result: { discount: { type: 'AMOUNT', amount_off: 1000 } },
      order: { amount: 6000, total_applied_discount_amount: 1000, total_amount: 5000 },
    });
    expect(asked()).toEqual([
      'POST /v1/qualifications',
      'GET /v1/validation-rules-assignments',
      'GET /v1/vouchers/v_…',
      'POST /v1/validations',
      // The words of the near miss: the voucher and its rules (it lists its own assignments), read as
      // voucher validate reads them.
      'GET /v1/vouchers/SHOE10',
      expect.stringMatching(/^GET \/v1\/validation-rules\/val_/),
      'POST /v1/qualifications',
      // The listed code checked for uses per customer.
      'POST /v1/validations',
    ]);
  });

  it('uses per customer: a code this customer used up is left out, and --explain says so', async () => {
    await code('ONCE', '3', '--per-customer', '1');
    expect((await fx.run(['voucher', 'redeem', 'ONCE', '--amount', '10', '--customer', 'ann'])).code).toBe(0);
    fx.sandbox.requests.length = 0;
    const ann = await promo('qualify', '--customer', 'ann', '--amount', '10', '-o', 'table');
    expect(ann.code).toBe(0);
    expect(ann.stdout).toBe('');
    expect(ann.stderr).toBe(
      [
        'Nothing applies to this customer and order.',
        '1 more the service lists was left out: this customer has used it up (--explain says which).',
        '',
      ].join('\n'),
    );
    expect(asked()).toEqual(['POST /v1/qualifications', 'POST /v1/validations']);
    expect(bodyOf(1)).toMatchObject({
      redeemables: [{ object: 'voucher', id: 'ONCE' }],
      customer: { source_id: 'ann' },
    });
    const explained = await promo(
      'qualify',
      '--customer',
      'ann',
      '--amount',
      '10',
      '--explain',
      '-o',
      'table',
    );
    expect(explained.stdout).toBe(
      'Near misses:\nONCE  does not apply: already used once by this customer (redemption_rules_violated)\n',
    );
    const bob = await promo('qualify', '--customer', 'bob', '--amount', '10', '-o', 'table');
    expect([bob.code, bob.stderr]).toEqual([0, '']);
    expect(bob.stdout).toBe(
      'Code  Kind     Gives     Off   Total after\nONCE  voucher  3.00 off  3.00  7.00\n',
    );
  });

  it('customer metadata: only the customer who holds the value sees the code', async () => {
    for (const [id, tier] of [
      ['gold-1', 'gold'],
      ['silver-1', 'silver'],
    ] as const) {
      expect((await fx.run(['customer', 'create', '--source-id', id, '-m', `tier=${tier}`])).code).toBe(0);
    }
    await code('VIP', '7', '--customer-metadata', 'tier=gold');
    const gold = await promo('qualify', '--customer', 'gold-1', '--amount', '20', '-o', 'json');
    expect([gold.code, gold.stderr]).toEqual([0, '']);
    expect(JSON.parse(gold.stdout).map((q: { id: string }) => q.id)).toEqual(['VIP']);
    const silver = await promo(
      'qualify',
      '--customer',
      'silver-1',
      '--amount',
      '20',
      '--explain',
      '-o',
      'json',
    );
    expect(silver.code).toBe(0);
    expect(silver.stderr).toBe('{"notice":"Nothing applies to this customer and order."}\n');
    const answer = JSON.parse(silver.stdout);
    expect(answer.qualified).toEqual([]);
    expect(answer.near_misses).toMatchObject([
      { id: 'VIP', status: 'INAPPLICABLE', result: { error: { key: 'customer_rules_violated' } } },
    ]);
  });

  it('a rule assigned to a whole campaign: the campaign is listed once met, and --explain names it when missed', async () => {
    await code('PLAIN2', '2');
    for (const argv of [
      ['campaign', 'create', 'Big Orders', '--amount-off', '8', '--vouchers-count', '2', '--wait'],
      ['rule', 'create', '--name', 'from 50', '--min-amount', '50'],
      ['rule', 'assign', 'from 50', '--campaign', 'Big Orders'],
    ]) {
      const done = await fx.run(argv);
      expect(done.code, done.stderr).toBe(0);
    }
    fx.sandbox.requests.length = 0;
    const under = await promo('qualify', '--amount', '45', '--explain', '-o', 'table');
    expect([under.code, under.stderr]).toEqual([0, '']);
    expect(under.stdout).toBe(
      [
        'Code    Kind     Gives     Off   Total after',
        'PLAIN2  voucher  2.00 off  2.00  43.00',
        '',
        'Near misses:',
        'Big Orders  does not apply: order total 45.00 is under the minimum 50.00 (order_rules_violated)',
        '',
      ].join('\n'),
    );
    // One code of the campaign stands for it in the validation that says why.
    expect(asked()).toContain('GET /v1/vouchers');
    const sent = fx.sandbox.requests.find((r) => r.rawPath === '/v1/validations');
    expect(JSON.parse(sent?.body ?? '{}').redeemables).toHaveLength(1);
    const over = await promo('qualify', '--amount', '60', '--explain', '-o', 'table');
    expect([over.code, over.stderr]).toEqual([
      0,
      'No near misses: no other code or campaign with validation rules misses.\n',
    ]);
    expect(over.stdout).toBe(
      [
        'Code        Kind      Gives     Off   Total after',
        'Big Orders  campaign  8.00 off  8.00  52.00',
        'PLAIN2      voucher   2.00 off  2.00  58.00',
        '',
      ].join('\n'),
    );
  });

  it('refuses bad input naming the flag, and sends nothing', async () => {
    for (const [flag, value, words] of [
      ['--amount', '-3', '--amount must not be negative'],
      ['--item', 'shoe', '--item must be ID:QTY or ID:QTY:PRICE'],
      ['--limit', '0', '--limit must be a whole number from 1 to 50'],
      ['--limit', '51', '--limit must be a whole number from 1 to 50'],
    ] as const) {
      const done = await promo('qualify', flag, value);
      expect(done.code).toBe(2);
      expect(JSON.parse(done.stderr).error.message).toContain(words);
    }
    expect(fx.sandbox.requests).toEqual([]);
  });
});
