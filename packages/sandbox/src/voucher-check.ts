// Small checks for request bodies. Each failure is the service's 400 with a `details` that names the
// field path and the rule it broke, so that a client (and its tests) can tell which value was wrong.
import { SandboxError } from './types.js';

export type Json = Record<string, unknown>;

export function invalid(path: string, rule: string): never {
  throw new SandboxError(400, 'invalid_payload', 'Invalid payload', `Property ${path} ${rule}`);
}

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A request body: none, or JSON null (what the vendor's SDK sends when given no body), is the empty
 * object, as the service reads it; anything else must be an object.
 */
export function bodyObject(body: unknown): Json {
  if (body === undefined || body === null) return {};
  if (!isRecord(body)) invalid('body', 'must be a JSON object');
  return body;
}

/** Optional fields may be omitted or sent as null (clients often echo the service's own nulls). */
export function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null;
}

export function joinPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

export function requireRecord(value: unknown, path: string): Json {
  if (!isRecord(value)) invalid(path, 'must be an object');
  return value;
}

export function optionalRecord(obj: Json, key: string, parent = ''): Json | null {
  const value = obj[key];
  return isGiven(value) ? requireRecord(value, joinPath(parent, key)) : null;
}

export function optionalString(obj: Json, key: string, parent = ''): string | null {
  const value = obj[key];
  if (!isGiven(value)) return null;
  if (typeof value !== 'string') invalid(joinPath(parent, key), 'must be a string');
  return value;
}

export function optionalNonEmptyString(obj: Json, key: string, parent = ''): string | null {
  const value = optionalString(obj, key, parent);
  if (value === '') invalid(joinPath(parent, key), 'must not be empty');
  return value;
}

export function requireString(obj: Json, key: string, parent = ''): string {
  const value = optionalNonEmptyString(obj, key, parent);
  if (value === null) invalid(joinPath(parent, key), 'is required');
  return value;
}

export function optionalBoolean(obj: Json, key: string, parent = ''): boolean | null {
  const value = obj[key];
  if (!isGiven(value)) return null;
  if (typeof value !== 'boolean') invalid(joinPath(parent, key), 'must be a boolean');
  return value;
}

interface NumberRule {
  integer?: boolean;
  min?: number;
  max?: number;
}

function describe(rule: NumberRule): string {
  const kind = rule.integer ? 'an integer' : 'a number';
  if (rule.min !== undefined && rule.max !== undefined)
    return `must be ${kind} from ${rule.min} to ${rule.max}`;
  if (rule.min !== undefined) return `must be ${kind} greater than or equal to ${rule.min}`;
  return `must be ${kind}`;
}

export function checkNumber(value: unknown, path: string, rule: NumberRule): number {
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!rule.integer || Number.isInteger(value)) &&
    (rule.min === undefined || value >= rule.min) &&
    (rule.max === undefined || value <= rule.max);
  if (!ok) invalid(path, describe(rule));
  return value as number;
}

export function optionalNumber(obj: Json, key: string, parent: string, rule: NumberRule): number | null {
  const value = obj[key];
  return isGiven(value) ? checkNumber(value, joinPath(parent, key), rule) : null;
}

export function requireNumber(obj: Json, key: string, parent: string, rule: NumberRule): number {
  const value = optionalNumber(obj, key, parent, rule);
  if (value === null) invalid(joinPath(parent, key), 'is required');
  return value;
}

export function optionalEnum<T extends string>(
  obj: Json,
  key: string,
  parent: string,
  allowed: readonly T[],
): T | null {
  const value = obj[key];
  if (!isGiven(value)) return null;
  if (!allowed.includes(value as T)) invalid(joinPath(parent, key), `must be one of ${allowed.join(', ')}`);
  return value as T;
}

export function requireEnum<T extends string>(
  obj: Json,
  key: string,
  parent: string,
  allowed: readonly T[],
): T {
  const value = optionalEnum(obj, key, parent, allowed);
  if (value === null) invalid(joinPath(parent, key), `is required (one of ${allowed.join(', ')})`);
  return value;
}

/** An array whose items each pass `check`; null when the field is absent. */
export function optionalArray<T>(
  obj: Json,
  key: string,
  parent: string,
  check: (item: unknown, path: string) => T,
): T[] | null {
  const value = obj[key];
  if (!isGiven(value)) return null;
  const path = joinPath(parent, key);
  if (!Array.isArray(value)) invalid(path, 'must be an array');
  return value.map((item, index) => check(item, joinPath(path, index)));
}

export function dayOfWeek(item: unknown, path: string): number {
  return checkNumber(item, path, { integer: true, min: 0, max: 6 });
}
