// promo rule create: a validation rule from condition flags (combined with AND) or the service's
// whole rules object (--body). Each create makes a new rule, so it is never sent twice.
import { createRule, RULE_FIELDS } from '../../api/validation-rules.js';
import { UsageError } from '../../base/errors.js';
import { defineCommand } from '../../toolkit/define.js';
import { ruleSetWords } from '../shared/rule-words.js';
import { ruleFlags, rulesObject } from './flags.js';
import { ruleCard } from './view.js';

export default defineCommand({
  path: ['rule', 'create'],
  fields: RULE_FIELDS,
  summary:
    'Create a validation rule: order total, products in the cart, uses per customer, customer attributes',
  description: `The condition flags are combined with AND; amounts are in currency units (sent in
hundredths). --body takes the service's whole rules object instead, for what no flag names: numbered
rules, a logic such as "1 and (2 or 3)", a rule's own error.message. Assign the rule to codes or a
campaign with promo rule assign. Bad values are exit 2, nothing sent; the sandbox refuses a rule it
cannot judge by name (not_imitated), never half applies it.`,
  examples: [
    'promo rule create --name "Orders from 50" --min-amount 50',
    'promo rule create --product Shoe --min-quantity 2 --per-customer 1',
    'promo rule create --name VIP --customer-metadata tier=gold',
    'promo rule create --name "Big or shoes" --body rules.json',
  ],
  options: ruleFlags,
  run: async (flags, rt) => {
    if (flags.name !== undefined && flags.name.trim() === '')
      throw new UsageError('--name must not be empty');
    const rules = await rulesObject(flags, rt);
    if (rules === undefined)
      throw new UsageError(
        'give at least one condition (--min-amount, --product, --per-customer, ...) or --body',
      );
    const name = flags.name ?? ruleSetWords(rules);
    await rt.out.record(await createRule(await rt.client(), { name, rules }), ruleCard);
  },
});
