// promo voucher create against the sandbox: every variant of the body, checked field by field in
// the request the sandbox received and in the voucher it answered with.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPromo } from '../helpers/promo.js';
import { APP_TOKEN, useSandbox } from '../helpers/sandbox.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read deep into the service's JSON
type Json = Record<string, any>;

const fx = useSandbox();

const promo = (argv: string[], stdin?: string) => runPromo(argv, { configDir: fx.configDir, stdin });

/** Creates, expects success, and returns the body sent and the voucher answered. */
async function create(argv: string[], stdin?: string): Promise<{ sent: Json; voucher: Json }> {
  const { code, stdout, stderr } = await promo(['voucher', 'create', ...argv], stdin);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  const posts = fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath === '/v1/vouchers');
  expect(posts).toHaveLength(1);
  expect(posts[0]!.headers['content-type']).toBe('application/json');
  return { sent: JSON.parse(posts[0]!.body), voucher: JSON.parse(stdout) };
}

let serial = 0;
const unique = (stem: string) => `${stem}-${Date.now().toString(36)}-${++serial}`;

describe('discount vouchers', () => {
  it('sends a percent discount with its cap in hundredths and the effect in the API spelling', async () => {
    const { sent, voucher } = await create([
      '--type',
      'discount',
      '--percent-off',
      '15',
      '--amount-limit',
      '20',
      '--effect',
      'apply-to-items',
    ]);
    expect(sent).toEqual({
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 15, amount_limit: 2000, effect: 'APPLY_TO_ITEMS' },
    });
    expect(voucher.type).toBe('DISCOUNT_VOUCHER');
    expect(voucher.discount).toEqual(sent.discount);
    expect(voucher.code).toMatch(/^[0-9A-Za-z]{8}$/);
  });

  it('turns --amount-off 10.50 into 1050 and infers the discount voucher type from it', async () => {
    const { sent, voucher } = await create([
      '--amount-off',
      '10.50',
      '--effect',
      'APPLY_TO_ITEMS_PROPORTIONALLY',
    ]);
    expect(sent).toEqual({
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 1050, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' },
    });
    expect(voucher.discount).toMatchObject({ type: 'AMOUNT', amount_off: 1050 });
  });

  it('sends a single-product unit discount with unit_off, unit_type and effect', async () => {
    const { sent, voucher } = await create([
      '--unit-off',
      '2',
      '--unit-type',
      'prod_0a9f9ab4ab019a42d5',
      '--effect',
      'add_missing_items',
    ]);
    expect(sent.discount).toEqual({
      type: 'UNIT',
      unit_off: 2,
      unit_type: 'prod_0a9f9ab4ab019a42d5',
      effect: 'ADD_MISSING_ITEMS',
    });
    expect(voucher.discount).toEqual(sent.discount);
  });

  it('sends several units from repeated --unit with ADD_MANY_ITEMS as the discount effect', async () => {
    const { sent, voucher } = await create(['--unit', 'prod_a:1', '--unit', 'prod_b:2:missing']);
    expect(sent.discount).toEqual({
      type: 'UNIT',
      effect: 'ADD_MANY_ITEMS',
      units: [
        { unit_off: 1, unit_type: 'prod_a', effect: 'ADD_NEW_ITEMS' },
        { unit_off: 2, unit_type: 'prod_b', effect: 'ADD_MISSING_ITEMS' },
      ],
    });
    expect(voucher.discount.units).toHaveLength(2);
  });

  it('sends a fixed-price discount in hundredths', async () => {
    const { sent, voucher } = await create([
      '--discount-type',
      'fixed',
      '--fixed-amount',
      '5',
      '--effect',
      'apply-to-order',
    ]);
    expect(sent.discount).toEqual({ type: 'FIXED', fixed_amount: 500, effect: 'APPLY_TO_ORDER' });
    expect(voucher.discount.fixed_amount).toBe(500);
  });
});

