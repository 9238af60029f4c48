// How long to wait before trying again, and before sending at all when the rate limit is near.
import type { IncomingHttpHeaders } from 'node:http';

const BASE_DELAY_MS = 250;
const MAX_BACKOFF_MS = 8_000;
/** A service that asks us to wait longer than this gets an error instead: a cron job should not hang. */
export const MAX_HONOURED_WAIT_MS = 120_000;

/**
 * Delay before retry number `attempt` (0-based): what the service asked for (Retry-After in
 * seconds, or X-Rate-Limit-Retry as unix seconds), else jittered exponential backoff.
 * Undefined when the service asks for a wait too long to sit through.
 */
export function retryDelayMs(
  attempt: number,
  headers: IncomingHttpHeaders | undefined,
  nowMs: number,
): number | undefined {
  const asked = askedDelayMs(headers, nowMs);
  if (asked !== undefined) return asked > MAX_HONOURED_WAIT_MS ? undefined : asked;
  return backoffMs(attempt);
}

/** Jittered exponential backoff: spreads out the retries of many cron jobs that failed at once. */
export function backoffMs(attempt: number): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, BASE_DELAY_MS * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function askedDelayMs(headers: IncomingHttpHeaders | undefined, nowMs: number): number | undefined {
  if (!headers) return undefined;
  const retryAfter = headers['retry-after'];
  if (typeof retryAfter === 'string' && retryAfter.trim() !== '') {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - nowMs);
  }
  const resetAt = Number(headers['x-rate-limit-retry']);
  if (headers['x-rate-limit-retry'] !== undefined && Number.isFinite(resetAt)) {
    return Math.max(0, resetAt * 1000 - nowMs);
  }
  return undefined;
}

export interface RateLimitState {
  remaining?: number;
  resetAtMs?: number;
  seenAtMs?: number;
}

/**
 * Before sending: when the last answer said few requests are left in the window, spread the
 * remaining ones over the time to the reset instead of running into 429.
 */
export function slowDownMs(state: RateLimitState, nowMs: number): number {
  const { remaining, resetAtMs } = state;
  if (remaining === undefined || resetAtMs === undefined || resetAtMs <= nowMs) return 0;
  const untilReset = Math.min(resetAtMs - nowMs, MAX_HONOURED_WAIT_MS);
  if (remaining <= 0) return untilReset;
  if (remaining >= 5) return 0;
  return untilReset / (remaining + 1);
}
