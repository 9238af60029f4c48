// The validation rules assigned to a voucher or a campaign, in words, for `voucher get` and
// `campaign get` ("From 50: orders from 50.00 and once per customer"). Only a person's card needs
// them: -o json prints the service's object and sends nothing more.
import type { ApiClient } from '../../api/client.js';
import { getRule, listAssignments, type Rule } from '../../api/validation-rules.js';
import { ApiError } from '../../base/errors.js';
import type { Column } from '../../output/output.js';
import type { Runtime } from '../../runtime/runtime.js';
import { ruleSetWords } from './rule-words.js';

/**
 * An object whose rules the card shows: its id as its answer gave it (none: no rules), and its own
 * `validation_rules_assignments` when the answer carried them (a voucher's does).
 */
export interface RulesOf {
  id: unknown;
  assignments?: unknown;
}

/**
 * The rule ids of the assignments an object's answer carried, when that list is whole (as many
 * items as its total) and each names that object; else undefined, and the assignments are listed.
 */
function carriedRuleIds(list: unknown, id: string): string[] | undefined {
  if (typeof list !== 'object' || list === null) return undefined;
  const { data, total } = list as { data?: unknown; total?: unknown };
  if (!Array.isArray(data) || total !== data.length) return undefined;
  const ids: string[] = [];
  for (const item of data) {
    const { rule_id, related_object_id } = (item ?? {}) as { rule_id?: unknown; related_object_id?: unknown };
    if (typeof rule_id !== 'string' || related_object_id !== id) return undefined;
    ids.push(rule_id);
  }
  return ids;
}

/**
 * The rules assigned to each object, in the objects' order (an object without an id has none). The
 * objects' assignments are found at once (from their answers where those carry them), then each
 * rule is read once, all at once: a round trip each, not one after the other.
 */
export async function assignedRules(
  client: ApiClient,
  objects: RulesOf[],
): Promise<Array<{ rule: Rule; on: string }>> {
  const named = objects.filter((o): o is RulesOf & { id: string } => typeof o.id === 'string' && o.id !== '');
  const assigned = await Promise.all(
    named.map(
      async ({ id, assignments }) =>
        carriedRuleIds(assignments, id) ??
        (await listAssignments(client, { related_object_id: id, limit: 100 })).items.map((a) => a.rule_id),
    ),
  );
  const ruleIds = [...new Set(assigned.flat())];
  const rules = new Map(
    (await Promise.all(ruleIds.map((id) => getRule(client, id)))).map((r, i) => [ruleIds[i]!, r]),
  );
  return named.flatMap(({ id }, i) => assigned[i]!.map((ruleId) => ({ rule: rules.get(ruleId)!, on: id })));
}

/**
 * The card's "Rules" row: each rule's name and conditions; `inherited` marks the rules that come
 * from another object (a voucher's campaign). A project whose token may not read rules shows none.
 */
export async function rulesRow<T>(
  rt: Runtime,
  objects: RulesOf[],
  inherited: (on: string) => string = () => '',
): Promise<Column<T>[]> {
  if (rt.out.isJson || rt.out.isShaped) return [];
  let rules: Array<{ rule: Rule; on: string }>;
  try {
    rules = await assignedRules(await rt.client(), objects);
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
