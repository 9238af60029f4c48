// How long to wait before trying again, and before sending at all when the rate limit is near.
import type { IncomingHttpHeaders } from 'node:http';

const BASE_DELAY_MS = 250;
const MAX_BACKOFF_MS = 8_000;
/** A service that asks us to wait longer than this gets an error instead: a cron job should not hang. */
export const MAX_HONOURED_WAIT_MS = 120_000;

/** At most this much is added to a wait the service asked for, so that many jobs told the same do not return at once. */
const MAX_ASKED_JITTER_MS = 1_000;

/**
 * Delay before retry number `attempt` (0-based) after an answer with `status`: what the service
 * asked for plus a little jitter, never less than asked; else jittered exponential backoff.
 * Retry-After counts for any status; X-Rate-Limit-Retry (unix seconds of the window's reset, sent
 * on every answer) only for a 429, since a 503 is no reason to wait for the next window.
 * Undefined when the service asks for a wait too long to sit through.
 */
export function retryDelayMs(
  attempt: number,
  status: number,
  headers: IncomingHttpHeaders | undefined,
  nowMs: number,
  random: () => number = Math.random,
): number | undefined {
  const asked = askedDelayMs(headers, nowMs, status === 429);
  if (asked === undefined) return backoffMs(attempt, random);
  if (asked > MAX_HONOURED_WAIT_MS) return undefined;
  return asked + random() * Math.min(MAX_ASKED_JITTER_MS, asked / 10);
}

/** Jittered exponential backoff: spreads out the retries of many cron jobs that failed at once. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, BASE_DELAY_MS * 2 ** attempt);
  return ceiling / 2 + random() * (ceiling / 2);
}

function askedDelayMs(
  headers: IncomingHttpHeaders | undefined,
  nowMs: number,
  rateLimited: boolean,
): number | undefined {
  if (!headers) return undefined;
  const retryAfter = headers['retry-after'];
  if (typeof retryAfter === 'string' && retryAfter.trim() !== '') {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - nowMs);
  }
  const resetAt = Number(headers['x-rate-limit-retry']);
  if (rateLimited && headers['x-rate-limit-retry'] !== undefined && Number.isFinite(resetAt)) {
    return Math.max(0, resetAt * 1000 - nowMs);
  }
  return undefined;
}

/**
 * When the service asks for a wait longer than promo sits through: a sentence saying what it asked
 * and when the limit resets, for the error. Only numbers are quoted: header text may be hostile.
 */
export function describeRefusedWait(
  status: number,
  headers: IncomingHttpHeaders,
  nowMs: number,
): string | undefined {
  const asked = askedDelayMs(headers, nowMs, status === 429);
  if (asked === undefined || asked <= MAX_HONOURED_WAIT_MS) return undefined;
  const source = typeof headers['retry-after'] === 'string' ? 'Retry-After' : 'X-Rate-Limit-Retry';
  const at = new Date(nowMs + asked).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    `The service asked promo to wait ${Math.round(asked / 1000)} s (${source}), longer than promo waits ` +
    `(${MAX_HONOURED_WAIT_MS / 1000} s): ${status === 429 ? 'the rate limit resets' : 'try again'} at ${at}.`
  );
}

export interface RateLimitState {
  remaining?: number;
  resetAtMs?: number;
  seenAtMs?: number;
}

/** Below this many requests left in the window, a run starts spacing its requests out. */
export const SLOW_DOWN_BELOW = 5;

/**
 * Before sending: when the last answer said few requests are left in the window, spread the
 * remaining ones over the time to the reset instead of running into 429. A reset further away
 * than a cron job should sit through is not waited for: the service then answers 429 and the run
 * ends with exit 5 at once, instead of after a long pointless wait.
 */
export function slowDownMs(state: RateLimitState, nowMs: number): number {
  const { remaining, resetAtMs } = state;
  if (remaining === undefined || resetAtMs === undefined || resetAtMs <= nowMs) return 0;
  const untilReset = resetAtMs - nowMs;
  if (untilReset > MAX_HONOURED_WAIT_MS || remaining >= SLOW_DOWN_BELOW) return 0;
  if (remaining <= 0) return untilReset;
  return untilReset / (remaining + 1);
}
