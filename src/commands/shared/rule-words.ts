// Validation rules in words: what a rule set asks ("orders from 50.00", "needs Shoe in the cart",
// "once per customer") for `rule get`, `voucher get` and `campaign get`, and why an order broke one
// ("order total 45.00 is under the minimum 50.00") for `voucher validate` and `redeem`.
import {
  type Broken,
  type Json,
  numbered,
  type RuleEntry,
  type RuleFacts,
} from 'promo-sandbox/facts/validation-rules';
import { formatMoney } from '../../output/table.js';

const conditionsOf = (rule: RuleEntry) => Object.entries(rule.conditions ?? {}) as Array<[string, unknown[]]>;
const first = (rule: RuleEntry) => conditionsOf(rule)[0] ?? ['', []];

/** A product or SKU of an item rule, as people name it: its source id, else its id. */
function itemName(ref: unknown): string {
  const r = (ref ?? {}) as Json;
  return String(r.source_id ?? r.id ?? r.name ?? '?');
}

function itemNames(rule: RuleEntry): string {
  return [...(rule.conditions.$is ?? []), ...(rule.conditions.$in ?? [])].map(itemName).join(', ');
}

const BOUNDS: Record<string, string> = {
  $more_than: 'over',
  $more_than_equal: 'from',
  $more_than_or_equal: 'from',
  $less_than: 'under',
  $less_than_equal: 'up to',
  $less_than_or_equal: 'up to',
  $is: 'of exactly',
  $is_not: 'other than',
};

function times(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}

/** The most uses a per-customer rule allows (counting the one being made). */
function allowedUses(rule: RuleEntry): number | undefined {
  const [op, values] = first(rule);
  const n = Number(values[0]);
  if (op === '$less_than_equal' || op === '$less_than_or_equal' || op === '$is') return n;
  if (op === '$less_than') return n - 1;
  return undefined;
}

const PERIOD: Record<string, string> = { daily: ' a day', weekly: ' a week', monthly: ' a month' };
const PERIOD_NOW: Record<string, string> = { daily: ' today', weekly: ' this week', monthly: ' this month' };

/** "2 or more of " for an item rule's nested quantity rule; "" without one. */
function quantityWords(rule: RuleEntry): string {
  const nested = numbered(rule.rules ?? {})[0]?.[1];
  if (!nested) return '';
  const [op, values] = first(nested);
  const n = Number(values[0]);
  const words: Record<string, string> = {
    $more_than: `${n + 1} or more`,
    $more_than_equal: `${n} or more`,
    $more_than_or_equal: `${n} or more`,
    $less_than: `fewer than ${n}`,
    $less_than_equal: `at most ${n}`,
    $less_than_or_equal: `at most ${n}`,
    $is: `exactly ${n}`,
  };
  return `${words[op] ?? `${op} ${n}`} of `;
}

function metadataWords(rule: RuleEntry): string {
  const [op, values] = first(rule);
  const key = String(rule.property);
  if (op === '$exists') return `customers with ${key} set`;
  if (op === '$is_not' || op === '$not_in') return `customers whose ${key} is not ${values.join(' or ')}`;
  if (op === '$is' || op === '$in') return `customers with ${key} = ${values.join(' or ')}`;
  return `customers whose ${key} ${op.replace('$', '').replace(/_/g, ' ')} ${values.join(', ')}`;
}

/** A segment rule: "customers in segment seg_1", "customers not in segment seg_1 or seg_2". */
function segmentWords(rule: RuleEntry, who: string, broken = false): string {
  const [op, values] = first(rule);
  const out = op === '$is_not' || op === '$not_in';
  return `${who} ${out !== broken ? 'not in' : 'in'} segment ${values.map(String).join(' or ')}`;
}

