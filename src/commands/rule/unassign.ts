// promo rule unassign <rule> (--campaign NAME | --voucher CODE | --assignment ID): the rule no longer
// applies there. Sent again after a lost answer; a 404 then means the first removed it.
import { unassignRule } from '../../api/validation-rules.js';
import { ApiError, NotFoundError, UsageError } from '../../base/errors.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { RULE_ARG, ruleId } from './ref.js';
import { findAssignment, parseTarget, targetId, targetOptions } from './target.js';

const options = defineOptions({
  ...targetOptions,
  assignment: {
    type: 'value',
    value: 'id',
    help: 'the assignment itself (asgm_...), as rule assign printed it',
  },
});

export default defineCommand({
  path: ['rule', 'unassign'],
  summary: 'Take a validation rule off a campaign or a code',
  description: 'Exit 3 when the rule is not assigned there.',
  examples: [
    'promo rule unassign "Orders from 50" --campaign "Summer Sale"',
    'promo rule unassign val_0a1b2c3d4e5f --assignment asgm_0a1b2c3d4e5f6a7b',
  ],
  args: RULE_ARG,
  options,
  run: async ({ rule, assignment, ...flags }, rt) => {
    const target = parseTarget(flags, assignment !== undefined);
    if (target && assignment !== undefined)
      throw new UsageError('give --assignment, or --campaign/--voucher, not both');
    if (assignment !== undefined && !/^asgm_[A-Za-z0-9]+$/.test(assignment))
      throw new UsageError(`--assignment must be an assignment id (asgm_...), not '${assignment}'`);
    const client = await rt.client();
    const id = await ruleId(client, rule);
    let gone = assignment;
    if (target) {
      const found = await findAssignment(client, id, await targetId(client, target));
      if (!found) throw new NotFoundError(`${id} is not assigned to ${target.type} ${target.given}`);
      gone = found.id;
    }
    try {
      await unassignRule(client, id, gone as string);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404 && error.afterLostAnswer)) throw error;
    }
    if (rt.out.isJson) await rt.out.json({ rule: id, assignment: gone, removed: true });
    else
      await rt.out.success(
        `${id} no longer applies ${target ? `to ${target.type} ${target.given}` : `(${gone} removed)`}`,
      );
  },
});
