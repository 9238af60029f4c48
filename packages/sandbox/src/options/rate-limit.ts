// A rate limit as people write it, for the --rate-limit options and the `faults` of startSandbox.
const WINDOW_SECONDS: Record<string, number> = {
  s: 1,
  sec: 1,
  second: 1,
  m: 60,
  min: 60,
  minute: 60,
  h: 3600,
  hour: 3600,
};

/** Reads a rate limit as people write it: `100/min`, `100/hour`, `10/s`. */
export function parseRateLimit(text: string): { limit: number; windowSeconds: number } {
  const match = /^\s*(\d+)\s*\/\s*([a-z]+?)s?\s*$/i.exec(text);
  const limit = Number(match?.[1]);
  const windowSeconds = WINDOW_SECONDS[match?.[2]?.toLowerCase() ?? ''];
  if (!match || !windowSeconds || !Number.isSafeInteger(limit) || limit < 1) {
    throw new Error(
      `Invalid rate limit "${text}": expected a positive count per s, min or hour, such as 100/min or 10/s`,
    );
  }
  return { limit, windowSeconds };
}
