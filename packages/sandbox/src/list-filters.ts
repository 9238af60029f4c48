// The service's deepObject `filters` query parameter, read from the raw query string because
// URLSearchParams knows nothing of brackets:
//   filters[name][conditions][$starts_with]=Summer
//   filters[campaign_type][conditions][$in][0]=DISCOUNT_COUPONS&...[$in][1]=GIFT_VOUCHERS
//   filters[junction]=or
// Brackets may arrive percent-encoded (%5B, %5D) or not; both decode to the same key.
import type { FilterOperator } from './facts/filters.js';
import { invalidQuery } from './list-params.js';

const LIST_OPERATORS: readonly FilterOperator[] = ['$in', '$not_in'];
/** A field a `*` entry accepts: a name, or names joined by dots (metadata.region). */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;
// Operators that compare with whole values, which an enumerated field restricts.
const VALUE_OPERATORS: readonly FilterOperator[] = ['$in', '$not_in', '$is', '$is_not'];
// The presence checks take an empty string as their value, so any value is accepted and ignored.
const PRESENCE_OPERATORS: readonly FilterOperator[] = ['$has_value', '$is_unknown'];

/**
 * What a list accepts per field: its operators and, for enumerations, the values they may compare
 * with. A key ending in `.*` (such as `metadata.*`) stands for every field under that object.
 */
export type FilterFields = Record<
  string,
  { operators: readonly FilterOperator[]; values?: readonly string[] }
>;

export interface FilterCondition {
  field: string;
  operator: FilterOperator;
  values: string[];
}

export interface Filters {
  junction: 'and' | 'or';
  conditions: FilterCondition[];
  /** Milliseconds since the epoch, for the operators counted in days from now. */
  nowMs?: number;
}

export function parseFilters(rawQuery: string, fields: FilterFields, nowMs?: number): Filters {
  let junction: Filters['junction'] = 'and';
  // Values gathered per field and operator; list operators keep their index so [1] may precede [0].
  const gathered = new Map<
    string,
    { field: string; operator: FilterOperator; entries: Array<[number, string]> }
  >();

  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const key = decode(at < 0 ? pair : pair.slice(0, at));
    if (key !== 'filters' && !key.startsWith('filters[')) continue;
    const value = decode(at < 0 ? '' : pair.slice(at + 1));
    const path = bracketPath(key);

    if (path.length === 1 && path[0] === 'junction') {
      const lower = value.toLowerCase();
      if (lower !== 'and' && lower !== 'or') throw invalidQuery(key, `must be 'and' or 'or', got '${value}'`);
      junction = lower;
      continue;
    }
    const { field, op, isList, index } = readConditionKey(key, path, fields);
    const slot = `${field} ${op}`;
    const group = gathered.get(slot) ?? { field, operator: op, entries: [] };
    gathered.set(slot, group);
    if (!isList && group.entries.length > 0) throw invalidQuery(key, 'is given more than once');
    // Without an index a list operator also accepts one comma-separated value.
    const items = isList && index === undefined ? value.split(',').map((item) => item.trim()) : [value];
    for (const item of items) {
      // An empty list item (`$in=A,` or `$in[0]=`) selects nothing, so it is dropped.
      if (isList && item === '') continue;
      group.entries.push([index ? Number(index) : group.entries.length, item]);
    }
  }

  const conditions = [...gathered.values()].map(({ field, operator, entries }) => {
    const values = entries.sort((a, b) => a[0] - b[0]).map(([, item]) => item);
    checkValues(field, operator, values, fields[field]?.values);
    return { field, operator, values };
  });
  return { junction, conditions, nowMs };
}

/** Checks `filters[<field>][conditions][<operator>]` (with an index for list operators) against the fields. */
function readConditionKey(key: string, path: string[], fields: FilterFields) {
  const [field, conditions, operator, index, ...extra] = path;
  if (field === undefined || conditions !== 'conditions' || operator === undefined || extra.length > 0) {
    throw invalidQuery(key, 'is not of the form filters[<field>][conditions][<operator>]');
  }
  // A list whose filters take any field of its records says so with a `*` entry.
  const spec =
    fields[field] ?? nestedSpec(fields, field) ?? (FIELD_NAME.test(field) ? fields['*'] : undefined);
  if (!spec) {
    throw invalidQuery(key, `names an unknown field '${field}'; known: ${Object.keys(fields).join(', ')}`);
  }
  const op = spec.operators.find((known) => known === operator);
  if (!op) {
    throw invalidQuery(key, `uses an unknown operator '${operator}'; allowed: ${spec.operators.join(', ')}`);
  }
  const isList = LIST_OPERATORS.includes(op);
  if (index !== undefined && !(isList && /^\d*$/.test(index))) {
    throw invalidQuery(key, `takes ${isList ? 'a numeric index' : 'a single value, not a list'}`);
  }
  return { field, op, isList, index };
}

function nestedSpec(fields: FilterFields, field: string) {
  const dot = field.indexOf('.');
  return dot > 0 && dot < field.length - 1 ? fields[`${field.slice(0, dot)}.*`] : undefined;
}

