// A service that asks for a wait longer than promo sits through (a cron job must not hang for an
// hour): exit 5 at once, saying what the service asked and when the limit resets.
import { describe, expect, it } from 'vitest';
import { runPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const TEMPLATES = '/v1/templates/campaigns';
const errorOf = (stderr: string) => JSON.parse(stderr.trim().split('\n').at(-1)!).error;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('a wait longer than promo waits', () => {
  it('Retry-After: 3600 on a 429: exit 5 at once, with what was asked and when the limit resets', async () => {
    const now = Date.parse('2026-11-23T14:00:00Z');
    fx.sandbox.faults.push({ match: { path: TEMPLATES }, action: { status: 429, retryAfter: 3600 } });
    const { code, stdout, stderr } = await runPromo(['-o', 'json', 'templates', 'list'], {
      configDir: fx.configDir,
      now: () => now,
    });
    expect(code).toBe(5);
    expect(stdout).toBe('');
    expect(errorOf(stderr)).toMatchObject({
      status: 429,
      exit_code: 5,
      hint: `The service asked promo to wait 3600 s (Retry-After), longer than promo waits (120 s): the rate limit resets at ${iso(now + 3_600_000)}.`,
    });
    expect(fx.sandbox.requests).toHaveLength(1);
  });

  it('X-Rate-Limit-Retry an hour away, without Retry-After: the same, from that header', async () => {
    const resetAt = Math.floor(Date.now() / 1000) + 3600;
    fx.sandbox.faults.push({
      match: { path: TEMPLATES },
      action: { status: 429, rateLimitRetryAt: resetAt },
    });
    const { code, stderr } = await runPromo(['-o', 'table', 'templates', 'list'], {
      configDir: fx.configDir,
    });
    expect(code).toBe(5);
    expect(stderr).toContain(
      '(X-Rate-Limit-Retry), longer than promo waits (120 s): the rate limit resets at',
    );
    expect(stderr).toContain(iso(resetAt * 1000).slice(0, 16));
    expect(fx.sandbox.requests).toHaveLength(1);
  });

  it('a 503 with Retry-After: 3600 says when to try again', async () => {
    fx.sandbox.faults.push({ match: { path: TEMPLATES }, action: { status: 503, retryAfter: 3600 } });
    const { code, stderr } = await runPromo(['-o', 'json', 'templates', 'list'], { configDir: fx.configDir });
    expect(code).toBe(6);
    expect(errorOf(stderr).hint).toMatch(
      /^The service asked promo to wait 3600 s \(Retry-After\), .*: try again at /,
    );
  });
});
