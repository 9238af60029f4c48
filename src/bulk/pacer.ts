// When the next request of a bulk run may start. Two limits, whichever is later:
// - `--rate N/min`: requests spaced evenly at that pace;
// - the service's own window, from the headers of its answers: X-Rate-Limit-Remaining (what is
//   left of the window), X-Rate-Limit-Retry (unix seconds when it resets) and Retry-After. While
//   requests are left, the run goes at full speed (concurrency permitting); when the requests in
//   flight would use up the rest, it waits for the reset. So a limited service is used to the full
//   and a run takes the time the limit allows, with 429s only where the window's count was stale.
import type { IncomingHttpHeaders } from 'node:http';
import { UsageError } from '../base/errors.js';

/** After a reset, a little slack for clocks that differ by a few milliseconds. */
const RESET_SLACK_MS = 30;
/** Waits longer than this are not sat through: the service's 429s then end the line as failed. */
const LONGEST_WAIT_MS = 15 * 60_000;

export interface PacerOptions {
  /** Requests a minute, from --rate. */
  perMinute?: number;
  now(): number;
  /** Resolves after `ms`, or at once when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export class Pacer {
  private nextStart = 0;
  private remaining?: number;
  private resetAtMs?: number;
  private blockedUntil = 0;
  private inFlight = 0;
  /** The window's size from X-Rate-Limit-Limit, for the summary's advice. */
  limit?: number;
  /** Answers 429 seen. */
  tooMany = 0;

  constructor(private readonly options: PacerOptions) {}

  /** Waits until a request may start and counts it in flight; false when `signal` aborted first. */
  async acquire(signal?: AbortSignal): Promise<boolean> {
    for (;;) {
      if (signal?.aborted) return false;
      const wait = this.waitMs();
      if (wait <= 0) break;
      await this.options.sleep(Math.min(wait, LONGEST_WAIT_MS), signal);
    }
    const now = this.options.now();
    if (this.options.perMinute)
      this.nextStart = Math.max(now, this.nextStart) + 60_000 / this.options.perMinute;
    this.inFlight += 1;
    return true;
  }

  release(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
  }

  /** Learns from every answer (retries and 429s included). */
  observe(status: number, headers: IncomingHttpHeaders): void {
    const now = this.options.now();
    const limit = Number(headers['x-rate-limit-limit']);
    const remaining = Number(headers['x-rate-limit-remaining']);
    const retryAt = Number(headers['x-rate-limit-retry']);
    if (Number.isFinite(limit) && limit > 0) this.limit = limit;
    if (headers['x-rate-limit-retry'] !== undefined && Number.isFinite(retryAt)) {
      const resetAtMs = retryAt * 1000;
      // A later window: whatever was counted of the earlier one no longer holds.
      if (this.resetAtMs === undefined || resetAtMs >= this.resetAtMs) {
        if (resetAtMs > (this.resetAtMs ?? 0)) this.remaining = undefined;
        this.resetAtMs = resetAtMs;
      }
    }
    if (headers['x-rate-limit-remaining'] !== undefined && Number.isFinite(remaining))
      this.remaining = Math.min(this.remaining ?? remaining, remaining);
    if (status === 429) {
      this.tooMany += 1;
      const after = retryAfterMs(headers, now);
      const until = after !== undefined ? now + after : (this.resetAtMs ?? now + 1000);
      this.blockedUntil = Math.max(this.blockedUntil, until + RESET_SLACK_MS);
      this.remaining = 0;
    }
  }

  private waitMs(): number {
    const now = this.options.now();
    let wait = Math.max(0, this.nextStart - now, this.blockedUntil - now);
    if (this.resetAtMs !== undefined && now >= this.resetAtMs + RESET_SLACK_MS) {
      // The window reset: its count starts again, and answers will tell what is left.
      this.remaining = undefined;
      this.resetAtMs = undefined;
    }
    if (this.remaining !== undefined && this.resetAtMs !== undefined && this.remaining - this.inFlight <= 0)
      wait = Math.max(wait, this.resetAtMs + RESET_SLACK_MS - now);
    return wait;
  }
}

function retryAfterMs(headers: IncomingHttpHeaders, nowMs: number): number | undefined {
  const value = headers['retry-after'];
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - nowMs) : undefined;
}

/** `--rate 600/min`, `10/s`, `3000/hour`, or a bare number a minute. */
export function parseRate(value: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:\/\s*(s|sec|second|m|min|minute|h|hour))?\s*$/i.exec(value);
  const count = match ? Number(match[1]) : Number.NaN;
  if (!match || !(count > 0))
    throw new UsageError(
      `--rate must be requests per minute like 600/min, 10/s or 3000/hour, not '${value}'`,
    );
  const unit = (match[2] ?? 'min').toLowerCase()[0];
  return unit === 's' ? count * 60 : unit === 'h' ? count / 60 : count;
}
