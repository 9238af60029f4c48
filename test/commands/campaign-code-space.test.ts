// How many codes a code config can make, as promo counts it before sending and as the sandbox (and
// the service) count it: the same, because both read it from one module of the service's facts.
// A named charset is its characters (numbers: the ten digits), not the letters of its name.
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const discount = { type: 'PERCENT', percent_off: 5 };
const body = (charset: string, pattern: string) =>
  JSON.stringify({ voucher: { type: 'DISCOUNT_VOUCHER', discount, code_config: { charset, pattern } } });

describe('the code space of a campaign created from --body', () => {
  it('takes 3,000 codes of charset "numbers" and pattern "####", as the sandbox does', async () => {
    const run = await fx.run(['campaign', 'create', 'Digits', '--body', '-', '--vouchers-count', '3000'], {
      stdin: body('numbers', '####'),
    });
    expect(run.stderr).not.toContain('can make only');
    expect(run.code).toBe(0);
    expect(fx.sandbox.state.campaigns.find((c) => c.name === 'Digits')?.vouchers_count).toBe(3000);
  });

  it.each([
    ['Alphabetic Uppercase', '##', 26 ** 2],
    ['lowercase alphabetic', '##', 26 ** 2],
    ['numbers', '###', 1000],
    ['ABCA', '##', 9],
  ])(
    'refuses more codes than charset %j with pattern %j makes (%i), naming the number',
    async (charset, pattern, space) => {
      const run = await fx.run(
        ['campaign', 'create', 'Small', '--body', '-', '--vouchers-count', String(space + 1)],
        {
          stdin: body(charset, pattern),
        },
      );
      expect(run.code).toBe(2);
      expect(JSON.parse(run.stderr).error.message).toContain(
        `can make only ${space.toLocaleString('en-US')} different codes`,
      );
      expect(fx.sandbox.requests).toHaveLength(0);
    },
  );

  it('sends exactly as many as the space holds, and the sandbox takes them', async () => {
    const run = await fx.run(['campaign', 'create', 'Upper', '--body', '-', '--vouchers-count', '676'], {
      stdin: body('Alphabetic Uppercase', '##'),
    });
    expect(run.code, run.stderr).toBe(0);
  });
});
