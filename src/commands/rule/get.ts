// promo rule get <rule>: one validation rule, its conditions in words, by id or name.
import { getRule, RULE_FIELDS } from '../../api/validation-rules.js';
import { defineCommand } from '../../toolkit/define.js';
import { RULE_ARG, ruleId } from './ref.js';
import { ruleCard } from './view.js';

export default defineCommand({
  path: ['rule', 'get'],
  aliases: ['show'],
  fields: RULE_FIELDS,
  summary: 'Show one validation rule, its conditions in words',
  description: `On a terminal: its id, name, conditions in words, what its discount applies to, its message and
how many codes and campaigns it is assigned to. With -o json: the service's object. Exit 3 when there
is no such rule.`,
  examples: ['promo rule get "Orders from 50"', 'promo rule get val_0a1b2c3d4e5f -o json | jq .rules'],
  args: RULE_ARG,
  run: async ({ rule }, rt) => {
    const client = await rt.client();
    await rt.out.record(await getRule(client, await ruleId(client, rule)), ruleCard);
  },
});
