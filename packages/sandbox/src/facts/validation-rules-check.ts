// What of a validation rule can be judged (validation-rules.ts): a rule set holding anything else is
// named whole, so that the sandbox refuses it at create instead of half applying it.
import {
  AMOUNT_RULES,
  CUSTOMER_RULES,
  ITEM_RULES,
  type Json,
  NUMBER_OPS,
  QUANTITY_RULES,
  SEGMENT_OPS,
  SEGMENT_RULES,
  TEXT_OPS,
  USE_RULES,
} from './validation-rules.js';

const ITEM_OPS = ['$is', '$in'];
/** What an applicable_to entry may say and still be judged: which product or SKU, every unit of it. */
const APPLICABLE_KEYS = ['object', 'id', 'source_id', 'product_id', 'product_source_id', 'effect'];

export type RuleProblem =
  | { kind: 'invalid'; path: string; rule: string }
  | { kind: 'not_imitated'; what: string };

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const invalid = (path: string, rule: string): RuleProblem => ({ kind: 'invalid', path, rule });
const notImitated = (what: string): RuleProblem => ({ kind: 'not_imitated', what });

function opsFor(name: string): string[] | undefined {
  const among = (list: readonly string[]) => list.includes(name);
  if (among(AMOUNT_RULES) || among(USE_RULES)) return NUMBER_OPS;
  if (among(ITEM_RULES)) return ITEM_OPS;
  if (among(CUSTOMER_RULES)) return [...TEXT_OPS, ...NUMBER_OPS];
  if (among(SEGMENT_RULES)) return SEGMENT_OPS;
  return undefined;
}

function checkConditions(rule: Json, path: string, ops: string[]): RuleProblem | undefined {
  if (!isRecord(rule.conditions) || Object.keys(rule.conditions).length === 0)
    return invalid(`${path}.conditions`, 'must be an object of conditions');
  for (const [op, values] of Object.entries(rule.conditions)) {
    if (!ops.includes(op)) return notImitated(`the condition ${op} of the rule ${String(rule.name)}`);
    if (!Array.isArray(values) || values.length === 0)
      return invalid(`${path}.conditions.${op}`, 'must be a non-empty array');
  }
  return undefined;
}

function checkRule(rule: unknown, path: string, nested: boolean): RuleProblem | undefined {
  if (!isRecord(rule) || typeof rule.name !== 'string') return invalid(`${path}.name`, 'is required');
  const name = rule.name;
  const ops = nested
    ? (QUANTITY_RULES as readonly string[]).includes(name)
      ? NUMBER_OPS
      : undefined
    : opsFor(name);
  if (!ops) return notImitated(`the rule ${name}${nested ? ' inside an order.items rule' : ''}`);
  if ((CUSTOMER_RULES as readonly string[]).includes(name) && typeof rule.property !== 'string')
    return invalid(`${path}.property`, 'must name the metadata key');
  const bad = checkConditions(rule, path, ops);
  if (bad) return bad;
  if ((SEGMENT_RULES as readonly string[]).includes(name)) {
    const ids = Object.values(rule.conditions as Json).flat();
    if (ids.some((id) => typeof id !== 'string' || id === ''))
      return invalid(`${path}.conditions`, 'must name segments by id');
  }
  const inner = isRecord(rule.rules) ? Object.entries(rule.rules) : [];
  if (inner.length > 0 && (nested || !(ITEM_RULES as readonly string[]).includes(name)))
    return notImitated(`rules nested inside the rule ${name}`);
  for (const [key, child] of inner) {
    const problem = checkRule(child, `${path}.rules.${key}`, true);
    if (problem) return problem;
  }
  return undefined;
}

function checkLogic(logic: unknown, numbers: string[]): RuleProblem | undefined {
  if (logic === undefined || logic === null || logic === '') return undefined;
  if (typeof logic !== 'string') return invalid('rules.logic', 'must be a string');
  let depth = 0;
  let expectTerm = true;
  for (const word of logic
    .replace(/[()]/g, ' $& ')
    .split(/\s+/)
    .filter((w) => w !== '')) {
    const lower = word.toLowerCase();
    if (word === '(' && expectTerm) depth++;
    else if (word === ')' && !expectTerm && depth > 0) depth--;
    else if (/^\d+$/.test(word) && expectTerm) {
      if (!numbers.includes(word)) return invalid('rules.logic', `names rule ${word}, which is not given`);
      expectTerm = false;
    } else if ((lower === 'and' || lower === 'or') && !expectTerm) expectTerm = true;
    else return invalid('rules.logic', `cannot be read at '${word}' (numbers, and, or, parentheses)`);
  }
  return depth === 0 && !expectTerm ? undefined : invalid('rules.logic', 'is incomplete');
}

function checkApplicableTo(value: unknown): RuleProblem | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) return invalid('applicable_to', 'must be an object');
  for (const side of ['included', 'excluded'] as const) {
    const list = value[side] ?? [];
    if (!Array.isArray(list)) return invalid(`applicable_to.${side}`, 'must be an array');
    for (const [i, entry] of list.entries()) {
      if (!isRecord(entry) || (entry.object !== 'product' && entry.object !== 'sku'))
        return notImitated(`applicable_to.${side}[${i}] other than a product or SKU`);
      const extra = Object.keys(entry).find((k) => !APPLICABLE_KEYS.includes(k) && entry[k] !== null);
      if (extra) return notImitated(`applicable_to.${side}[${i}].${extra}`);
      if (entry.effect !== undefined && entry.effect !== null && entry.effect !== 'APPLY_TO_EVERY')
        return notImitated(`the applicable_to effect ${String(entry.effect)}`);
    }
  }
  return undefined;
}

/** The first thing of a validation rule's body that cannot be judged, or that is malformed. */
export function ruleProblem(body: Json): RuleProblem | undefined {
  if (body.bundle_rules !== undefined && body.bundle_rules !== null) return notImitated('bundle_rules');
  const rules = body.rules ?? {};
  if (!isRecord(rules)) return invalid('rules', 'must be an object');
  const numbers = Object.keys(rules).filter((k) => k !== 'logic');
  const odd = numbers.find((k) => !/^\d+$/.test(k));
  if (odd !== undefined) return invalid(`rules.${odd}`, 'is not a rule number');
  for (const key of numbers) {
    const problem = checkRule(rules[key], `rules.${key}`, false);
    if (problem) return problem;
  }
  return checkLogic(rules.logic, numbers) ?? checkApplicableTo(body.applicable_to);
}
