// Rate limits the way the service counts them: requests in fixed windows aligned to the clock, and
// the bulk calls (the voucher import) in windows of their own, which the per-request limit does not
// count. Over a limit the answer is 429; a bulk 429 says so in X-Rate-Limit-Type.
import { isBulkCall } from './bulk-calls.js';

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** Where a request stands against its rate limit; the values of the X-Rate-Limit-* headers. */
export interface RateLimitStatus {
  limit: number;
  remaining: number;
  /** Unix seconds when the current window ends. */
  resetAt: number;
  allowed: boolean;
}

/** Generous enough that no test or person meets it unless a fault asks for a limit. */
export const DEFAULT_RATE_LIMIT: RateLimit = { limit: 6000, windowSeconds: 60 };
/** The service's bulk limit is hourly and smaller; this default is still out of everyday reach. */
export const DEFAULT_BULK_RATE_LIMIT: RateLimit = { limit: 1000, windowSeconds: 3600 };
export const BULK_LIMIT_TYPE = 'bulk_api_calls';

/** Counts requests in fixed windows aligned to the clock, the way a quota per minute or hour works. */
class WindowCounter {
  private windowStart = Number.NaN;
  private count = 0;

  hit(nowMs: number, { limit, windowSeconds }: RateLimit): RateLimitStatus {
    const status = this.peek(nowMs, { limit, windowSeconds });
    this.count += 1;
    return { ...status, remaining: Math.max(0, limit - this.count), allowed: this.count <= limit };
  }

  peek(nowMs: number, { limit, windowSeconds }: RateLimit): RateLimitStatus {
    const windowMs = windowSeconds * 1000;
    const start = Math.floor(nowMs / windowMs) * windowMs;
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.count = 0;
    }
    const resetAt = Math.ceil((start + windowMs) / 1000);
    return { limit, remaining: Math.max(0, limit - this.count), resetAt, allowed: this.count < limit };
  }

  clear(): void {
    this.windowStart = Number.NaN;
    this.count = 0;
  }
}

export function rateLimitHeaders(status: RateLimitStatus): Record<string, string> {
  return {
    'X-Rate-Limit-Limit': String(status.limit),
    'X-Rate-Limit-Remaining': String(status.remaining),
    'X-Rate-Limit-Retry': String(status.resetAt),
  };
}

export interface RateLimitOptions {
  rateLimit?: RateLimit;
  bulkRateLimit?: RateLimit;
}

/** The two counters, each request counted by the one its kind belongs to. */
export class RateLimiter {
  private readonly requests = new WindowCounter();
  private readonly bulk = new WindowCounter();

  constructor(private readonly now: () => number) {}

  clear(): void {
    this.requests.clear();
    this.bulk.clear();
  }

  private pick(options: RateLimitOptions, method: string, rawPath: string) {
    return isBulkCall(method, rawPath)
      ? { counter: this.bulk, limit: options.bulkRateLimit ?? DEFAULT_BULK_RATE_LIMIT, bulk: true }
      : { counter: this.requests, limit: options.rateLimit ?? DEFAULT_RATE_LIMIT, bulk: false };
  }

  /** Counts the request; the headers of a 429 when it is over its limit, else undefined. */
  hit(options: RateLimitOptions, method: string, rawPath: string): Record<string, string> | undefined {
    const { counter, limit, bulk } = this.pick(options, method, rawPath);
    const status = counter.hit(this.now(), limit);
    if (status.allowed) return undefined;
    const secondsLeft = Math.max(1, status.resetAt - Math.floor(this.now() / 1000));
    return {
      ...rateLimitHeaders(status),
      'Retry-After': String(secondsLeft),
      ...(bulk ? { 'X-Rate-Limit-Type': BULK_LIMIT_TYPE } : {}),
    };
  }

  /** The X-Rate-Limit-* headers of an answer: where the window of the request's kind stands. */
  headers(options: RateLimitOptions, method: string, rawPath: string): Record<string, string> {
    const { counter, limit } = this.pick(options, method, rawPath);
    return rateLimitHeaders(counter.peek(this.now(), limit));
  }
}
