// promo rule update <rule>: a new name, and/or new conditions (which replace the rule's conditions
// whole: the service's PUT sets the rules object given).
import { RULE_FIELDS, type RuleBody, updateRule } from '../../api/validation-rules.js';
import { UsageError } from '../../base/errors.js';
import { defineCommand } from '../../toolkit/define.js';
import { ruleFlags, rulesObject } from './flags.js';
import { RULE_ARG, ruleId } from './ref.js';
import { ruleCard } from './view.js';

export default defineCommand({
  path: ['rule', 'update'],
  fields: RULE_FIELDS,
  summary: 'Rename a validation rule or replace its conditions',
  description: `The condition flags (or --body) replace the rule's conditions whole, as the service's update
does; --name alone renames it. Codes and campaigns it is assigned to follow at once. Exit 3 when there
is no such rule.`,
  examples: ['promo rule update VIP --customer-metadata tier=platinum --name "VIP platinum"'],
  args: RULE_ARG,
  options: ruleFlags,
  run: async ({ rule, ...flags }, rt) => {
    if (flags.name !== undefined && flags.name.trim() === '')
      throw new UsageError('--name must not be empty');
    const rules = await rulesObject(flags, rt);
    if (rules === undefined && flags.name === undefined)
      throw new UsageError('nothing to change: give --name, condition flags or --body');
    const body: RuleBody = {
      ...(flags.name === undefined ? {} : { name: flags.name }),
      ...(rules ? { rules } : {}),
    };
    const client = await rt.client();
    await rt.out.record(await updateRule(client, await ruleId(client, rule), body), ruleCard);
  },
});