describe('gift cards and loyalty cards', () => {
  it('sends a gift card with its amount as the starting balance, and a given code', async () => {
    const code = unique('GIFT');
    const { sent, voucher } = await create([
      '--type',
      'gift',
      '--gift-amount',
      '25',
      '--gift-effect',
      'apply-to-items',
      '--code',
      code,
    ]);
    expect(sent).toEqual({
      type: 'GIFT_VOUCHER',
      code,
      gift: { amount: 2500, balance: 2500, effect: 'APPLY_TO_ITEMS' },
    });
    expect(voucher.code).toBe(code);
    expect(voucher.gift).toEqual({
      amount: 2500,
      balance: 2500,
      effect: 'APPLY_TO_ITEMS',
      subtracted_amount: 0,
    });
    expect(voucher.redemption.redeemed_amount).toBe(0);
  });

  it('sends a gift card with its own balance and a code config with a named charset', async () => {
    const { sent, voucher } = await create([
      '--type',
      'GIFT_VOUCHER',
      '--gift-amount',
      '100',
      '--gift-balance',
      '40.5',
      '--length',
      '12',
      '--charset',
      'numbers',
      '--prefix',
      'G-',
      '--postfix',
      '-X',
    ]);
    expect(sent.gift).toEqual({ amount: 10000, balance: 4050 });
    expect(sent.code_config).toEqual({ length: 12, charset: '0123456789', prefix: 'G-', postfix: '-X' });
    expect(voucher.code).toMatch(/^G-\d{12}-X$/);
    expect(voucher.gift.balance).toBe(4050);
  });

  it('generates the code from a # pattern', async () => {
    const { sent, voucher } = await create([
      '--percent-off',
      '5',
      '--pattern',
      'SALE-####',
      '--charset',
      'uppercase',
    ]);
    expect(sent.code_config).toEqual({ pattern: 'SALE-####', charset: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' });
    expect(voucher.code).toMatch(/^SALE-[A-Z]{4}$/);
  });

  it("adds a loyalty card to its program through the campaign route: the points are the program's", async () => {
    const { code, stdout, stderr } = await promo(['voucher', 'create', '--campaign', 'Loyalty Club']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const posts = fx.sandbox.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.rawPath, JSON.parse(r.body)])).toEqual([
      ['/v1/campaigns/Loyalty%20Club/vouchers', {}],
    ]);
    const voucher = JSON.parse(stdout);
    expect(voucher).toMatchObject({
      type: 'LOYALTY_CARD',
      campaign: 'Loyalty Club',
      campaign_id: 'camp_9NCrXEfRYWEo7iemANa5N9ZH',
    });
    expect(fx.sandbox.state.vouchers[voucher.code]?.campaign_id).toBe('camp_9NCrXEfRYWEo7iemANa5N9ZH');
  });

  it('adds a voucher with its own code and fields to a campaign named by id', async () => {
    const code = unique('CAMP');
    const { code: exit, stdout } = await promo([
      'voucher',
      'create',
      '--campaign-id',
      'camp_Qvxqkkgs0YKdUbKA8tLICtdS',
      '--code',
      code,
      '--metadata',
      'batch=9',
      '--redemption-quantity',
      '2',
    ]);
    expect(exit).toBe(0);
    const posts = fx.sandbox.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.rawPath, JSON.parse(r.body)])).toEqual([
      [
        `/v1/campaigns/camp_Qvxqkkgs0YKdUbKA8tLICtdS/vouchers/${code}`,
        { metadata: { batch: '9' }, redemption: { quantity: 2 } },
      ],
    ]);
    expect(JSON.parse(stdout)).toMatchObject({ code, campaign: 'Summer Sale', type: 'DISCOUNT_VOUCHER' });
  });
});

describe('base fields', () => {
  it('sends every base field the seed lists, typed as the API wants them', async () => {
    const code = unique('BASE');
    const made = await promo(['rule', 'create', '--min-amount', '1', '-o', 'json']);
    const rule = JSON.parse(made.stdout).id;
    const { sent, voucher } = await create([
      '--percent-off',
      '10',
      '--code',
      code,
      '--category',
      'Seasonal',
      '--start-date',
      '2026-01-01',
      '--expiration-date',
      '2026-12-31',
      '--validity-duration',
      'PT1H',
      '--validity-interval',
      'P2D',
      '--validity-day',
      'mon-wed',
      '--validity-day',
      '5',
      '--validity-hours',
      'mon-fri@09:00-12:00',
      '--validity-hours',
      'sat,sun@22:00-02:00',
      '--inactive',
      '--additional-info',
      'Staff only',
      '--redemption-quantity',
      '3',
      '--metadata',
      'channel=email',
      '--metadata',
      'batch:=7',
      '--metadata',
      'vip:=true',
      '--validation-rule',
      rule,
    ]);
    expect(sent).toEqual({
      type: 'DISCOUNT_VOUCHER',
      code,
      category: 'Seasonal',
      discount: { type: 'PERCENT', percent_off: 10 },
      start_date: '2026-01-01T00:00:00Z',
      expiration_date: '2026-12-31T23:59:59Z',
      validity_timeframe: { duration: 'PT1H', interval: 'P2D' },
      validity_day_of_week: [1, 2, 3, 5],
      validity_hours: {
        daily: [
          { start_time: '09:00', expiration_time: '12:00', days_of_week: [1, 2, 3, 4, 5] },
          { start_time: '22:00', expiration_time: '02:00', days_of_week: [0, 6] },
        ],
      },
      active: false,
      additional_info: 'Staff only',
      redemption: { quantity: 3 },
      metadata: { channel: 'email', batch: 7, vip: true },
      validation_rules: [rule],
    });
    expect(voucher).toMatchObject({
      code,
      category: 'Seasonal',
      start_date: '2026-01-01T00:00:00.000Z',
      expiration_date: '2026-12-31T23:59:59.000Z',
      validity_timeframe: { duration: 'PT1H', interval: 'P2D' },
      validity_day_of_week: [1, 2, 3, 5],
      active: false,
      additional_info: 'Staff only',
      metadata: { channel: 'email', batch: 7, vip: true },
    });
    expect(voucher.validity_hours.daily).toHaveLength(2);
    expect(voucher.redemption.quantity).toBe(3);
    expect(voucher.validation_rules_assignments.data[0].rule_id).toBe(rule);
    expect(voucher.categories[0].name).toBe('Seasonal');
  });

  it('sends an unlimited redemption quantity as null and --active as true', async () => {
    const { sent, voucher } = await create([
      '--percent-off',
      '1',
      '--redemption-quantity',
      'unlimited',
      '--active',
    ]);
    expect(sent).toMatchObject({ redemption: { quantity: null }, active: true });
    expect(voucher.redemption.quantity).toBeNull();
    expect(voucher.active).toBe(true);
  });

  it('prints the service object unchanged in JSON', async () => {
    const code = unique('JSON');
    const { voucher } = await create(['--amount-off', '1', '--code', code]);
    expect(voucher).toEqual(fx.sandbox.state.vouchers[code]);
  });

  it('shows a table with money in currency units on a terminal', async () => {
    const code = unique('TTY');
    const {
      code: exit,
      stdout,
      stderr,
    } = await runPromo(
      ['voucher', 'create', '--amount-off', '10.50', '--code', code, '--expiration-date', '2099-01-31'],
      { configDir: fx.configDir, tty: true },
    );
    expect(exit).toBe(0);
    expect(stdout).toMatch(new RegExp(`Code\\s+${code}`));
    expect(stdout).toMatch(/Value\s+10\.50 off/);
    expect(stdout).toMatch(/Status\s+active/);
    expect(stdout).toMatch(/Expires\s+2099-01-31 23:59 UTC/);
    expect(stdout).not.toContain('{');
    expect(stderr).toContain(`Created voucher ${code}`);
  });
});

