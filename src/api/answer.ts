// Every answer a command relies on is checked for the fields it uses before anything is printed or
// cached: a captive portal, a broken deployment or a hostile server can answer 200 with anything.
// Small hand-written checks instead of a schema library, which would weigh on every start-up.
import { ExitCode, PromoError } from '../errors.js';
import type { ApiResponse } from './client.js';

/** Says what is wrong with `value` at `at` (a path such as `body.data[2].id`), or nothing. */
export type Check = (value: unknown, at: string) => string | undefined;

/** A 2xx answer whose body lacks what promo needs from it. Never echoes the body: it may be hostile. */
export class UnreadableAnswerError extends PromoError {
  constructor(
    readonly status: number,
    readonly operation: string,
    readonly problem: string,
  ) {
    super(
      `the service answered ${status} with a body promo cannot read: ${problem} (${operation})`,
      ExitCode.failure,
      'The API URL may point at something other than the service (a proxy or portal page): check it, or retry later.',
    );
  }
}

/** Names what was found instead of what was expected; never the value itself. */
function wrong(value: unknown, at: string, expected: string): string {
  if (value === undefined) return `${at} is missing`;
  const found =
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'an array'
        : typeof value === 'object'
          ? 'an object'
          : `a ${typeof value}`;
  return `${at} is ${found}, not ${expected}`;
}

const typed =
  (type: 'string' | 'boolean', label: string): Check =>
  (value, at) =>
    typeof value === type ? undefined : wrong(value, at, label);

export const text: Check = typed('string', 'a string');
export const flag: Check = typed('boolean', 'true or false');
export const number: Check = (value, at) =>
  typeof value === 'number' && Number.isFinite(value) ? undefined : wrong(value, at, 'a number');
/** Present but of any type: promo passes it through without reading it. */
export const anything: Check = () => undefined;

export const nullable =
  (check: Check): Check =>
  (value, at) =>
    value === null ? undefined : check(value, at);

export const optional =
  (check: Check): Check =>
  (value, at) =>
    value === undefined ? undefined : check(value, at);

/** An object with at least these fields; others pass through unchecked. */
export function object(fields: Record<string, Check>): Check {
  return (value, at) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return wrong(value, at, 'an object');
    }
    const record = value as Record<string, unknown>;
    for (const [name, check] of Object.entries(fields)) {
      const problem = check(record[name], `${at}.${name}`);
      if (problem) return problem;
    }
    return undefined;
  };
}

export function list(item: Check): Check {
  return (value, at) => {
    if (!Array.isArray(value)) return wrong(value, at, 'an array');
    for (const [i, entry] of value.entries()) {
      const problem = item(entry, `${at}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  };
}

/** Both checks must pass (a shape, then a rule across its fields). */
export const both =
  (first: Check, second: Check): Check =>
  (value, at) =>
    first(value, at) ?? second(value, at);

/** The body of a 2xx answer, checked; `operation` names the request in the error (`POST /v1/vouchers`). */
export function readAnswer<T>(response: ApiResponse<unknown>, check: Check, operation: string): T {
  const { body, status } = response;
  const problem =
    body === undefined
      ? 'the body is empty'
      : typeof body === 'string'
        ? 'the body is not JSON'
        : check(body, 'body');
  if (problem) throw new UnreadableAnswerError(status, operation, problem);
  return body as T;
}
