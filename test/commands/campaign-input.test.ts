// Bad input to the campaign commands: refused with exit 2, a message naming the option and the
// rule, and nothing received by the sandbox. --dry-run shows the request and sends nothing.
import { describe, expect, it } from 'vitest';
import { runPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

/** [what is wrong, arguments, what the message must say] */
const cases: Array<[string, string[], RegExp]> = [
  [
    'no voucher type',
    ['campaign', 'create', 'X', '--vouchers-count', '5'],
    /^--type is required: discount, gift or loyalty/,
  ],
  ['an empty name', ['campaign', 'create', ' ', '--percent-off', '5'], /^NAME must be a campaign name or id/],
  ['a dot-segment name', ['campaign', 'get', '..'], /^<campaign> must not be '\.' or '\.\.'/],
  [
    'a count of 0',
    ['campaign', 'create', 'X', '--percent-off', '5', '--vouchers-count', '0'],
    /^--vouchers-count must be a whole number from 1 to 1,000,000, not '0'/,
  ],
  [
    'a count that is not a number',
    ['campaign', 'create', 'X', '--percent-off', '5', '--vouchers-count', '1e5'],
    /^--vouchers-count must be a whole number/,
  ],
  [
    'a pattern too small for the count',
    [
      'campaign',
      'create',
      'X',
      '--percent-off',
      '5',
      '--vouchers-count',
      '100',
      '--code-pattern',
      'AB-##',
      '--charset',
      '0123456789ABCDEF'.slice(0, 9),
    ],
    /^--code-pattern 'AB-##' can make only 81 different codes, and --vouchers-count asks for 100$/,
  ],
  [
    'a pattern without #',
    ['campaign', 'create', 'X', '--percent-off', '5', '--code-pattern', 'FIXED'],
    /^--code-pattern must contain #/,
  ],
  [
    'a pattern and a length',
    ['campaign', 'create', 'X', '--percent-off', '5', '--code-pattern', 'A-##', '--code-length', '6'],
    /^--code-length has no effect with --code-pattern/,
  ],
  [
    'a percentage over 100',
    ['campaign', 'create', 'X', '--percent-off', '120'],
    /^--percent-off must be a percentage from 0 to 100/,
  ],
  [
    'a part of another type',
    ['campaign', 'create', 'X', '--type', 'gift', '--gift-amount', '5', '--percent-off', '3'],
    /is for --type discount, and the type is GIFT_VOUCHER/,
  ],
  [
    'an unknown campaign type',
    ['campaign', 'list', '--type', 'coupons'],
    /^--type must be one of DISCOUNT_COUPONS/,
  ],
  ['a page past 99', ['campaign', 'list', '--page', '100'], /^--page must be a whole number from 1 to 99/],
  ['an update with nothing to change', ['campaign', 'update', 'X'], /^nothing to change: give --description/],
  [
    'an update with a bad date',
    ['campaign', 'update', 'X', '--expiration-date', 'soon'],
    /--expiration-date must be an ISO 8601 date/,
  ],
  ['join-once that is not true or false', ['campaign', 'update', 'X', '--join-once', 'yes'], /--join-once/],
  [
    'add-vouchers with neither count nor code',
    ['campaign', 'add-vouchers', 'X'],
    /^give --count N \(generated codes\) or --code C \(your own\), one of them$/,
  ],
  [
    'add-vouchers with both',
    ['campaign', 'add-vouchers', 'X', '--count', '2', '--code', 'A'],
    /^give --count N/,
  ],
  [
    'add-vouchers with a count of 0',
    ['campaign', 'add-vouchers', 'X', '--count', '0'],
    /^--count must be a whole number from 1 to 100,000, not '0'/,
  ],
  [
    'add-vouchers --wait with codes',
    ['campaign', 'add-vouchers', 'X', '--code', 'A', '--wait'],
    /^--wait follows the job of --count/,
  ],
  [
    'a delete without a terminal or --yes',
    ['campaign', 'delete', 'X'],
    /this needs confirmation.*pass --yes/,
  ],
];

describe('the campaign commands refuse bad input before sending anything', () => {
  it.each(cases)('refuses %s with exit 2, naming the option and the rule', async (_what, argv, message) => {
    const { code, stdout, stderr } = await runPromo(argv, { configDir: fx.configDir });
    expect(fx.sandbox.requests).toHaveLength(0);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    const error = JSON.parse(stderr).error;
    expect(error).toMatchObject({ key: 'usage_error', exit_code: 2 });
    expect(error.message).toMatch(message);
  });

  it('refuses a campaign import line that sets the type or value, naming its line', async () => {
    const { code, stderr } = await runPromo(['campaign', 'import', 'X', '-'], {
      configDir: fx.configDir,
      stdin:
        '{"code":"A-1"}\n{"code":"A-2","discount":{"type":"PERCENT","percent_off":5}}\n{"category":"x"}\n',
    });
    expect(code).toBe(2);
    expect(fx.sandbox.requests).toHaveLength(0);
    const error = JSON.parse(stderr).error;
    expect(error.message).toContain("line 2: discount: the campaign sets its vouchers' type and value");
    expect(error.message).toContain('line 3: --code (code) is required: the import does not generate codes');
  });
});

describe('--dry-run', () => {
  it('shows the campaign create request, money in hundredths, and sends nothing', async () => {
    const { code, stdout } = await runPromo(
      [
        'campaign',
        'create',
        'Summer 2026',
        '--amount-off',
        '10.50',
        '--vouchers-count',
        '50000',
        '--code-pattern',
        'SUMMER-####-####',
        '--expiration-date',
        '2026-09-30',
        '--metadata',
        'owner=growth',
        '--join-once',
        '--dry-run',
        '-o',
        'json',
      ],
      { configDir: fx.configDir },
    );
    expect(code).toBe(0);
    expect(fx.sandbox.requests).toHaveLength(0);
    const { request } = JSON.parse(stdout);
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`${fx.sandbox.url}/v1/campaigns`);
    expect(request.body).toEqual({
      name: 'Summer 2026',
      campaign_type: 'DISCOUNT_COUPONS',
      type: 'AUTO_UPDATE',
      vouchers_count: 50000,
      expiration_date: '2026-09-30T23:59:59Z',
      metadata: { owner: 'growth' },
      join_once: true,
      voucher: {
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'AMOUNT', amount_off: 1050 },
        code_config: { pattern: 'SUMMER-####-####' },
      },
    });
  });

  it.each([
    [['campaign', 'enable', 'Summer Sale'], 'POST', '/v1/campaigns/Summer%20Sale/enable'],
    [['campaign', 'disable', 'camp_1'], 'POST', '/v1/campaigns/camp_1/disable'],
    [['campaign', 'delete', 'Old', '--force'], 'DELETE', '/v1/campaigns/Old?force=true'],
    [['campaign', 'update', 'Old', '--description', 'd'], 'PUT', '/v1/campaigns/Old'],
    [
      ['campaign', 'add-vouchers', 'Old', '--count', '500'],
      'POST',
      '/v1/campaigns/Old/vouchers?vouchers_count=500',
    ],
    [
      ['campaign', 'add-vouchers', 'Old', '--code', 'MY/CODE'],
      'POST',
      '/v1/campaigns/Old/vouchers/MY%2FCODE',
    ],
  ])('%j sends nothing and shows %s %s', async (argv, method, path) => {
    const { code, stdout } = await runPromo([...argv, '--dry-run', '-o', 'json'], {
      configDir: fx.configDir,
    });
    expect(code).toBe(0);
    expect(fx.sandbox.requests).toHaveLength(0);
    const { request } = JSON.parse(stdout);
    expect([request.method, request.url]).toEqual([method, `${fx.sandbox.url}${path}`]);
  });
});
