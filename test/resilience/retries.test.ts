// Retries against a sandbox that misbehaves on purpose: 429, 5xx, hangs, refused connections.
// The waits between attempts run on a test clock (time is an input: Context.sleep): each test
// asserts how long promo waited by that clock, and waits for nothing. The per-attempt timeout is a
// real socket's, and keeps real time.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../helpers/clock.js';
import { runPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

const TEMPLATES = '/v1/templates/campaigns';
let clock = new TestClock();
/** promo on a fresh test clock, started at the real time (the service's reset times are real). */
const promo = (...argv: string[]) => {
  clock = new TestClock(Date.now());
  return runPromo(argv, { configDir: fx.configDir, clock });
};
const seen = (path: string) => fx.sandbox.requests.filter((r) => r.rawPath === path).length;

/** The error object: the last line of stderr (notices about waiting may come before it). */
function errorOf(stderr: string) {
  return JSON.parse(stderr.trim().split('\n').at(-1)!).error;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('rate limits', () => {
  it('retries a request answered 429 twice, waiting as long as Retry-After asks, and succeeds on the third attempt', async () => {
    fx.sandbox.faults.push({ match: { path: TEMPLATES }, times: 2, action: { status: 429, retryAfter: 1 } });
    const { code, stdout, stderr } = await promo('api', 'GET', TEMPLATES, '--query', 'limit=1');
    const elapsed = clock.elapsed;
    expect(code).toBe(0);
    expect(JSON.parse(stdout).object).toBe('list');
    expect(seen(TEMPLATES)).toBe(3);
    expect(elapsed).toBeGreaterThanOrEqual(2000);
    // The 429's X-Rate-Limit-Remaining: 0 must not add a wait for the whole window on top.
    expect(elapsed).toBeLessThan(5000);
    expect(stderr).toMatch(/answered 429; retrying in 1\.\d s/);
  });

  it('honours X-Rate-Limit-Retry, the unix second of the reset, when there is no Retry-After', async () => {
    const resetAt = Math.ceil(Date.now() / 1000 + 0.2);
    fx.sandbox.faults.push({
      match: { path: TEMPLATES },
      action: { status: 429, rateLimitRetryAt: resetAt },
    });
    const { code } = await promo('api', 'GET', TEMPLATES);
    expect(code).toBe(0);
    expect(clock.now()).toBeGreaterThanOrEqual(resetAt * 1000);
    expect(seen(TEMPLATES)).toBe(2);
  });

  it('exits 5 when every attempt is answered 429, with the last answer’s status, key, message and request id as JSON on stderr', async () => {
    for (let i = 1; i <= 4; i++) {
      const body = {
        code: 429,
        key: 'too_many_requests',
        message: `Slow down (answer ${i})`,
        request_id: `v-0${i}`,
      };
      fx.sandbox.faults.push({ match: { path: TEMPLATES }, action: { status: 429, retryAfter: 0, body } });
    }
    const { code, stdout, stderr } = await promo('-o', 'json', 'api', 'GET', TEMPLATES);
    expect(code).toBe(5);
    expect(stdout).toBe('');
    expect(seen(TEMPLATES)).toBe(4);
    expect(errorOf(stderr)).toMatchObject({
      status: 429,
      key: 'too_many_requests',
      message: 'Slow down (answer 4)',
      request_id: 'v-04',
      exit_code: 5,
    });
  });

  it('says the same in one line for people when the output is a table', async () => {
    fx.sandbox.faults.push({ match: { path: TEMPLATES }, times: 2, action: { status: 429, retryAfter: 0 } });
    const { code, stderr } = await promo('-o', 'table', '--retries', '1', 'api', 'GET', TEMPLATES);
    expect(code).toBe(5);
    expect(stderr.trim().split('\n').at(-1)).toMatch(
      /^error: Too many requests \(too_many_requests\) \[HTTP 429, request v-[0-9a-f]+\]$/,
    );
  });

  it('gives up at once, exit 5, when the service asks for a wait longer than two minutes', async () => {
    fx.sandbox.faults.push({ match: { path: TEMPLATES }, action: { status: 429, retryAfter: 3600 } });
    const { code } = await promo('api', 'GET', TEMPLATES);
    expect(code).toBe(5);
    expect(seen(TEMPLATES)).toBe(1);
    expect(clock.slept).toEqual([]);
  });
});

describe('server errors and network failures', () => {
  it('exits 6 after the retries when every attempt is answered 503', async () => {
    fx.sandbox.faults.push({ match: { path: TEMPLATES }, times: 100, action: { status: 503 } });
    const { code, stdout, stderr } = await promo('--retries', '2', 'api', 'GET', TEMPLATES);
    expect(code).toBe(6);
    expect(stdout).toBe('');
    expect(seen(TEMPLATES)).toBe(3);
    expect(errorOf(stderr)).toMatchObject({ status: 503, key: 'service_unavailable', exit_code: 6 });
    expect(errorOf(stderr).request_id).toMatch(/^v-/);
  });

  it('retries 502 and 504 as well, and succeeds when the service recovers', async () => {
    fx.sandbox.faults.push(
      { match: { path: TEMPLATES }, action: { status: 502 } },
      { match: { path: TEMPLATES }, action: { status: 504 } },
    );
    const { code } = await promo('api', 'GET', TEMPLATES);
    expect(code).toBe(0);
    expect(seen(TEMPLATES)).toBe(3);
  });

  it('exits 6 within a bounded time when the service never answers, --timeout being per attempt', async () => {
    fx.sandbox.faults.set({ hang: true });
    const started = Date.now();
    // Real time: the timeout is a real socket's.
    const { code, stdout, stderr } = await runPromo(
      ['--timeout', '0.5', '--retries', '1', 'api', 'GET', TEMPLATES],
      {
        configDir: fx.configDir,
      },
    );
    const elapsed = Date.now() - started;
    expect(code).toBe(6);
    expect(stdout).toBe('');
    expect(seen(TEMPLATES)).toBe(2);
    // Two attempts of half a second each (a timer may fire a millisecond early by Date.now). No
    // upper bound: a loaded machine may be slow, and a run that never ended fails the test's timeout.
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(errorOf(stderr)).toMatchObject({ key: 'network_error', code: 'ETIMEDOUT', exit_code: 6 });
    expect(errorOf(stderr).message).toMatch(/after 2 attempts: no answer within 0\.5 s/);
  });

  it('exits 6 quickly when the connection is refused, naming it', async () => {
    const port = await closedPort();
    const { code, stderr } = await promo('--api-url', `http://127.0.0.1:${port}`, 'api', 'GET', TEMPLATES);
    expect(code).toBe(6);
    // Three short backoffs between the four attempts, by the run's clock: a few seconds at most.
    expect(clock.slept).toHaveLength(3);
    expect(clock.elapsed).toBeLessThan(3000);
    expect(errorOf(stderr)).toMatchObject({ key: 'network_error', code: 'ECONNREFUSED', exit_code: 6 });
    expect(errorOf(stderr).message).toMatch(/after 4 attempts: connection refused/);
  });

  it('retries an idempotent request whose connection was reset before the service handled it', async () => {
    fx.sandbox.faults.push({ match: { path: TEMPLATES }, action: { reset: 'before-handling' } });
    const { code, stdout } = await promo('api', 'GET', TEMPLATES);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).object).toBe('list');
    expect(seen(TEMPLATES)).toBe(2);
  });
});

