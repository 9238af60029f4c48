// The validation rules assigned to a voucher or a campaign, in words, for `voucher get` and
// `campaign get` ("From 50: orders from 50.00 and once per customer"). Only a person's card needs
// them: -o json prints the service's object and sends nothing more.
import type { ApiClient } from '../../api/client.js';
import { getRule, listAssignments, type Rule } from '../../api/validation-rules.js';
import { ApiError } from '../../base/errors.js';
import type { Column } from '../../output/output.js';
import type { Runtime } from '../../runtime/runtime.js';
import { ruleSetWords } from './rule-words.js';

/** The rules assigned to each object, in order, each read once. */
async function rulesOn(client: ApiClient, objectIds: string[]): Promise<Array<{ rule: Rule; on: string }>> {
  const found: Array<{ rule: Rule; on: string }> = [];
  const read = new Map<string, Rule>();
  for (const id of objectIds) {
    const { items } = await listAssignments(client, { related_object_id: id, limit: 100 });
    for (const assignment of items) {
      const rule = read.get(assignment.rule_id) ?? (await getRule(client, assignment.rule_id));
      read.set(rule.id, rule);
      found.push({ rule, on: id });
    }
  }
  return found;
}

/**
 * The card's "Rules" row: each rule's name and conditions; `inherited` marks the rules that come
 * from another object (a voucher's campaign). A project whose token may not read rules shows none.
 */
export async function rulesRow<T>(
  rt: Runtime,
  objectIds: Array<string | null | undefined>,
  inherited: (on: string) => string = () => '',
): Promise<Column<T>[]> {
  if (rt.out.isJson || rt.out.isShaped) return [];
  const ids = objectIds.filter((id): id is string => typeof id === 'string' && id !== '');
  let rules: Array<{ rule: Rule; on: string }>;
  try {
    rules = await rulesOn(await rt.client(), ids);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return [];
    throw error;
  }
  if (rules.length === 0) return [{ header: 'Rules', value: () => 'none' }];
  const words = rules.map(
    ({ rule, on }) => `${rule.name ?? rule.id}: ${ruleSetWords(rule.rules)}${inherited(on)}`,
  );
  return [{ header: 'Rules', value: () => words.join('; ') }];
}