/** A field's value; `metadata.region` reads inside `metadata` when the record has no such field itself. */
function fieldValue(record: Record<string, unknown>, field: string): unknown {
  if (Object.hasOwn(record, field)) return record[field];
  const dot = field.indexOf('.');
  if (dot <= 0) return undefined;
  const parent = record[field.slice(0, dot)];
  return typeof parent === 'object' && parent !== null
    ? (parent as Record<string, unknown>)[field.slice(dot + 1)]
    : undefined;
}

function checkValues(
  field: string,
  operator: FilterOperator,
  values: string[],
  allowed?: readonly string[],
): void {
  const name = `filters[${field}][conditions][${operator}]`;
  if (LIST_OPERATORS.includes(operator)) {
    if (values.length === 0) throw invalidQuery(name, 'needs at least one value');
  } else if (!PRESENCE_OPERATORS.includes(operator) && values[0] === '') {
    throw invalidQuery(name, 'needs a non-empty value');
  }
  if (allowed && VALUE_OPERATORS.includes(operator)) {
    const wrong = values.find((item) => !allowed.includes(item));
    if (wrong !== undefined) throw invalidQuery(name, `must be one of ${allowed.join(', ')}, got '${wrong}'`);
  }
}

/** Whether a record passes the filters; an absent or null field counts as having no value. */
export function matchesFilters(record: Record<string, unknown>, filters: Filters): boolean {
  if (filters.conditions.length === 0) return true;
  const test = (condition: FilterCondition) =>
    matchesCondition(fieldValue(record, condition.field), condition, filters.nowMs ?? Date.now());
  return filters.junction === 'or' ? filters.conditions.some(test) : filters.conditions.every(test);
}

const DAY_MS = 86_400_000;

/** Dates compare as instants, numbers as numbers; what is neither matches no such condition. */
function compareTo(raw: unknown, sample: string): number | undefined {
  if (typeof raw === 'number') {
    const n = Number(sample);
    return Number.isFinite(n) ? raw - n : undefined;
  }
  if (typeof raw !== 'string') return undefined;
  const a = Date.parse(raw);
  const b = Date.parse(sample);
  if (Number.isFinite(a) && Number.isFinite(b)) return a - b;
  const x = Number(raw);
  const y = Number(sample);
  return Number.isFinite(x) && Number.isFinite(y) ? x - y : undefined;
}

/** Whole days between now and a date, and whether the date is past; undefined for no date. */
function daysAway(raw: unknown, nowMs: number): { days: number; past: boolean } | undefined {
  const at = typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
  if (!Number.isFinite(at)) return undefined;
  return { days: Math.floor(Math.abs(at - nowMs) / DAY_MS), past: at < nowMs };
}

function matchesMore(raw: unknown, operator: FilterOperator, sample: string, nowMs: number): boolean {
  const days = Number(sample);
  const count = Array.isArray(raw) ? raw.length : undefined;
  const away = daysAway(raw, nowMs);
  const ago = away?.past ? away.days : undefined;
  const ahead = away && !away.past ? away.days : undefined;
  const cmp = compareTo(raw, sample);
  switch (operator) {
    case '$after':
    case '$more_than':
      return cmp !== undefined && cmp > 0;
    case '$before':
    case '$less_than':
      return cmp !== undefined && cmp < 0;
    case '$more_than_equal':
      return cmp !== undefined && cmp >= 0;
    case '$less_than_equal':
      return cmp !== undefined && cmp <= 0;
    case '$is_days_ago':
      return ago === days;
    case '$is_days_in_future':
      return ahead === days;
    case '$more_than_ago':
      return ago !== undefined && ago > days;
    case '$less_than_ago':
      return ago !== undefined && ago < days;
    case '$more_than_future':
      return ahead !== undefined && ahead > days;
    case '$less_than_future':
      return ahead !== undefined && ahead < days;
    case '$count':
      return count === days;
    case '$count_less':
      return count !== undefined && count < days;
    case '$count_more':
      return count !== undefined && count > days;
    default:
      return false;
  }
}

function matchesCondition(raw: unknown, { operator, values }: FilterCondition, nowMs: number): boolean {
  const value = raw === undefined || raw === null || raw === '' ? undefined : String(raw);
  const sample = values[0] ?? '';
  switch (operator) {
    case '$in':
      return value !== undefined && values.includes(value);
    case '$not_in':
      return value === undefined || !values.includes(value);
    case '$is':
      return value === sample;
    case '$is_not':
      return value !== sample;
    case '$has_value':
      return value !== undefined;
    case '$is_unknown':
      return value === undefined;
    case '$starts_with':
      return value?.startsWith(sample) ?? false;
    case '$ends_with':
      return value?.endsWith(sample) ?? false;
    case '$contains':
      return value?.includes(sample) ?? false;
    case '$not_contain':
      return !(value?.includes(sample) ?? false);
    default:
      return matchesMore(raw, operator, sample, nowMs);
  }
}

/** `filters[a][b]` -> ['a', 'b']; anything that is not a clean chain of brackets is refused. */
function bracketPath(key: string): string[] {
  const rest = key.slice('filters'.length);
  if (rest === '' || !/^(\[[^[\]]*\])+$/.test(rest)) {
    throw invalidQuery(key, 'must be written as filters[<field>][conditions][<operator>]=<value>');
  }
  return [...rest.matchAll(/\[([^[\]]*)\]/g)].map((match) => match[1] ?? '');
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw invalidQuery(text, 'is not valid percent-encoding');
  }
}
