// Bad input to promo voucher create: refused with exit 2, a message that names the option and the
// rule, and nothing received by the sandbox.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

const GIFT = ['--type', 'gift', '--gift-amount', '5', '--code', 'G-1'];

/** [what is wrong, arguments, what the message must say] */
const cases: Array<[string, string[], RegExp]> = [
  ['no type at all', [], /--type .*is required/],
  ['an unknown type', ['--type', 'coupon'], /--type must be discount, gift or loyalty, not 'coupon'/],
  [
    'an unknown discount type',
    ['--discount-type', 'bogo'],
    /--discount-type must be amount, percent, unit or fixed/,
  ],
  [
    'an effect of another variant',
    ['--percent-off', '5', '--effect', 'add-many-items'],
    /--effect \(discount\.effect\) must be one of APPLY_TO_ORDER, APPLY_TO_ITEMS/,
  ],
  [
    'an unknown gift effect',
    [...GIFT, '--gift-effect', 'apply-to-all'],
    /--gift-effect \(gift\.effect\) must be one of/,
  ],
  [
    'two discount variants at once',
    ['--percent-off', '5', '--amount-off', '3'],
    /--amount-off is for an amount discount; it cannot go with --percent-off/,
  ],
  [
    'a discount type that contradicts the value',
    ['--discount-type', 'fixed', '--percent-off', '5'],
    /--percent-off is for a percent discount/,
  ],
  [
    'a discount voucher without a discount',
    ['--type', 'discount'],
    /discount.* is required for DISCOUNT_VOUCHER/,
  ],
  [
    'a percent discount without percent_off',
    ['--discount-type', 'percent', '--type', 'discount'],
    /--percent-off \(discount\.percent_off\) is required/,
  ],
  [
    'a unit discount without its product',
    ['--unit-off', '1'],
    /--unit-type \(discount\.unit_type\) is required/,
  ],
  [
    'a gift without an amount',
    ['--type', 'gift', '--code', 'G'],
    /--gift-amount \(gift\) is required for GIFT_VOUCHER/,
  ],
  [
    'a gift without code or code config',
    ['--type', 'gift', '--gift-amount', '5'],
    /--code \(code\) or a code config .* is required for a gift card/,
  ],
  [
    'a loyalty card without campaign',
    ['--type', 'loyalty', '--points', '5'],
    /--campaign \(campaign\) is required for a loyalty card/,
  ],
  ['a loyalty card without points', ['--type', 'loyalty'], /--points \(loyalty_card\) is required/],
  [
    'points for a voucher added to a campaign',
    ['--points', '5', '--campaign', 'Loyalty Club'],
    /^--points \(loyalty_card\) is set by the campaign 'Loyalty Club': a voucher added to it takes the campaign's type and value/,
  ],
  [
    'a validity rule for a voucher added to a campaign',
    ['--campaign', 'Summer Sale', '--validity-day', 'mon'],
    /^--validity-day \(validity_day_of_week\) is not a field of a voucher added to a campaign/,
  ],
  [
    'a campaign named twice',
    ['--campaign', 'Summer Sale', '--campaign-id', 'camp_1'],
    /--campaign-id \(campaign_id\) and --campaign \(campaign\) both name the campaign/,
  ],
  [
    'a part of another type',
    [...GIFT, '--percent-off', '3'],
    /discount.* is for --type discount, and the type is GIFT_VOUCHER/,
  ],
  [
    'a timeframe without start date',
    ['--percent-off', '5', '--validity-duration', 'PT1H', '--validity-interval', 'P2D'],
    /validity_timeframe\) needs --start-date/,
  ],
  [
    'a timeframe without interval',
    ['--percent-off', '5', '--start-date', '2026-01-01', '--validity-duration', 'PT1H'],
    /--validity-interval \(validity_timeframe\.interval\) is required/,
  ],
  [
    'a duration that is not ISO 8601',
    ['--percent-off', '5', '--validity-duration', '1h'],
    /--validity-duration must be an ISO 8601 duration/,
  ],
  [
    'a day of the week outside 0..6',
    ['--percent-off', '5', '--validity-day', '7'],
    /--validity-day: '7' is not a day of the week \(0 = Sunday/,
  ],
  [
    'a day name that does not exist',
    ['--percent-off', '5', '--validity-day', 'mon,funday'],
    /--validity-day: 'funday' is not a day of the week/,
  ],
  [
    'a time that is not HH:mm',
    ['--percent-off', '5', '--validity-hours', 'mon@9:00-17:00'],
    /--validity-hours: '9:00' is not a time in HH:mm/,
  ],
  [
    'an hour past 23',
    ['--percent-off', '5', '--validity-hours', 'mon@22:00-24:00'],
    /'24:00' is not a time in HH:mm/,
  ],
  [
    'validity hours without days',
    ['--percent-off', '5', '--validity-hours', '09:00-17:00'],
    /--validity-hours takes DAYS@HH:mm-HH:mm/,
  ],
  [
    'overlapping validity hours',
    ['--percent-off', '5', '--validity-hours', 'mon-fri@09:00-17:00', '--validity-hours', 'fri@16:00-18:00'],
    /--validity-hours \(validity_hours\.daily\[1\]\) overlaps .*must not overlap/,
  ],
  [
    'periods overlapping past midnight',
    ['--percent-off', '5', '--validity-hours', 'sat@22:00-02:00', '--validity-hours', 'sun@01:00-03:00'],
    /must not overlap/,
  ],
  [
    'a start date that is not a date',
    ['--percent-off', '5', '--start-date', 'tomorrow'],
    /--start-date must be an ISO 8601 date/,
  ],
  [
    'a day that is not in the calendar',
    ['--percent-off', '5', '--expiration-date', '2026-02-30'],
    /--expiration-date must be an ISO 8601 date/,
  ],
  [
    'an expiration before the start',
    ['--percent-off', '5', '--start-date', '2026-06-01', '--expiration-date', '2026-05-01'],
    /--expiration-date \(expiration_date\) must not be before --start-date/,
  ],
  ['a negative amount', ['--amount-off=-5'], /--amount-off must not be negative/],
  ['more than 2 decimals', ['--amount-off', '1.234'], /--amount-off takes at most 2 decimals .*1050/],
  [
    'a gift amount that is not a number',
    ['--gift-amount', 'ten', '--type', 'gift', '--code', 'G'],
    /--gift-amount must be an amount such as 25 or 10\.50/,
  ],
  ['fractional points', ['--points', '1.5'], /--points must be a whole number/],
  ['fractional units', ['--unit-off', '0.5', '--unit-type', 'p'], /--unit-off must be a whole number/],
  ['a percentage over 100', ['--percent-off', '120'], /--percent-off must be a percentage from 0 to 100/],
  [
    'a redemption quantity of 0',
    ['--percent-off', '5', '--redemption-quantity', '0'],
    /--redemption-quantity must be a whole number, 1 or more/,
  ],
  [
    'a code with a code config',
    ['--percent-off', '5', '--code', 'X', '--length', '5'],
    /--code and --length exclude each other/,
  ],
  [
    'a pattern without #',
    ['--percent-off', '5', '--pattern', 'SALE'],
    /--pattern \(code_config\.pattern\) must contain #/,
  ],
  [
    'a length with a pattern',
    ['--percent-off', '5', '--pattern', 'A-##', '--length', '4'],
    /--length has no effect with --pattern/,
  ],
  ['a length of 0', ['--percent-off', '5', '--length', '0'], /--length must be a whole number, 1 or more/],
  [
    'active and inactive',
    ['--percent-off', '5', '--active', '--inactive'],
    /--active and --inactive exclude each other/,
  ],
  [
    'metadata without =',
    ['--percent-off', '5', '--metadata', 'novalue'],
    /--metadata takes key=text or key:=json/,
  ],
  ['a unit without count', ['--unit', 'prod_a'], /--unit takes PRODUCT:COUNT\[:EFFECT\]/],
  [
    'a unit effect that does not exist',
    ['--unit', 'prod_a:1:same'],
    /--unit: unit effect must be new or missing/,
  ],
  [
    'several units with a single-unit effect',
    ['--unit', 'prod_a:1', '--effect', 'add-new-items'],
    /--effect \(discount\.effect\) must be one of ADD_MANY_ITEMS/,
  ],
  ['an empty campaign', ['--percent-off', '5', '--campaign', ''], /--campaign must be a non-empty string/],
];

