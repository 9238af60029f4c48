// promo rule list: every validation rule, its conditions in words.
import { RULE_FIELDS } from '../../api/validation-rules.js';
import { defineCommand } from '../../toolkit/define.js';
import { allRules } from './ref.js';
import { ruleColumns } from './view.js';

export default defineCommand({
  path: ['rule', 'list'],
  aliases: ['ls'],
  fields: RULE_FIELDS,
  summary: 'List the validation rules, their conditions in words',
  description: "Every rule of the project (all pages). With -o json: the service's rule objects.",
  examples: ['promo rule list', 'promo rule list -o json | jq -r ".[].id"'],
  run: async (_flags, rt) => {
    await rt.out.list(await allRules(await rt.client()), ruleColumns, 'No validation rules.');
  },
});