/** What one rule asks, in words. */
export function ruleWords(rule: RuleEntry): string {
  const [op, values] = first(rule);
  const name = rule.name;
  if (name === 'order.amount' || name === 'order.total_amount') {
    const after = name === 'order.total_amount' ? ' after discounts' : '';
    return `orders ${BOUNDS[op] ?? op} ${formatMoney(Number(values[0]))}${after}`;
  }
  if (name === 'order.items.any') return `needs ${quantityWords(rule)}${itemNames(rule)} in the cart`;
  if (name === 'order.items.every') return `only ${itemNames(rule)} in the cart`;
  if (name === 'order.items.none') return `no ${itemNames(rule)} in the cart`;
  if (name.startsWith('redemption.count.per_customer')) {
    const allowed = allowedUses(rule);
    const period = PERIOD[name.split('.')[3] ?? ''] ?? '';
    return allowed === undefined
      ? `uses per customer${period} ${op} ${values.join(', ')}`
      : `${times(allowed)} per customer${period}`;
  }
  if (name === 'customer.metadata') return metadataWords(rule);
  if (name === 'customer.segment') return segmentWords(rule, 'customers');
  return `${name}${rule.property ? ` ${rule.property}` : ''} ${op} ${JSON.stringify(values)}`;
}

/** A whole rule set: its rules joined as its logic says ("orders from 50.00 and needs Shoe in the cart"). */
export function ruleSetWords(rules: Json | null | undefined): string {
  const entries = new Map(numbered(rules ?? {}));
  if (entries.size === 0) return 'no conditions';
  const logic =
    typeof rules?.logic === 'string' && rules.logic.trim() !== ''
      ? rules.logic
      : [...entries.keys()].join(' and ');
  return logic.replace(/\d+/g, (n) => {
    const rule = entries.get(n);
    return rule ? ruleWords(rule) : n;
  });
}

/** Why the order broke `broken`, with the numbers promo knows. */
export function brokenWords(broken: Broken, facts: Pick<RuleFacts, 'amount' | 'total_amount'>): string {
  const rule = broken.rule;
  const [op, values] = first(rule);
  const name = rule.name;
  if (name === 'order.amount' || name === 'order.total_amount') {
    const total = formatMoney(name === 'order.amount' ? facts.amount : facts.total_amount);
    const bound = formatMoney(Number(values[0]));
    const what = name === 'order.amount' ? 'order total' : 'order total after discounts';
    if (op.startsWith('$more_than')) return `${what} ${total} is under the minimum ${bound}`;
    if (op.startsWith('$less_than')) return `${what} ${total} is over the maximum ${bound}`;
    return `${what} ${total} is not ${ruleWords(rule).replace(/^orders /, '')}`;
  }
  if (name === 'order.items.any') {
    const quantity = quantityWords(rule);
    return `needs ${quantity === '' ? 'one of' : quantity.replace(/ of $/, ' of')}: ${itemNames(rule)}`;
  }
  if (name === 'order.items.every') return `the cart may hold only: ${itemNames(rule)}`;
  if (name === 'order.items.none') return `the cart may not hold: ${itemNames(rule)}`;
  if (name === 'customer.segment') return segmentWords(rule, 'customer is', true);
  return ruleWords(rule);
}

/** A rule promo cannot judge (it does not know the customer or their uses), said as what it asks. */
export function unknownWords(rule: RuleEntry, hasCustomer: boolean): string {
  if (rule.name.startsWith('redemption.count.per_customer')) {
    if (!hasCustomer) return 'needs a customer: it counts uses per customer';
    const allowed = allowedUses(rule);
    const period = PERIOD_NOW[rule.name.split('.')[3] ?? ''] ?? '';
    if (allowed !== undefined) return `already used ${times(allowed)}${period} by this customer`;
  }
  if (rule.name === 'customer.segment' && !hasCustomer)
    return `needs a customer: for ${ruleWords(rule)} only`;
  if (rule.name === 'customer.metadata' || rule.name === 'customer.segment')
    return `for ${ruleWords(rule)} only`;
  return ruleWords(rule);
}