describe('promo voucher create refuses bad input before sending anything', () => {
  it.each(cases)('refuses %s with exit 2, naming the option and the rule', async (_what, argv, message) => {
    const { code, stdout, stderr } = await runPromo(['voucher', 'create', ...argv], {
      configDir: fx.configDir,
    });
    expect(fx.sandbox.requests).toHaveLength(0);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    const error = JSON.parse(stderr).error;
    expect(error).toMatchObject({ key: 'usage_error', exit_code: 2 });
    expect(error.message).toMatch(message);
  });
});

describe('bad --body', () => {
  const bodyFile = (name: string, text: string) => {
    const file = join(fx.configDir, name);
    writeFileSync(file, text);
    return file;
  };

  it('refuses a body that is not valid JSON, naming --body', async () => {
    const { code, stderr } = await runPromo(
      ['voucher', 'create', '--body', bodyFile('bad.json', '{"type":')],
      {
        configDir: fx.configDir,
      },
    );
    expect(code).toBe(2);
    expect(JSON.parse(stderr).error.message).toMatch(/--body: '.*bad\.json' is not valid JSON/);
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('refuses fractional hundredths in a body, naming the option and the field', async () => {
    const body = { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 10.5 } };
    const { code, stderr } = await runPromo(['voucher', 'create', '--body', '-'], {
      configDir: fx.configDir,
      stdin: JSON.stringify(body),
    });
    expect(code).toBe(2);
    expect(JSON.parse(stderr).error.message).toMatch(
      /--amount-off \(discount\.amount_off\) must be a whole number of hundredths/,
    );
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('refuses a day of the week outside 0..6 in a body', async () => {
    const body = {
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 1 },
      validity_day_of_week: [1, 9],
    };
    const { code, stderr } = await runPromo(['voucher', 'create', '--body', '-'], {
      configDir: fx.configDir,
      stdin: JSON.stringify(body),
    });
    expect(code).toBe(2);
    expect(JSON.parse(stderr).error.message).toMatch(
      /--validity-day \(validity_day_of_week\[1\]\) must be a day of the week from 0/,
    );
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('refuses --body - together with --input -', async () => {
    const { code, stderr } = await runPromo(['voucher', 'create', '--body', '-', '--input', '-'], {
      configDir: fx.configDir,
    });
    expect(code).toBe(2);
    expect(stderr).toContain('cannot both read stdin');
  });
});
