// promo rule delete <rule>: asks first on a terminal (--yes without one). Its assignments go with it.
import { deleteRule } from '../../api/validation-rules.js';
import { ApiError } from '../../base/errors.js';
import { defineCommand } from '../../toolkit/define.js';
import { confirmOrCancel } from '../confirm.js';
import { RULE_ARG, ruleId } from './ref.js';

export default defineCommand({
  path: ['rule', 'delete'],
  aliases: ['rm'],
  summary: 'Delete a validation rule (asks first; --yes without a terminal)',
  description: `The codes and campaigns it was assigned to no longer need its conditions. Exit 3 when there is
no such rule, 8 when you decline.`,
  examples: ['promo rule delete "Big or shoes" --yes'],
  args: RULE_ARG,
  run: async ({ rule }, rt) => {
    const client = await rt.client();
    const id = await ruleId(client, rule);
    await confirmOrCancel(
      rt,
      `Delete validation rule ${rule === id ? id : `'${rule}' (${id})`} on profile '${(await rt.target()).profile}'?`,
    );
    try {
      await deleteRule(client, id);
    } catch (error) {
      // The first attempt's answer was lost and the retry found the rule gone: that attempt deleted it.
      if (!(error instanceof ApiError && error.status === 404 && error.afterLostAnswer)) throw error;
    }
    if (rt.out.isJson) await rt.out.json({ rule: id, deleted: true });
    else await rt.out.success(`${id}: deleted`);
  },
});
