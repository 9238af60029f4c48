// --filter: a small grammar a person can type, turned into the service's deepObject conditions.
//   field=value  field!=value  field^=prefix  field$=suffix  field~=text  field!~=text
//   field in A,B  field not in A,B  field? (has a value)  field!? (has none)
// What it cannot say is refused before anything is sent.

import { SUBSTRING_OPERATORS, TEMPLATE_CAMPAIGN_TYPES } from 'promo-sandbox/facts/filters';
import { type FilterFields, filterFieldNames } from '../../api/filter-fields.js';
import type { FilterCondition, FilterOperator } from '../../api/templates.js';
import { UsageError } from '../../base/errors.js';
import { closest } from '../../base/suggest.js';

/** --filter and --junction, as every list command that filters takes them. */
export function filterOptions(example: string) {
  return {
    filter: {
      type: 'list',
      short: 'f',
      value: 'expr',
      help: `a condition such as ${example} (repeatable; grammar below)`,
    },
    junction: { type: 'value', value: 'and|or', help: 'how the filters combine (default and)' },
  } as const;
}

/** The grammar of --filter, for the help of every command that takes it. */
export const FILTER_GRAMMAR = `
Filters (--filter, repeatable; joined with --junction, default and):
  field=value        is                 field!=value       is not
  field^=prefix      starts with        field$=suffix      ends with
  field~=text        contains           field!~=text       does not contain
  'field in A,B'     is one of          'field not in A,B' is none of
  'field?'           has a value        'field!?'          has no value`;

export const FILTER_HELP = `${FILTER_GRAMMAR}
Fields the service documents: id, name, campaign_type (DISCOUNT_COUPONS or GIFT_VOUCHERS; its
values may be typed in lower case; no ~= or !~=), and a template's description, created_at and
updated_at; any other field is refused (exit 2). Spaces around values are ignored; list items
cannot contain commas; each field takes each operator once.`;

const FIELD = '[A-Za-z_][A-Za-z0-9_.]*';
const SYMBOL_FORM = new RegExp(`^(${FIELD})\\s*(!~=|\\^=|\\$=|~=|!=|=)(.*)$`, 's');
const LIST_FORM = new RegExp(`^(${FIELD})\\s+(not\\s+in|in)\\s+(.*)$`, 'is');
const PRESENCE_FORM = new RegExp(`^(${FIELD})\\s*(!\\?|\\?)$`);

const SYMBOL_OPERATORS: Record<string, FilterOperator> = {
  '=': '$is',
  '!=': '$is_not',
  '^=': '$starts_with',
  '$=': '$ends_with',
  '~=': '$contains',
  '!~=': '$not_contain',
};

/** Enumerated fields of the vendor's filter schema, and the operators they lack. */
const ENUMERATIONS: Record<string, { values: readonly string[]; without: readonly FilterOperator[] }> = {
  campaign_type: { values: TEMPLATE_CAMPAIGN_TYPES, without: SUBSTRING_OPERATORS },
};
const VALUE_OPERATORS: FilterOperator[] = ['$is', '$is_not', '$in', '$not_in'];

