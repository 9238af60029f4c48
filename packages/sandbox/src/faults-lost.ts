// Faults that strike after the service acted: the voucher is created (or the event stored), then
// the answer is lost to a 502, a 504 or a broken connection. Clients must not take such an answer
// for a failure; these knobs let tests and people rehearse exactly that.

/** How an answer is lost: the connection breaks, or a gateway answers 502 or 504 in its place. */
export type LostAnswer = 'reset' | 502 | 504;

export const LOST_ANSWERS: readonly LostAnswer[] = ['reset', 502, 504];

export interface LostAnswerFaults {
  /** Probability 0..1, for each request that changed the state, that its answer is lost. */
  rate: number;
  /** How, one picked at random each time; default all three. */
  as?: LostAnswer[];
  /** Only requests with this method. */
  method?: string;
  /** Only requests whose raw path starts with this, e.g. `/v1/vouchers`. */
  path?: string;
}

/** Decides whether the answer of a request that changed the state is lost, and how. */
export function pickLostAnswer(
  faults: LostAnswerFaults | undefined,
  method: string,
  rawPath: string,
  random: () => number,
): LostAnswer | undefined {
  if (!faults) return undefined;
  if (faults.method && faults.method.toUpperCase() !== method.toUpperCase()) return undefined;
  if (faults.path && !rawPath.startsWith(faults.path)) return undefined;
  if (random() >= faults.rate) return undefined;
  const ways = faults.as && faults.as.length > 0 ? faults.as : LOST_ANSWERS;
  return ways[Math.floor(random() * ways.length)] ?? ways[0];
}

/** What is wrong with a `lostAnswers` value (from the control API or a caller), or undefined when nothing is. */
export function lostAnswersProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'lostAnswers must be an object: {"rate": 0.05, "as": ["reset", 504], "method": "POST", "path": "/v1/vouchers"}';
  }
  const { rate, as, method, path } = value as Record<string, unknown>;
  if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1))
    return 'lostAnswers.rate must be a probability from 0 to 1';
  if (
    as !== undefined &&
    (!Array.isArray(as) || !as.every((way) => LOST_ANSWERS.includes(way as LostAnswer)))
  ) {
    return 'lostAnswers.as must be a list of "reset", 502 and 504';
  }
  if (method !== undefined && typeof method !== 'string') return 'lostAnswers.method must be a string';
  if (path !== undefined && (typeof path !== 'string' || !path.startsWith('/'))) {
    return 'lostAnswers.path must be a path starting with /';
  }
  return undefined;
}
