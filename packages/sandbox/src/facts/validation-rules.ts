// Validation rules: the service's `rules` object (numbered rules, each a name, a property, conditions
// and nested rules, joined by a `logic` string such as "1 and (2 or 3)"), what of it is imitated, and
// how it judges an order, a customer and their earlier uses. The sandbox decides with it; promo uses
// it to say which rule a refused code broke, with the numbers. What it cannot judge for lack of data
// (promo does not know a customer's uses) is `unknown`, never a guess.

export type Json = Record<string, unknown>;

/** Rule names judged here; the service has more (order.metadata, campaign totals…), refused by name. */
export const AMOUNT_RULES = ['order.amount', 'order.total_amount'] as const;
export const ITEM_RULES = ['order.items.any', 'order.items.every', 'order.items.none'] as const;
export const QUANTITY_RULES = ['product.quantity', 'sku.quantity'] as const;
export const USE_RULES = [
  'redemption.count.per_customer',
  'redemption.count.per_customer.daily',
  'redemption.count.per_customer.weekly',
  'redemption.count.per_customer.monthly',
] as const;
export const CUSTOMER_RULES = ['customer.metadata'] as const;
/** Static segments only: membership is a list the service keeps, and the sandbox keeps it too. */
export const SEGMENT_RULES = ['customer.segment'] as const;
/** In one of the segments named, or in none of them. */
export const SEGMENT_OPS = ['$is', '$in', '$is_not', '$not_in'];

/** Comparisons, with both spellings the vendor's papers use for "or equal". */
const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  $more_than: (a, b) => a > b,
  $more_than_equal: (a, b) => a >= b,
  $more_than_or_equal: (a, b) => a >= b,
  $less_than: (a, b) => a < b,
  $less_than_equal: (a, b) => a <= b,
  $less_than_or_equal: (a, b) => a <= b,
  $is: (a, b) => a === b,
  $is_not: (a, b) => a !== b,
};
export const TEXT_OPS = [
  '$is',
  '$is_not',
  '$in',
  '$not_in',
  '$contains',
  '$starts_with',
  '$ends_with',
  '$exists',
];
export const NUMBER_OPS = Object.keys(COMPARE);

export type RuleKey = 'order_rules_violated' | 'customer_rules_violated' | 'redemption_rules_violated';

/** The service's key for a rule that fails, by the rule's name. */
export function ruleKey(name: string): RuleKey {
  if (name.startsWith('customer.')) return 'customer_rules_violated';
  if (name.startsWith('redemption.')) return 'redemption_rules_violated';
  return 'order_rules_violated';
}

/** An order line as rules see it: what names it and how many. */
export interface RuleItem {
  product_id?: string | null;
  sku_id?: string | null;
  source_id?: string | null;
  related_object?: string | null;
  quantity?: number | null;
}

/** Customer's earlier successful uses of the code: ever, today, this week, this month. */
export interface Uses {
  total: number;
  daily: number;
  weekly: number;
  monthly: number;
}

/** What rules judge; `undefined` means promo does not know it (only the sandbox knows uses). */
export interface RuleFacts {
  amount: number;
  /** The total after the codes before this one. */
  total_amount: number;
  items: RuleItem[];
  customer: { metadata: Json } | null | undefined;
  uses: Uses | null | undefined;
  /** The ids of the segments the customer is in; null: no customer; absent: not known. */
  segments?: readonly string[] | null;
}

export interface RuleEntry extends Json {
  name: string;
  property?: string | null;
  conditions: Record<string, unknown[]>;
  rules?: Record<string, RuleEntry>;
  error?: { message?: string | null } | null;
}

/** A rule that failed: its number, itself and its key. */
export interface Broken {
  number: string;
  rule: RuleEntry;
  key: RuleKey;
}

/** true: met; Broken: failed; null: cannot tell (data missing). */
type Verdict = true | Broken | null;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The numbered rules of a rules object, in their order. */
export function numbered(rules: Json): Array<[string, RuleEntry]> {
  return Object.entries(rules)
    .filter(([key]) => key !== 'logic')
    .sort(([a], [b]) => Number(a) - Number(b)) as Array<[string, RuleEntry]>;
}

/** A product or SKU named in an item rule's `$is`/`$in` list: matches lines by id or source id. */
export function itemMatches(ref: unknown, line: RuleItem): boolean {
  if (!isRecord(ref)) return false;
  const names = [ref.id, ref.source_id].filter((v): v is string => typeof v === 'string' && v !== '');
  const sku = ref.object === 'sku';
  const own = sku ? [line.sku_id] : [line.product_id];
  if (line.source_id && (sku ? line.related_object === 'sku' : line.related_object !== 'sku'))
    own.push(line.source_id);
  return own.some((value) => typeof value === 'string' && names.includes(value));
}

