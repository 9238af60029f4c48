// Small checks of a create body's fields. A failure is a UsageError naming the option that sets
// the field, the field's path in the body, and the rule, so that a value from --body or an NDJSON
// line is as easy to find as one from a flag.
import { UsageError } from '../../../base/errors.js';
import { isObject, type JsonObject } from '../../../base/json.js';
import { flagFor, ruleFor } from './fields.js';

export type Json = JsonObject;

export function bad(path: string, rule: string): never {
  const flag = flagFor(path);
  throw new UsageError(flag ? `${flag} (${path}) ${rule}` : `${path} ${rule}`);
}

export { isObject };

export const given = (value: unknown) => value !== undefined && value !== null;
export const shown = (value: unknown) => JSON.stringify(value);

export function nonNegativeInteger(value: unknown, path: string, what = 'a whole number, 0 or more'): void {
  if (!given(value)) return;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    bad(path, `must be ${what}, not ${shown(value)}`);
}

/** The value at `path` keeps its field's rule (fields.ts), when it is given. */
export function keeps(value: unknown, path: string): void {
  const rule = ruleFor(path);
  if (rule && given(value) && !rule.test(value)) bad(path, `${rule.text}, not ${shown(value)}`);
}

export function string(value: unknown, path: string, nonEmpty = true): void {
  if (!given(value)) return;
  if (typeof value !== 'string' || (nonEmpty && value.trim() === ''))
    bad(path, `must be ${nonEmpty ? 'a non-empty' : 'a'} string`);
}

export function oneOf(value: unknown, path: string, allowed: readonly string[]): void {
  if (!given(value)) return;
  if (typeof value !== 'string' || !allowed.includes(value))
    bad(path, `must be one of ${allowed.join(', ')}, not ${shown(value)}`);
}

export function object(value: unknown, path: string): Json | undefined {
  if (!given(value)) return undefined;
  if (!isObject(value)) bad(path, 'must be an object');
  return value;
}

export function days(value: unknown, path: string, required = false): number[] | undefined {
  if (!given(value)) {
    if (required) bad(path, 'is required (days of the week, 0 = Sunday … 6 = Saturday)');
    return undefined;
  }
  if (!Array.isArray(value) || (required && value.length === 0))
    bad(path, 'must be a list of days of the week 0..6');
  value.forEach((day, i) => {
    if (typeof day !== 'number' || !Number.isInteger(day) || day < 0 || day > 6) {
      bad(`${path}[${i}]`, `must be a day of the week from 0 (Sunday) to 6 (Saturday), not ${shown(day)}`);
    }
  });
  return value as number[];
}
