// Daily periods that clash, judged against this file's table of cases (what the service refuses,
// across midnight and the week's end, a day named twice being one day), not against each other:
// promo (before sending) and the sandbox (when answering) both call promo-sandbox/facts/validity-hours, so
// their agreeing would prove nothing. Each is held to the table on its own.
import { describe, expect, it } from 'vitest';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox } from '../helpers/sandbox-http.js';

const fx = useSandbox();
const period = (days: number[], from: string, to: string) => ({
  days_of_week: days,
  start_time: from,
  expiration_time: to,
});

const cases: Array<[string, ReturnType<typeof period>[], boolean]> = [
  ['the same day, hours shared', [period([1], '09:00', '17:00'), period([1], '16:00', '18:00')], true],
  [
    'Saturday night into Sunday morning',
    [period([6], '22:00', '02:00'), period([0], '01:00', '03:00')],
    true,
  ],
  ['one ending as the next starts', [period([1], '09:00', '12:00'), period([1], '12:00', '14:00')], false],
  [
    'a day named twice, other days apart',
    [period([1, 1], '09:00', '10:00'), period([2], '09:00', '10:00')],
    false,
  ],
  [
    'past midnight, but not into Monday morning',
    [period([6], '22:00', '02:00'), period([1], '01:00', '03:00')],
    false,
  ],
];

describe('validity_hours periods that clash', () => {
  it.each(cases)(
    '%s: promo refuses before sending and the sandbox answers 400 exactly when the table says it clashes',
    async (_what, daily, clash) => {
      const body = { discount: { type: 'PERCENT', percent_off: 5 }, validity_hours: { daily } };
      const promo = await fx.run(['voucher', 'create', '--body', '-', '--dry-run'], {
        stdin: JSON.stringify(body),
      });
      expect(promo.code, promo.stderr).toBe(clash ? 2 : 0);
      if (clash) expect(promo.stderr).toContain('periods must not overlap');
      const headers = { 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN, 'Content-Type': 'application/json' };
      const sandbox = await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', { body, headers });
      expect(sandbox.status, JSON.stringify(sandbox.body)).toBe(clash ? 400 : 200);
      if (clash)
        expect(sandbox.body.details).toBe(
          'Property validity_hours.daily[1] must not overlap validity_hours.daily[0]',
        );
    },
  );
});

describe('a daily period with a time left out', () => {
  it('says the time is required, not that undefined is no time; nothing sent', async () => {
    const daily = [{ days_of_week: [1], expiration_time: '17:00' }];
    const body = { discount: { type: 'PERCENT', percent_off: 5 }, validity_hours: { daily } };
    const run = await fx.run(['voucher', 'create', '--body', '-', '-o', 'json'], {
      stdin: JSON.stringify(body),
    });
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr).error.message).toBe(
      '--validity-hours (validity_hours.daily[0].start_time) is required: a time in HH:mm (00:00 to 23:59)',
    );
    expect(fx.sandbox.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