function compare(value: number, conditions: Json): boolean {
  return Object.entries(conditions).every(([op, values]) =>
    (values as unknown[]).every((b) => COMPARE[op]?.(value, Number(b)) ?? false),
  );
}

function textMatch(value: unknown, op: string, wanted: unknown[]): boolean {
  const text = value === undefined || value === null ? undefined : String(value);
  const words = wanted.map(String);
  switch (op) {
    case '$is':
    case '$in':
      return text !== undefined && words.includes(text);
    case '$is_not':
    case '$not_in':
      return text === undefined || !words.includes(text);
    case '$contains':
      return text !== undefined && words.some((w) => text.includes(w));
    case '$starts_with':
      return text !== undefined && words.some((w) => text.startsWith(w));
    case '$ends_with':
      return text !== undefined && words.some((w) => text.endsWith(w));
    case '$exists':
      return (text !== undefined) === (wanted[0] !== false);
    default:
      return typeof value === 'number' && COMPARE[op] !== undefined && compare(value, { [op]: wanted });
  }
}

/** How many uses a per-customer rule counts, by its period. */
export function usesOf(name: string, uses: Uses): number {
  const period = name.split('.')[3] as 'daily' | 'weekly' | 'monthly' | undefined;
  return period ? uses[period] : uses.total;
}

function leaf(number: string, rule: RuleEntry, facts: RuleFacts): Verdict {
  const broken: Broken = { number, rule, key: ruleKey(rule.name) };
  const name = rule.name;
  const ok = (met: boolean): Verdict => (met ? true : broken);
  if (name === 'order.amount') return ok(compare(facts.amount, rule.conditions));
  if (name === 'order.total_amount') return ok(compare(facts.total_amount, rule.conditions));
  if ((ITEM_RULES as readonly string[]).includes(name)) {
    const refs = [...(rule.conditions.$is ?? []), ...(rule.conditions.$in ?? [])];
    const nested = numbered(rule.rules ?? {});
    const fits = (line: RuleItem) =>
      refs.some((ref) => itemMatches(ref, line)) &&
      nested.every(([, inner]) => compare(Number(line.quantity ?? 1), inner.conditions));
    if (name === 'order.items.any') return ok(facts.items.some(fits));
    if (name === 'order.items.every') return ok(facts.items.length > 0 && facts.items.every(fits));
    return ok(!facts.items.some((line) => refs.some((ref) => itemMatches(ref, line))));
  }
  if ((USE_RULES as readonly string[]).includes(name)) {
    if (facts.uses === undefined) return null;
    // Without a customer there is no one to count for: the service refuses the code.
    if (facts.uses === null) return broken;
    return ok(compare(usesOf(name, facts.uses) + 1, rule.conditions));
  }
  if (name === 'customer.metadata') {
    if (facts.customer === undefined) return null;
    const value = facts.customer?.metadata[String(rule.property)];
    return ok(Object.entries(rule.conditions).every(([op, wanted]) => textMatch(value, op, wanted)));
  }
  if (name === 'customer.segment') {
    if (facts.segments === undefined) return null;
    const held = facts.segments ?? [];
    return ok(
      Object.entries(rule.conditions).every(([op, wanted]) => {
        const inAny = wanted.some((id) => held.includes(String(id)));
        return op === '$is_not' || op === '$not_in' ? !inAny : inAny;
      }),
    );
  }
  return null;
}

/** Splits "1 and (2 or 3)" into its words. */
function tokens(logic: string): string[] {
  return logic.match(/\(|\)|[A-Za-z]+|\d+/g) ?? [];
}

/** Judges the rules object: the first rule that breaks it, true when met, null when promo cannot tell. */
export function judgeRules(rules: Json, facts: RuleFacts): Verdict {
  const entries = new Map(numbered(rules));
  if (entries.size === 0) return true;
  const given = typeof rules.logic === 'string' ? rules.logic.trim() : '';
  const words = tokens(given === '' ? [...entries.keys()].join(' and ') : given);
  let at = 0;
  const broken = (v: Verdict) => v !== true && v !== null;
  // "and" binds tighter than "or", as in the service's logic strings.
  const term = (): Verdict => {
    const word = String(words[at++]);
    if (word !== '(') {
      const rule = entries.get(word);
      return rule ? leaf(word, rule, facts) : null;
    }
    const inner = anyOf();
    at++; // the closing parenthesis
    return inner;
  };
  const allOf = (): Verdict => {
    let value = term();
    while (words[at]?.toLowerCase() === 'and') {
      at++;
      const next = term();
      if (broken(value)) continue;
      value = broken(next) ? next : value === null || next === null ? null : true;
    }
    return value;
  };
  const anyOf = (): Verdict => {
    let value = allOf();
    while (words[at]?.toLowerCase() === 'or') {
      at++;
      const next = allOf();
      if (value === true || next === true) value = true;
      else if (value === null || next === null) value = null;
    }
    return value;
  };
  return anyOf();
}
