// Every answer a command relies on is checked for the fields it uses before anything is printed,
// cached or journaled: a captive portal, a broken deployment or a hostile server can answer 200
// with anything. The checks are the only way to a typed body: `client.call` gives `unknown`, and a
// check's type is what it verifies (`object({ id: text })` is a Check<{ id: string }>), so a field
// promo reads without checking it does not type-check. Small hand-written builders instead of a
// schema library, which would weigh on every start-up.
import { ExitCode, PromoError } from '../base/errors.js';
import type { ApiResponse } from './client.js';

/**
 * Says what is wrong with `value` at `at` (a path such as `body.data[2].id`), or nothing. A value
 * that passes is a T: the type exists only for the compiler.
 */
export interface Check<T> {
  (value: unknown, at: string): string | undefined;
  readonly checks?: T;
}

/** What a check vouches for. */
export type Checked<C> = C extends Check<infer T> ? T : never;

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
  <T>(type: 'string' | 'boolean', label: string): Check<T> =>
  (value, at) =>
    typeof value === type ? undefined : wrong(value, at, label);

export const text: Check<string> = typed('string', 'a string');
export const flag: Check<boolean> = typed('boolean', 'true or false');
export const number: Check<number> = (value, at) =>
  typeof value === 'number' && Number.isFinite(value) ? undefined : wrong(value, at, 'a number');
/** Present but of any type: promo passes it through without reading it. */
export const anything: Check<unknown> = () => undefined;

/** Exactly this value (a discriminating field: `active: true`). */
export function exactly<const T extends string | number | boolean>(expected: T): Check<T> {
  return (value, at) => (value === expected ? undefined : wrong(value, at, JSON.stringify(expected)));
}

/** One of these strings. */
export function oneOf<const T extends string>(...values: T[]): Check<T> {
  return (value, at) =>
    typeof value === 'string' && (values as string[]).includes(value)
      ? undefined
      : wrong(value, at, `one of ${values.join(', ')}`);
}

export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value, at) =>
    value === null ? undefined : check(value, at);

export const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (value, at) =>
    value === undefined ? undefined : check(value, at);

/** Present, absent or null: a field the service may leave out or set to null. */
export const maybe = <T>(check: Check<T>): Check<T | null | undefined> => optional(nullable(check));

type Fields = Record<string, Check<unknown>>;
/** Fields whose check takes `undefined` are optional; others pass through as `unknown`. */
type ObjectOf<F extends Fields> = {
  [K in keyof F as undefined extends Checked<F[K]> ? never : K]: Checked<F[K]>;
} & {
  [K in keyof F as undefined extends Checked<F[K]> ? K : never]?: Checked<F[K]>;
} & { [other: string]: unknown };

/** An object with at least these fields; others pass through unchecked (as `unknown`). */
export function object<F extends Fields>(fields: F): Check<ObjectOf<F>> {
  const entries = Object.entries(fields);
  return (value, at) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return wrong(value, at, 'an object');
    }
    const record = value as Record<string, unknown>;
    for (const [name, check] of entries) {
      const problem = check(record[name], `${at}.${name}`);
      if (problem) return problem;
    }
    return undefined;
  };
}

/** An object of any keys, each value checked (metadata, maps). */
export function record<T>(item: Check<T>): Check<Record<string, T>> {
  return (value, at) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return wrong(value, at, 'an object');
    }
    for (const [key, entry] of Object.entries(value)) {
      const problem = item(entry, `${at}.${key}`);
      if (problem) return problem;
    }
    return undefined;
  };
}

export function list<T>(item: Check<T>): Check<T[]> {
  return (value, at) => {
    if (!Array.isArray(value)) return wrong(value, at, 'an array');
    for (const [i, entry] of value.entries()) {
      const problem = item(entry, `${at}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  };
}

/** Either check may pass (a field the vendor describes one way and answers another). */
export const either =
  <A, B>(first: Check<A>, second: Check<B>): Check<A | B> =>
  (value, at) => {
    const problem = first(value, at);
    return problem === undefined || second(value, at) === undefined ? undefined : problem;
  };

/** Both checks must pass (a shape, then a rule across its fields). */
export const both =
  <A, B>(first: Check<A>, second: Check<B>): Check<A & B> =>
  (value, at) =>
    first(value, at) ?? second(value, at);

/** A rule across fields, on a value whose shape another check vouched for (used with `both`). */
export const rule =
  (problem: (value: unknown, at: string) => string | undefined): Check<unknown> =>
  (value, at) =>
    problem(value, at);

/**
 * The body of a 2xx answer, checked, typed as its check says: the one place an answer becomes a
 * typed value. `operation` names the request in the error (`POST /v1/vouchers`).
 */
export function readAnswer<T>(response: ApiResponse, check: Check<T>, operation: string): T {
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

/** A page of a list: the service's list object, and its items, checked and typed. */
export interface ListAnswer<T, P = Record<string, unknown>> {
  /** The list object as it came (for --raw, cursors, totals). */
  page: P & { data_ref?: string; [field: string]: unknown };
  items: T[];
}

/**
 * A list answer whose items sit under the key its `data_ref` names (the vendor's lists say so;
 * some of its descriptions name another key than the answers use), else under `fallback`. `page`
 * checks the list object's own fields (cursors, `has_more`).
 */
export function readListAnswer<T, P = Record<string, unknown>>(
  response: ApiResponse,
  item: Check<T>,
  fallback: string,
  operation: string,
  page: Check<P> = object({}) as Check<P>,
): ListAnswer<T, P> {
  const body = readAnswer(response, both(object({ data_ref: optional(text) }), page), operation);
  const key = body.data_ref !== undefined && body.data_ref in body ? body.data_ref : fallback;
  const problem = list(item)(body[key], `body.${key}`);
  if (problem) throw new UnreadableAnswerError(response.status, operation, problem);
  return { page: body, items: body[key] as T[] };
}
