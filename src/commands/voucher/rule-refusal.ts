// Why a code broke its validation rules, in words with the numbers: the rules assigned to the code
// and to its campaign are read, and judged (facts/validation-rules.ts) against the order promo sent.
// What promo cannot judge (a customer's uses, their metadata) is said as what the rule asks:
// "already used once by this customer". A refusal for a segment rule asks the service which segments
// the customer is in (one read), so that the words name the segment missed. Used by validate and by
// redeem's refusal.

import {
  type Json,
  judgeRules,
  numbered,
  type RuleEntry,
  type RuleFacts,
  ruleKey,
} from 'promo-sandbox/facts/validation-rules';
import type { ApiClient } from '../../api/client.js';
import { customerSegmentIds } from '../../api/segments.js';
import type { Rule } from '../../api/validation-rules.js';
import type { RedeemBody } from '../../api/validations.js';
import { assignedRules } from '../shared/assigned-rules.js';
import { brokenWords, unknownWords } from '../shared/rule-words.js';

export const RULE_KEYS: readonly string[] = [
  'order_rules_violated',
  'customer_rules_violated',
  'redemption_rules_violated',
];

/** The code's rules (from its answer, as its card reads them), then its campaign's. */
async function rulesOf(client: ApiClient, voucher: Json): Promise<Rule[]> {
  const found = await assignedRules(client, [
    { id: voucher.id, assignments: voucher.validation_rules_assignments },
    { id: voucher.campaign_id },
  ]);
  return found.map(({ rule }) => rule);
}

/** The order as rules see it, from what promo sent (hundredths). */
function factsOf(body: RedeemBody | undefined): RuleFacts {
  const items = body?.order?.items ?? [];
  const sum = items.reduce(
    (total, item) => total + (item.amount ?? (item.price ?? 0) * (item.quantity ?? 1)),
    0,
  );
  const amount = body?.order?.amount ?? sum;
  return { amount, total_amount: amount, items, customer: undefined, uses: undefined };
}

/** Leaves of a rule set whose failure gives `key`, but those known to hold. */
function leavesFor(rule: Rule, key: string, facts: RuleFacts): RuleEntry[] {
  return numbered((rule.rules ?? {}) as Json)
    .map(([, entry]) => entry)
    .filter((entry) => ruleKey(entry.name) === key && judgeRules({ 1: entry }, facts) !== true);
}

/** The customer's segments when a refused segment rule needs them (undefined: not read). */
async function segmentsFor(
  client: ApiClient,
  rules: Rule[],
  key: string,
  body: RedeemBody | undefined,
): Promise<string[] | undefined> {
  const named = rules.some((rule) =>
    numbered((rule.rules ?? {}) as Json).some(([, entry]) => entry.name === 'customer.segment'),
  );
  if (key !== 'customer_rules_violated' || !named) return undefined;
  const customer = body?.customer?.id ?? body?.customer?.source_id;
  // Without a customer the words say that one is needed: nothing to read.
  if (customer === undefined) return undefined;
  return customerSegmentIds(client, customer).catch(() => undefined);
}

/** The reason in words, or undefined when promo cannot find the rule (it then says the key's meaning). */
export async function ruleRefusalWords(
  client: ApiClient,
  voucher: Json,
  key: string,
  body: RedeemBody | undefined,
): Promise<string | undefined> {
  const rules = await rulesOf(client, voucher).catch(() => [] as Rule[]);
  const facts = { ...factsOf(body), segments: await segmentsFor(client, rules, key, body) };
  for (const rule of rules) {
    const verdict = judgeRules((rule.rules ?? {}) as Json, facts);
    if (verdict !== true && verdict !== null && verdict.key === key) return brokenWords(verdict, facts);
  }
  const asked = rules.flatMap((rule) => leavesFor(rule, key, facts))[0];
  return asked ? unknownWords(asked, body?.customer !== undefined) : undefined;
}
