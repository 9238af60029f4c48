// One rule for money in CSV: currency units, as in tables and in the service's own exports (JSON
// keeps the service's hundredths). A test per command that prints money as CSV, against the sandbox
// in-process; and voucher balance/transactions show what a person asks of a card.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { testContext } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

/** The CSV's rows as objects keyed by the header. */
async function csv(argv: string[]): Promise<Record<string, string>[]> {
  const run = await fx.run([...argv, '-o', 'csv']);
  expect(run.code, `${argv.join(' ')}: ${run.stderr}`).toBe(0);
  const [header, ...rows] = run.stdout.trimEnd().split('\n');
  const names = header!.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((cell, k) => [names[k]!, cell])));
}

const ok = async (argv: string[]) => {
  const run = await fx.run(argv);
  expect(run.code, `${argv.join(' ')}: ${run.stderr}`).toBe(0);
  return run;
};

describe('money in -o csv is in currency units', () => {
  it('voucher get, list, create and update: gift.amount, gift.balance, amount_off, amount_limit', async () => {
    await ok(['voucher', 'create', '--type', 'gift', '--gift-amount', '36', '--code', 'CM-GIFT']);
    const [gift] = await csv(['voucher', 'get', 'CM-GIFT']);
    expect(gift).toMatchObject({ code: 'CM-GIFT', 'gift.amount': '36', 'gift.balance': '36' });
    const [made] = await csv(['voucher', 'create', '--amount-off', '10.50', '--code', 'CM-OFF']);
    expect(made).toMatchObject({ 'discount.amount_off': '10.5' });
    const [pct] = await csv([
      'voucher',
      'create',
      '--percent-off',
      '10',
      '--amount-limit',
      '5',
      '--code',
      'CM-PCT',
    ]);
    expect(pct).toMatchObject({ 'discount.percent_off': '10', 'discount.amount_limit': '5' });
    const [updated] = await csv(['voucher', 'update', 'CM-OFF', '--amount-off', '11']);
    expect(updated).toMatchObject({ 'discount.amount_off': '11' });
    const listed = await csv(['voucher', 'list', '--filter', 'code^=CM-', '--all']);
    expect(
      Object.fromEntries(listed.map((r) => [r.code, [r['gift.amount'], r['discount.amount_off']]])),
    ).toEqual({
      'CM-GIFT': ['36', ''],
      'CM-OFF': ['', '11'],
      'CM-PCT': ['', ''],
    });
    const json = JSON.parse((await ok(['voucher', 'get', 'CM-GIFT', '-o', 'json'])).stdout);
    expect(json.gift).toMatchObject({ amount: 3600, balance: 3600 });
  });

  it('--fields with a money field is in units too', async () => {
    await ok(['voucher', 'create', '--type', 'gift', '--gift-amount', '12.34', '--code', 'CM-FIELDS']);
    const run = await ok(['voucher', 'get', 'CM-FIELDS', '-o', 'csv', '--fields', 'code,gift.balance']);
    expect(run.stdout).toBe('code,gift.balance\nCM-FIELDS,12.34\n');
  });

  it('campaign list and campaign vouchers: the voucher template and each voucher', async () => {
    await ok(['campaign', 'create', 'CM Camp', '--amount-off', '7', '--vouchers-count', '1', '--wait']);
    const campaigns = await csv(['campaign', 'list', '--all']);
    expect(campaigns.find((c) => c.name === 'CM Camp')).toMatchObject({ 'voucher.discount.amount_off': '7' });
    const [voucher] = await csv(['campaign', 'vouchers', 'CM Camp']);
    expect(voucher).toMatchObject({ 'discount.amount_off': '7' });
  });

  it('redemption list and get: the amount and the order amounts', async () => {
    await ok(['voucher', 'create', '--amount-off', '11', '--code', 'CM-RED']);
    await ok(['voucher', 'redeem', 'CM-RED', '--amount', '100', '-o', 'json']);
    const [row] = await csv(['redemption', 'list', '--voucher', 'CM-RED']);
    expect(row).toMatchObject({
      'voucher.code': 'CM-RED',
      'order.amount': '100',
      'order.total_amount': '89',
    });
    const [one] = await csv(['redemption', 'get', row!.id!, '--fields', 'id,order.amount']);
    expect(one).toEqual({ id: row!.id, 'order.amount': '100' });
  });

  it('voucher redeem, voucher validate and redemption rollback: a row each, money in units', async () => {
    await ok(['voucher', 'create', '--type', 'gift', '--gift-amount', '50', '--code', 'CM-GR']);
    const [redeemed] = await csv(['voucher', 'redeem', 'CM-GR', '--amount', '20']);
    expect(redeemed).toMatchObject({ 'voucher.code': 'CM-GR', amount: '20', 'order.amount': '20' });
    await ok(['voucher', 'create', '--amount-off', '10.50', '--code', 'CM-VAL']);
    const [validated] = await csv(['voucher', 'validate', 'CM-VAL', '--amount', '100']);
    expect(validated).toMatchObject({
      valid: 'true',
      'order.amount': '100',
      'order.total_discount_amount': '10.5',
      'order.total_amount': '89.5',
    });
    const [rolled] = await csv(['redemption', 'rollback', redeemed!.id!, '--yes']);
    expect(rolled).toMatchObject({ object: 'redemption_rollback', amount: '-20' });
  });

  it('voucher balance: a change and the balance shown, gift in units; transactions with amount and balance', async () => {
    await ok(['voucher', 'create', '--type', 'gift', '--gift-amount', '36', '--code', 'CM-BAL']);
    const [change] = await csv(['voucher', 'balance', 'CM-BAL', '--add', '10.50', '--reason', 'top-up']);
    expect(change).toMatchObject({ amount: '10.5', balance: '46.5', total: '46.5' });
    const [shown] = await csv(['voucher', 'balance', 'CM-BAL']);
    expect(shown).toMatchObject({ balance: '46.5' });
    const [tx] = await csv(['voucher', 'transactions', 'CM-BAL']);
    expect(tx).toMatchObject({
      type: 'CREDITS_ADDITION',
      'details.balance.amount': '10.5',
      'details.balance.balance': '46.5',
      reason: 'top-up',
    });
  });
});