describe('--body', () => {
  it('takes a whole body from a file and lets flags override its fields', async () => {
    const file = join(fx.configDir, 'body.json');
    writeFileSync(
      file,
      JSON.stringify({
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' },
        metadata: { a: 1 },
        category: 'New Customers',
      }),
    );
    const { sent } = await create(['--body', file, '--percent-off', '30', '--metadata', 'b:=2']);
    expect(sent).toEqual({
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 30, effect: 'APPLY_TO_ORDER' },
      metadata: { a: 1, b: 2 },
      category: 'New Customers',
    });
  });

  it('reads the body from stdin, and a new type from the flags drops the old type part', async () => {
    const body = { type: 'GIFT_VOUCHER', gift: { amount: 500, balance: 500 }, code_config: { length: 6 } };
    const { sent } = await create(
      ['--body', '-', '--type', 'discount', '--amount-off', '3'],
      JSON.stringify(body),
    );
    expect(sent).toEqual({
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 300 },
      code_config: { length: 6 },
    });
  });
});

describe('what the service refuses', () => {
  it('surfaces a duplicate code as the service error with its key, exit 1', async () => {
    const code = unique('DUP');
    await create(['--percent-off', '5', '--code', code]);
    const second = await promo(['voucher', 'create', '--percent-off', '5', '--code', code]);
    expect(second.code).toBe(1);
    expect(second.stdout).toBe('');
    expect(JSON.parse(second.stderr).error).toMatchObject({
      status: 409,
      key: 'duplicate_found',
      exit_code: 1,
    });
  });

  it('surfaces invalid_campaign for a STANDALONE campaign, exit 1', async () => {
    const { code, stderr } = await promo(['voucher', 'create', '--campaign', 'Standalone Vouchers']);
    expect(code).toBe(1);
    expect(JSON.parse(stderr).error).toMatchObject({
      status: 400,
      key: 'invalid_campaign',
      message: 'Invalid Campaign',
    });
  });
});

describe('--dry-run', () => {
  it('prints the request with the app token redacted and sends nothing', async () => {
    const { code, stdout } = await promo([
      'voucher',
      'create',
      '--amount-off',
      '2.5',
      '--code',
      'DRY-1',
      '--dry-run',
    ]);
    expect(code).toBe(0);
    expect(fx.sandbox.requests).toHaveLength(0);
    const printed = JSON.parse(stdout);
    expect(printed.dry_run).toBe(true);
    expect(printed.request).toMatchObject({
      method: 'POST',
      url: `${fx.sandbox.url}/v1/vouchers`,
      body: { type: 'DISCOUNT_VOUCHER', code: 'DRY-1', discount: { type: 'AMOUNT', amount_off: 250 } },
    });
    expect(stdout).not.toContain(APP_TOKEN);
  });
});
