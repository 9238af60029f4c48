// A rule as the command line names it: by id (val_...) or by its name, which the service keeps
// unique. A name is looked up in the list of rules; one that matches none is exit 3.
import type { ApiClient } from '../../api/client.js';
import { listRules, type Rule } from '../../api/validation-rules.js';
import { NotFoundError, UsageError } from '../../base/errors.js';

export function checkRuleRef(value: string, name = 'RULE'): string {
  if (value.trim() === '' || /[\u0000-\u001f\u007f]/.test(value))
    throw new UsageError(
      `${name} must be a rule id (val_...) or name, not empty and without control characters`,
    );
  return value;
}

export const RULE_ARG = {
  rule: { help: 'rule id (val_...) or its name', required: true, parse: checkRuleRef },
} as const;

/** Every rule, page by page (a project holds few). */
export async function allRules(client: ApiClient): Promise<Rule[]> {
  const rules: Rule[] = [];
  for (let page = 1; ; page++) {
    const { items, page: list } = await listRules(client, { limit: 100, page });
    rules.push(...items);
    if (items.length < 100 || (typeof list.total === 'number' && rules.length >= list.total)) return rules;
  }
}

/** The rule's id: as given when it looks like one, else the rule of that name. */
export async function ruleId(client: ApiClient, ref: string): Promise<string> {
  if (/^val_[A-Za-z0-9]+$/.test(ref)) return ref;
  const found = (await allRules(client)).filter((rule) => rule.name === ref);
  if (found.length === 0)
    throw new NotFoundError(`no validation rule named '${ref}'`, 'promo rule list shows them.');
  if (found.length > 1)
    throw new UsageError(
      `${found.length} rules are named '${ref}': name one by its id (${found.map((r) => r.id).join(', ')})`,
    );
  return (found[0] as Rule).id;
}
