// Query parameters shared by the list operations, validated the way the service answers bad ones:
// 400 `invalid_query_params` with details that name the parameter and the rule it broke.
import { DEFAULT_LIMIT, MAX_LIMIT, MIN_LIMIT } from './facts/lists.js';
import { SandboxError } from './types.js';

export { DEFAULT_LIMIT };

export function invalidQuery(param: string, rule: string): SandboxError {
  return new SandboxError(
    400,
    'invalid_query_params',
    'Invalid query parameters',
    `Query parameter '${param}' ${rule}.`,
  );
}

/** `limit` as an integer 1..100, or undefined when the request leaves it out. */
export function readLimit(query: URLSearchParams): number | undefined {
  const raw = query.get('limit');
  if (raw === null) return undefined;
  const limit = /^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(limit >= MIN_LIMIT && limit <= MAX_LIMIT)) {
    throw invalidQuery('limit', `must be an integer from ${MIN_LIMIT} to ${MAX_LIMIT}, got '${raw}'`);
  }
  return limit;
}

/** One of a fixed set of values, or undefined when the request leaves the parameter out. */
export function readChoice<T extends string>(
  query: URLSearchParams,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw invalidQuery(name, `must be one of ${allowed.join(', ')}, got '${raw}'`);
  }
  return raw as T;
}

/** `true` or `false`; anything else is refused rather than guessed at. */
export function readBoolean(query: URLSearchParams, name: string): boolean | undefined {
  const value = readChoice(query, name, ['true', 'false'] as const);
  return value === undefined ? undefined : value === 'true';
}

/** Ascending comparison of sort keys, for Array.prototype.sort. */
export function compareKeys<T extends string | number>(a: T, b: T): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
