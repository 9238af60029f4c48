// A POST whose answer was lost (a 502/504 or a broken connection after the service acted) has an
// unknown outcome and is never resent; a create with an explicit code is safe to repeat (a repeat
// can only create it or answer 409), so it is retried after 502/503/504 or a reset.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClock } from '../helpers/clock.js';
import { type Gateway, startGateway } from '../helpers/hostile.js';
import { runPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway(fx.sandbox.url);
});
afterAll(() => gateway.close());
beforeEach(() => {
  gateway.plan = [];
  gateway.seen = 0;
  for (const code of Object.keys(fx.sandbox.state.vouchers)) delete fx.sandbox.state.vouchers[code];
});

// The waits between retries pass on a clock of the run's own (they are not what is tested here).
const promo = (...argv: string[]) =>
  runPromo(['--api-url', gateway.url, '-o', 'json', ...argv], {
    configDir: fx.configDir,
    clock: new TestClock(Date.now()),
  });
const errorOf = (stderr: string) => JSON.parse(stderr.trim().split('\n').at(-1)!).error;
const posts = (path: string) => fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath === path);
const vouchers = () => Object.keys(fx.sandbox.state.vouchers);

describe('a POST that acts, without a code: never resent once sent', () => {
  for (const step of ['502-after', '504-after'] as const) {
    const status = Number(step.slice(0, 3));
    it(`voucher create answered ${status} after the service acted: outcome unknown, exit 6, sent once`, async () => {
      gateway.plan = [step];
      const { code, stdout, stderr } = await promo('voucher', 'create', '--percent-off', '20');
      expect(code).toBe(6);
      expect(stdout).toBe('');
      expect(errorOf(stderr)).toMatchObject({
        key: 'outcome_unknown_error',
        code: `HTTP_${status}`,
        exit_code: 6,
        message: expect.stringContaining(`a gateway answered ${status} instead of the service`),
      });
      expect(posts('/v1/vouchers')).toHaveLength(1);
      expect(vouchers()).toHaveLength(1);
    });
  }

  it('event send answered 502 after the event was stored: outcome unknown, sent once', async () => {
    gateway.plan = ['502-after'];
    const { code, stderr } = await promo('event', 'send', 'signup', '--customer-source-id', 'c1');
    expect(code).toBe(6);
    expect(errorOf(stderr)).toMatchObject({ key: 'outcome_unknown_error', code: 'HTTP_502' });
    expect(posts('/v1/events')).toHaveLength(1);
  });

  it('a 503 is a plain failure (the service did not act), and is not resent either', async () => {
    gateway.plan = ['503-before'];
    const { code, stderr } = await promo('voucher', 'create', '--percent-off', '20');
    expect(code).toBe(6);
    expect(errorOf(stderr)).toMatchObject({ status: 503, exit_code: 6 });
    expect(gateway.seen).toBe(1);
    expect(vouchers()).toHaveLength(0);
  });
});

describe('a create with an explicit code: safe to repeat', () => {
  it('is retried after a 503 and a reset before the service acted, and created once', async () => {
    gateway.plan = ['503-before', 'reset-before'];
    const { code, stdout } = await promo('voucher', 'create', '--code', 'SAFE-1', '--percent-off', '20');
    expect(code).toBe(0);
    expect(JSON.parse(stdout).code).toBe('SAFE-1');
    expect(gateway.seen).toBe(3);
    expect(vouchers()).toEqual(['SAFE-1']);
  });

  it('after a 502 that followed its creation, the repeat answers 409: outcome unknown (most likely created), not a duplicate failure', async () => {
    gateway.plan = ['502-after'];
    const { code, stdout, stderr } = await promo(
      'voucher',
      'create',
      '--code',
      'SAFE-2',
      '--percent-off',
      '20',
    );
    expect(code).toBe(6);
    expect(stdout).toBe('');
    expect(errorOf(stderr)).toMatchObject({
      key: 'outcome_unknown_error',
      code: 'HTTP_409',
      message: expect.stringContaining(
        'the repeat was answered 409: most likely the first attempt created it',
      ),
    });
    expect(posts('/v1/vouchers')).toHaveLength(2);
    expect(vouchers()).toEqual(['SAFE-2']);
  });

  it('after a reset that followed its creation: the same (retried, 409, outcome unknown), created once', async () => {
    gateway.plan = ['reset-after'];
    const { code, stderr } = await promo('voucher', 'create', '--code', 'SAFE-4', '--percent-off', '20');
    expect(code).toBe(6);
    expect(errorOf(stderr)).toMatchObject({ key: 'outcome_unknown_error', code: 'HTTP_409' });
    expect(posts('/v1/vouchers')).toHaveLength(2);
    expect(vouchers()).toEqual(['SAFE-4']);
  });

  it('without a code, a reset after the service acted is outcome unknown at once, never resent', async () => {
    gateway.plan = ['reset-after'];
    const { code, stderr } = await promo('voucher', 'create', '--percent-off', '20');
    expect(code).toBe(6);
    expect(errorOf(stderr)).toMatchObject({ key: 'outcome_unknown_error', code: 'ECONNRESET' });
    expect(posts('/v1/vouchers')).toHaveLength(1);
    expect(vouchers()).toHaveLength(1);
  });

  it('when every attempt is answered 504 after acting: outcome unknown once the retries are spent', async () => {
    gateway.plan = ['504-after', '504-after'];
    const { code, stderr } = await promo(
      '--retries',
      '1',
      'voucher',
      'create',
      '--code',
      'SAFE-3',
      '--percent-off',
      '20',
    );
    expect(code).toBe(6);
    expect(errorOf(stderr)).toMatchObject({ key: 'outcome_unknown_error', code: 'HTTP_504' });
    expect(gateway.seen).toBe(2);
    expect(vouchers()).toEqual(['SAFE-3']);
  });
});
