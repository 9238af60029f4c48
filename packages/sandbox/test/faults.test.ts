import { afterEach, describe, expect, it } from 'vitest';
import { parseRateLimit, type Sandbox, type SandboxOptions } from '../src/index.js';
import { APP_HEADERS, fixedClock, postForm } from './core-helpers.js';
import { startCheckedSandbox } from './helpers/checked.js';
import { until } from './helpers/until.js';

let sandbox: Sandbox;
afterEach(async () => {
  await sandbox?.close();
});

async function start(options: SandboxOptions = {}) {
  sandbox = await startCheckedSandbox({ seed: {}, ...options });
  return sandbox;
}

const TOKEN_FORM = { grant_type: 'client_credentials', scope: 'api' };
const issue = () => postForm(`${sandbox.url}/v1/oauth/token`, TOKEN_FORM);
const introspect = () => postForm(`${sandbox.url}/v1/oauth/introspect`, { access_token: 'x' });

describe('scripted faults', () => {
  it('answers a scripted 429 with Retry-After and X-Rate-Limit-Retry, once, then normally', async () => {
    await start({
      faults: { script: [{ action: { status: 429, retryAfter: 7, rateLimitRetryAt: 1_900_000_000 } }] },
    });
    const limited = await issue();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.headers.get('x-rate-limit-retry')).toBe('1900000000');
    expect(limited.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(await limited.json()).toMatchObject({ code: 429, key: 'too_many_requests' });
    expect((await issue()).status).toBe(200);
    expect(Object.keys(sandbox.state.tokens)).toHaveLength(1);
  });

  it('applies a scripted fault only to matching requests, as many times as asked', async () => {
    await start();
    sandbox.faults.push({
      match: { method: 'POST', path: '/v1/oauth/token' },
      times: 2,
      action: { status: 500, body: { custom: true } },
    });
    expect((await introspect()).status).toBe(200);
    const failed = await issue();
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ custom: true });
    expect((await issue()).status).toBe(500);
    expect((await issue()).status).toBe(200);
    expect(sandbox.faults.get().script).toEqual([]);
  });

  it('drops the connection before handling, leaving the state unchanged', async () => {
    await start({ faults: { script: [{ action: { reset: 'before-handling' } }] } });
    await expect(issue()).rejects.toThrow();
    expect(sandbox.state.tokens).toEqual({});
    expect(sandbox.requests).toHaveLength(1);
  });

  it('drops the connection after handling, so the change happened but no answer came', async () => {
    await start({ faults: { script: [{ action: { reset: 'after-handling' } }] } });
    await expect(issue()).rejects.toThrow();
    expect(Object.keys(sandbox.state.tokens)).toHaveLength(1);
  });

  it('delays a scripted request and then handles it normally', async () => {
    await start({ faults: { script: [{ action: { delayMs: 120 } }] } });
    const started = Date.now();
    expect((await introspect()).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('hangs a scripted request until close() ends it', async () => {
    await start({ faults: { script: [{ action: { hang: true } }] } });
    const pending = introspect();
    await until(() => sandbox.requests.length === 1);
    await sandbox.close();
    await expect(pending).rejects.toThrow();
  });
});

describe('random and global faults', () => {
  it('counts requests against a rate limit and answers 429 until the window ends', async () => {
    const clock = fixedClock(Date.UTC(2025, 0, 1, 0, 0, 20));
    await start({ now: clock.now, faults: { rateLimit: { limit: 2, windowSeconds: 60 } } });
    const first = await introspect();
    expect(first.headers.get('x-rate-limit-limit')).toBe('2');
    expect(first.headers.get('x-rate-limit-remaining')).toBe('1');
    const windowEnd = String(Date.UTC(2025, 0, 1, 0, 1, 0) / 1000);
    expect(first.headers.get('x-rate-limit-retry')).toBe(windowEnd);
    expect((await introspect()).headers.get('x-rate-limit-remaining')).toBe('0');
    const limited = await introspect();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(limited.headers.get('x-rate-limit-retry')).toBe(windowEnd);
    expect(await limited.json()).toMatchObject({ code: 429, key: 'too_many_requests' });
    clock.advance(40);
    expect((await introspect()).status).toBe(200);
  });

  it('answers 503 with the error object when the error rate is 1', async () => {
    await start({ faults: { errorRate: 1 } });
    const res = await issue();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 503, key: 'service_unavailable' });
    expect(sandbox.state.tokens).toEqual({});
    sandbox.faults.set({ errorRate: 1, errorStatus: 500 });
    expect((await issue()).status).toBe(500);
  });

  it('drops every connection when the reset rate is 1, recording the requests all the same', async () => {
    await start({ faults: { resetRate: 1 } });
    await expect(introspect()).rejects.toThrow();
    expect(sandbox.requests).toHaveLength(1);
  });

  it('adds the configured latency to every answer', async () => {
    await start({ faults: { latencyMs: 120 } });
    const started = Date.now();
    expect((await fetch(`${sandbox.url}/nowhere`)).status).toBe(404);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('hangs every request until close() when asked, and close() still returns promptly', async () => {
    await start({ faults: { hang: true } });
    const pending = Promise.allSettled([introspect(), issue()]);
    await until(() => sandbox.requests.length === 2);
    const started = Date.now();
    await sandbox.close();
    // Far less than the 5 s keep-alive or any request timeout a close() waiting on them would take;
    // generous, because a loaded machine is slow.
    expect(Date.now() - started).toBeLessThan(4000);
    expect((await pending).map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
  });

  it('lets the control API change faults of a running sandbox', async () => {
    await start();
    await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { ...APP_HEADERS, 'Content-Type': 'application/json' },
      body: JSON.stringify({ script: [{ action: { status: 502 } }] }),
    });
    expect((await introspect()).status).toBe(502);
    expect((await introspect()).status).toBe(200);
  });
});

describe('parseRateLimit', () => {
  it('reads a count per second, minute or hour', () => {
    expect(parseRateLimit('100/min')).toEqual({ limit: 100, windowSeconds: 60 });
    expect(parseRateLimit('100/hour')).toEqual({ limit: 100, windowSeconds: 3600 });
    expect(parseRateLimit('10/s')).toEqual({ limit: 10, windowSeconds: 1 });
    expect(parseRateLimit('5/minutes')).toEqual({ limit: 5, windowSeconds: 60 });
  });

  it('throws a message that shows the expected form', () => {
    for (const bad of ['100', '0/min', '-1/min', '10/day', 'ten/min', '1.5/s']) {
      expect(() => parseRateLimit(bad)).toThrow(/Invalid rate limit .*100\/min/);
    }
  });
});