describe('voucher balance and transactions for a person', () => {
  it('voucher balance CODE with no flag shows the balance: a gift card in currency units, nothing sent but a read', async () => {
    await ok(['voucher', 'create', '--type', 'gift', '--gift-amount', '25', '--code', 'CM-SHOW']);
    fx.sandbox.requests.length = 0;
    const run = await fx.run(['voucher', 'balance', 'CM-SHOW'], { tty: true });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Balance\s+25\.00/);
    expect(run.stdout).toContain('gift card (currency units)');
    expect(fx.sandbox.requests.map((r) => r.method)).toEqual(['GET']);
    const json = JSON.parse((await ok(['voucher', 'balance', 'CM-SHOW', '-o', 'json'])).stdout);
    expect(json).toMatchObject({ amount: 2500, balance: 2500 });
  });

  it('a loyalty card shows its points, and a discount code says it has no balance (exit 2)', async () => {
    await ok([
      'campaign',
      'create',
      'CM-LOYAL',
      '--type',
      'loyalty',
      '--points',
      '120',
      '--vouchers-count',
      '1',
      '--wait',
    ]);
    const [card] = JSON.parse((await ok(['campaign', 'vouchers', 'CM-LOYAL', '-o', 'json'])).stdout);
    const run = await fx.run(['voucher', 'balance', card.code], { tty: true });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Balance\s+120\n/);
    expect(run.stdout).toContain('loyalty card (points)');
    const [row] = await csv(['voucher', 'balance', card.code]);
    expect(row).toMatchObject({ points: '120', balance: '120' });
    await ok(['voucher', 'create', '--percent-off', '5', '--code', 'CM-DISC']);
    const discount = await fx.run(['voucher', 'balance', 'CM-DISC']);
    expect(discount.code).toBe(2);
    expect(discount.stderr).toContain('only gift cards and loyalty cards have a balance');
  });

  it('voucher transactions at 80 columns shows the reason', async () => {
    await ok(['voucher', 'create', '--type', 'gift', '--gift-amount', '5', '--code', 'CM-TX80']);
    await ok(['voucher', 'balance', 'CM-TX80', '--add', '1', '--reason', 'late delivery']);
    const { ctx, stdout, stderr } = testContext({ tty: true, configDir: fx.configDir });
    stdout.columns = 80;
    expect(await main(['voucher', 'transactions', 'CM-TX80'], ctx), stderr.text).toBe(0);
    const [header, row] = stdout.text.split('\n');
    expect(header).toContain('Reason');
    expect(row).toContain('late delivery');
    expect(Math.max(...stdout.text.split('\n').map((l) => l.length))).toBeLessThanOrEqual(80);
  });
});
