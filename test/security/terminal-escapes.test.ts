// Text from a hostile server reaches a person's terminal escaped: no control sequence (clear
// screen, window title, bell, carriage return) and no bidi override acts; JSON stays exact.
import { describe, expect, it } from 'vitest';
import { runPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const promo = (...argv: string[]) => runPromo(argv, { configDir: fx.configDir });
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** The next create answers with the sandbox's own voucher, its code replaced by `code`. */
async function hostileCreate(code: string): Promise<void> {
  const real = await promo('voucher', 'create', '--percent-off', '5', '-o', 'json');
  expect(real.code).toBe(0);
  const voucher = { ...JSON.parse(real.stdout), code };
  fx.sandbox.faults.push({
    match: { method: 'POST', path: '/v1/vouchers' },
    action: { status: 200, body: voucher },
  });
}

describe('server text on a terminal', () => {
  it('an error message with escape sequences and a carriage return is shown escaped', async () => {
    fx.sandbox.faults.push({
      action: {
        status: 400,
        body: { key: 'evil', message: 'Evil \x1b[2J\x1b]0;title\x07 msg\rOVERWRITTEN' },
      },
    });
    const run = await promo('templates', 'list', '-o', 'table');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: Evil \\x1b[2J\\x1b]0;title\\x07 msg\\rOVERWRITTEN (evil) [HTTP 400]\n');
  });

  it('a success line and the record table with a hostile code and a bidi override: escaped', async () => {
    await hostileCreate('EVIL\x1b]0;pwned\x07\u202eX');
    const run = await promo('voucher', 'create', '--percent-off', '5', '-o', 'table');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('Created voucher EVIL\\x1b]0;pwned\\x07\\u202eX.');
    expect(run.stderr).not.toMatch(RAW);
    expect(run.stdout).toContain('EVIL\\x1b]0;pwned\\x07\\u202eX');
    expect(run.stdout).not.toMatch(RAW);
  });

  it('JSON output keeps the exact text', async () => {
    await hostileCreate('EVIL\x1b]0;pwned\x07\u202eX');
    const run = await promo('voucher', 'create', '--percent-off', '5', '-o', 'json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).code).toBe('EVIL\x1b]0;pwned\x07\u202eX');
  });
});