/** `what`: the items the list holds, in the plural (`vouchers`), for the words of a hint. */
export function parseFilter(expression: string, what = 'items'): FilterCondition {
  const text = expression.trim();
  const presence = PRESENCE_FORM.exec(text);
  if (presence) {
    return checked(expression, {
      field: presence[1]!,
      operator: presence[2] === '?' ? '$has_value' : '$is_unknown',
      values: [],
    });
  }
  const list = LIST_FORM.exec(text);
  if (list) {
    const items = list[3]!.split(',').map((item) => item.trim());
    if (items.some((item) => item === '')) {
      throw new UsageError(`--filter '${expression}': a list needs values separated by single commas`);
    }
    const negated = /^not/i.test(list[2]!);
    return checked(expression, { field: list[1]!, operator: negated ? '$not_in' : '$in', values: items });
  }
  const symbol = SYMBOL_FORM.exec(text);
  if (symbol) {
    const [, field, op, rest] = symbol;
    const value = rest!.trim();
    if (op === '=' && value.startsWith('=')) {
      throw new UsageError(`--filter '${expression}': equality is a single '=', as in ${field}=VALUE`);
    }
    if (value === '') {
      throw new UsageError(
        `--filter '${expression}': '${op}' needs a value after it`,
        `To select ${what} where ${field} is empty, write '${field}!?'.`,
      );
    }
    return checked(expression, { field: field!, operator: SYMBOL_OPERATORS[op!]!, values: [value] });
  }
  throw new UsageError(
    `--filter '${expression}' is not a filter promo can read`,
    "Write field=value, field!=value, field^=prefix, field$=suffix, field~=text, field!~=text, 'field in A,B', 'field not in A,B', field? or field!? (see --help).",
  );
}

/** The vendor's schema limits campaign_type to its two values and leaves out the substring operators. */
function checked(expression: string, condition: FilterCondition): FilterCondition {
  const enumeration = ENUMERATIONS[condition.field];
  if (!enumeration) return condition;
  if (enumeration.without.includes(condition.operator)) {
    throw new UsageError(
      `--filter '${expression}': ${condition.field} cannot be searched for a substring (~= or !~=)`,
      `Compare whole values: ${condition.field}=${enumeration.values[0]}, or '${condition.field} in ${enumeration.values.join(',')}'.`,
    );
  }
  if (!VALUE_OPERATORS.includes(condition.operator)) return condition;
  const values = condition.values.map((value) => {
    const known = enumeration.values.find((v) => v === value.toUpperCase());
    if (!known) {
      throw new UsageError(
        `--filter '${expression}': ${condition.field} must be one of ${enumeration.values.join(', ')}, not '${value}'`,
      );
    }
    return known;
  });
  return { ...condition, values };
}

/**
 * Every --filter, refusing two conditions that the deepObject would write under the same key and,
 * given the list's `known` fields, a field the service does not filter on (it would match nothing).
 * `what` names the list's items in the plural (`vouchers`), for the words of errors and hints.
 */
export function parseFilters(
  expressions: string[],
  known: { fields?: FilterFields; what: string },
): FilterCondition[] {
  const conditions: FilterCondition[] = [];
  const seen = new Map<string, string>();
  for (const expression of expressions) {
    const condition = parseFilter(expression, known.what);
    if (known.fields) checkField(expression, condition.field, known.fields, known.what);
    const slot = `${condition.field} ${condition.operator}`;
    const earlier = seen.get(slot);
    if (earlier !== undefined) {
      throw new UsageError(
        `--filter '${earlier}' and '${expression}' put the same operator on ${condition.field} twice, which the service cannot take`,
        condition.operator === '$in' || condition.operator === '$not_in'
          ? 'Write one list with every value.'
          : 'Keep one of them.',
      );
    }
    seen.set(slot, expression);
    conditions.push(condition);
  }
  return conditions;
}

/** A field of the list's filters, a member of one of its objects, or any `metadata.KEY` where it has metadata. */
function checkField(expression: string, field: string, known: FilterFields, what: string): void {
  const [head = '', ...rest] = field.split('.');
  const member = rest.join('.');
  if (rest.length === 0 ? known.fields.includes(head) : known.members?.[head]?.includes(member)) return;
  if (head === 'metadata' && member !== '' && known.fields.includes('metadata')) return;
  const close = closest(field, filterFieldNames(known));
  const metadata = known.fields.includes('metadata') ? '; metadata.KEY for any metadata key' : '';
  throw new UsageError(
    `--filter '${expression}': ${what} have no field '${field}' to filter on${close.length ? `; did you mean ${close.map((c) => `'${c}'`).join(' or ')}?` : ''}`,
    `Fields: ${known.fields.join(', ')}${metadata}.`,
  );
}