describe('requests that are not safe to repeat', () => {
  const voucher = (code: string) =>
    JSON.stringify({ type: 'DISCOUNT_VOUCHER', code, discount: { type: 'PERCENT', percent_off: 10 } });

  it('sends a POST whose connection resets after the service acted exactly once, and says the outcome is unknown (exit 6)', async () => {
    fx.sandbox.faults.push({
      match: { method: 'POST', path: '/v1/vouchers' },
      action: { reset: 'after-handling' },
    });
    const { code, stdout, stderr } = await promo(
      'api',
      'POST',
      '/v1/vouchers',
      '--data',
      voucher('RESET-AFTER-1'),
    );
    expect(code).toBe(6);
    expect(stdout).toBe('');
    expect(fx.sandbox.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    const error = errorOf(stderr);
    expect(error).toMatchObject({ key: 'outcome_unknown_error', exit_code: 6 });
    expect(error.message).toMatch(/outcome unknown/);
    expect(error.message).toMatch(/did not send it again/);
    expect(error.hint).toContain('promo api GET');
    // The service did act: the voucher exists, which is why promo must not have sent it twice.
    expect(fx.sandbox.state.vouchers['RESET-AFTER-1']).toBeDefined();
  });

  it('does not resend a POST that timed out after it was sent', async () => {
    fx.sandbox.faults.push({ match: { method: 'POST', path: '/v1/vouchers' }, action: { hang: true } });
    const { code, stderr } = await promo(
      '--timeout',
      '0.5',
      'api',
      'POST',
      '/v1/vouchers',
      '--data',
      voucher('HANG-1'),
    );
    expect(code).toBe(6);
    expect(fx.sandbox.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(errorOf(stderr)).toMatchObject({ key: 'outcome_unknown_error', code: 'ETIMEDOUT' });
  });

  it('does not resend a POST answered 503: the service may have acted before failing', async () => {
    fx.sandbox.faults.push({
      match: { method: 'POST', path: '/v1/events' },
      times: 5,
      action: { status: 503 },
    });
    const data = JSON.stringify({ event: 'newsletter_signup', customer: { source_id: 'c1' } });
    const { code } = await promo('api', 'POST', '/v1/events', '--data', data);
    expect(code).toBe(6);
    expect(seen('/v1/events')).toBe(1);
  });

  it('retries a POST answered 429: the service did not act on it', async () => {
    fx.sandbox.faults.push({
      match: { method: 'POST', path: '/v1/vouchers' },
      action: { status: 429, retryAfter: 0 },
    });
    const { code, stdout } = await promo('api', 'POST', '/v1/vouchers', '--data', voucher('AFTER-429-1'));
    expect(code).toBe(0);
    expect(JSON.parse(stdout).code).toBe('AFTER-429-1');
    expect(fx.sandbox.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('retries a POST whose connection was refused: nothing was sent', async () => {
    const port = await closedPort();
    const { code, stderr } = await promo(
      '--retries',
      '1',
      '--api-url',
      `http://127.0.0.1:${port}`,
      'api',
      'POST',
      '/v1/vouchers',
      '--data',
      voucher('REFUSED-1'),
    );
    expect(code).toBe(6);
    expect(errorOf(stderr)).toMatchObject({ key: 'network_error', code: 'ECONNREFUSED' });
    expect(errorOf(stderr).message).toMatch(/after 2 attempts/);
  });
});
