// The waiting rules on their own: what the service asks for, backoff, and slowing down before the limit.
import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  MAX_HONOURED_WAIT_MS,
  retryDelayMs,
  SLOW_DOWN_BELOW,
  slowDownMs,
} from '../../src/http/retry-policy.js';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const lowest = () => 0;
const highest = () => 0.999_999;

describe('retryDelayMs', () => {
  it('waits at least the Retry-After seconds the service asks for, plus at most a tenth of it', () => {
    expect(retryDelayMs(0, 429, { 'retry-after': '2' }, NOW, lowest)).toBe(2000);
    expect(retryDelayMs(0, 429, { 'retry-after': '2' }, NOW, highest)).toBeCloseTo(2200, 0);
    expect(retryDelayMs(3, 429, { 'retry-after': '0' }, NOW, highest)).toBe(0);
  });

  it('reads a Retry-After given as an HTTP date', () => {
    const at = new Date(NOW + 3000).toUTCString();
    expect(retryDelayMs(0, 429, { 'retry-after': at }, NOW, lowest)).toBe(3000);
  });

  it('falls back to X-Rate-Limit-Retry, the unix second when the window resets', () => {
    const headers = { 'x-rate-limit-retry': String(NOW / 1000 + 5) };
    expect(retryDelayMs(0, 429, headers, NOW, lowest)).toBe(5000);
  });

  it('prefers Retry-After over X-Rate-Limit-Retry', () => {
    const headers = { 'retry-after': '1', 'x-rate-limit-retry': String(NOW / 1000 + 50) };
    expect(retryDelayMs(0, 429, headers, NOW, lowest)).toBe(1000);
  });

  it('gives up (undefined) when the service asks for a wait longer than a cron job should sit through', () => {
    const tooLong = String(MAX_HONOURED_WAIT_MS / 1000 + 1);
    expect(retryDelayMs(0, 429, { 'retry-after': tooLong }, NOW)).toBeUndefined();
    expect(retryDelayMs(0, 429, { 'x-rate-limit-retry': String(NOW / 1000 + 3600) }, NOW)).toBeUndefined();
  });

  it('ignores X-Rate-Limit-Retry on a 5xx: the window reset is no reason to wait after a server error', () => {
    const headers = { 'x-rate-limit-retry': String(NOW / 1000 + 50) };
    expect(retryDelayMs(0, 503, headers, NOW, lowest)).toBe(125);
    expect(retryDelayMs(0, 503, { ...headers, 'retry-after': '1' }, NOW, lowest)).toBe(1000);
  });

  it('uses jittered exponential backoff when the service says nothing', () => {
    expect(retryDelayMs(0, 429, {}, NOW, lowest)).toBe(125);
    expect(retryDelayMs(2, 429, { 'retry-after': 'soon' }, NOW, lowest)).toBe(500);
  });
});

describe('backoffMs', () => {
  it('doubles with each attempt, spreads over the upper half, and stops growing at 8 s', () => {
    expect([0, 1, 2, 3].map((a) => backoffMs(a, lowest))).toEqual([125, 250, 500, 1000]);
    expect(backoffMs(1, highest)).toBeCloseTo(500, 0);
    expect(backoffMs(20, highest)).toBeLessThanOrEqual(8000);
    const spread = new Set(Array.from({ length: 20 }, () => Math.round(backoffMs(4))));
    expect(spread.size).toBeGreaterThan(1);
  });
});

describe('slowDownMs', () => {
  const resetIn = (ms: number) => ({ resetAtMs: NOW + ms });

  it('does not wait while plenty of requests are left, or when nothing is known', () => {
    expect(slowDownMs({}, NOW)).toBe(0);
    expect(slowDownMs({ remaining: SLOW_DOWN_BELOW, ...resetIn(10_000) }, NOW)).toBe(0);
    expect(slowDownMs({ remaining: 80, ...resetIn(10_000) }, NOW)).toBe(0);
  });

  it('spreads the last few requests of the window over the time left', () => {
    expect(slowDownMs({ remaining: 4, ...resetIn(10_000) }, NOW)).toBe(2000);
    expect(slowDownMs({ remaining: 1, ...resetIn(10_000) }, NOW)).toBe(5000);
  });

  it('waits for the reset when none are left', () => {
    expect(slowDownMs({ remaining: 0, ...resetIn(7000) }, NOW)).toBe(7000);
  });

  it('does not wait for a reset that has passed, or one too far away to sit through', () => {
    expect(slowDownMs({ remaining: 0, resetAtMs: NOW - 1 }, NOW)).toBe(0);
    expect(slowDownMs({ remaining: 0, ...resetIn(MAX_HONOURED_WAIT_MS + 1) }, NOW)).toBe(0);
  });
});
