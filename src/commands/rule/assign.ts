// promo rule assign <rule> (--campaign NAME | --voucher CODE): the rule applies there from now on.
// Never twice: promo looks the rule's assignments up before sending, and again after a lost answer
// (the service refuses a second assignment of a rule to the same object, so running it again is safe).
import type { ApiClient } from '../../api/client.js';
import { type Assignment, assignRule } from '../../api/validation-rules.js';
import { ApiError, UsageError } from '../../base/errors.js';
import { parseBulkFlags } from '../../bulk/index.js';
import { OutcomeUnknownError } from '../../http/failures.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { bulkOptions } from '../bulk-options.js';
import { ASSIGN_INPUT_HELP, assignMany } from './assign-input.js';
import { RULE_ARG, ruleId } from './ref.js';
import { findAssignment, parseTarget, type Target, targetId, targetOptions } from './target.js';

const options = defineOptions({
  ...targetOptions,
  input: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'codes from a file, or - for stdin: one a line, a CSV code column, or NDJSON',
  },
  ...bulkOptions,
});

interface Assigned {
  assignment: Assignment;
  /** It was there before this command. */
  already: boolean;
  /** The answer was lost and the assignment found by looking. */
  foundAfterLoss: boolean;
}

async function assignOnce(client: ApiClient, rule: string, target: Target, id: string): Promise<Assigned> {
  const before = await findAssignment(client, rule, id);
  if (before) return { assignment: before, already: true, foundAfterLoss: false };
  try {
    return {
      assignment: await assignRule(client, rule, target.type, id),
      already: false,
      foundAfterLoss: false,
    };
  } catch (error) {
    const lost = error instanceof OutcomeUnknownError;
    const duplicate =
      error instanceof ApiError && error.status === 400 && error.body.key === 'duplicate_found';
    if (!lost && !duplicate) throw error;
    const found = await findAssignment(client, rule, id);
    if (found) return { assignment: found, already: duplicate, foundAfterLoss: lost };
    if (lost) {
      throw error.withHint(
        `No assignment of ${rule} to ${target.type} ${target.given} shows yet; it may still land. Run the same command again: it looks first and never assigns twice.`,
      );
    }
    throw error;
  }
}

export default defineCommand({
  path: ['rule', 'assign'],
  summary: 'Assign a validation rule to a campaign (all its codes) or to one code',
  description: `From then on the code, or every code of the campaign, applies only when the rule's conditions
hold: validate and redeem refuse it otherwise (exit 9, with why in words). Assigning a rule already
assigned there changes nothing (exit 0, says so). After a lost answer promo looks the assignment up
instead of sending it again.
${ASSIGN_INPUT_HELP}`,
  examples: [
    'promo rule assign "Orders from 50" --campaign "Summer Sale"',
    'promo rule assign val_0a1b2c3d4e5f --voucher SUMMER-1',
    'promo rule assign "Orders from 50" --input rule-codes.txt --results assign.ndjson',
  ],
  args: RULE_ARG,
  options,
  run: async ({ rule, input, ...flags }, rt) => {
    const bulk = parseBulkFlags({ ...flags, input });
    if (input !== undefined) {
      if (flags.campaign !== undefined || flags.voucher !== undefined)
        throw new UsageError('--input names the codes: give it, or --campaign/--voucher, not both');
      return assignMany(rule, input, bulk, rt);
    }
    const target = parseTarget(flags) as Target;
    const client = await rt.client();
    const id = await ruleId(client, rule);
    const done = await assignOnce(client, id, target, await targetId(client, target));
    if (done.foundAfterLoss)
      rt.out.notice(`The answer was lost; assignment ${done.assignment.id} shows it happened.`);
    const where = `${target.type} ${target.given}`;
    if (done.already)
      rt.out.notice(`${id} was already assigned to ${where} (${done.assignment.id}): nothing changed.`);
    if (rt.out.isJson) await rt.out.json(done.assignment);
    else if (!done.already) await rt.out.success(`${id} assigned to ${where} (${done.assignment.id})`);
  },
});
