// How a validation rule reads on a terminal: its conditions in words. JSON shows the service's object.
import type { Rule } from '../../api/validation-rules.js';
import type { Column } from '../../output/output.js';
import { formatDate } from '../../output/table.js';
import { ruleSetWords } from '../shared/rule-words.js';

function appliesTo(rule: Rule): string | undefined {
  const to = (rule.applicable_to ?? {}) as {
    included?: Array<Record<string, unknown>>;
    excluded?: Array<Record<string, unknown>>;
  };
  const names = (list: Array<Record<string, unknown>> = []) =>
    list.map((e) => String(e.source_id ?? e.id)).join(', ');
  const parts = [
    (to.included ?? []).length > 0 ? `only ${names(to.included)}` : '',
    (to.excluded ?? []).length > 0 ? `not ${names(to.excluded)}` : '',
  ].filter((p) => p !== '');
  return parts.length > 0 ? `the discount applies to ${parts.join(', ')}` : undefined;
}

export const ruleCard: Column<Rule>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'Name', value: (r) => r.name },
  { header: 'Conditions', value: (r) => ruleSetWords(r.rules) },
  { header: 'Applies to', value: appliesTo },
  { header: 'Message', value: (r) => r.error?.message },
  {
    header: 'Assigned',
    value: (r) => (typeof r.assignments_count === 'number' ? `${r.assignments_count} times` : undefined),
  },
  { header: 'Created', value: (r) => formatDate(r.created_at) },
];

export const ruleColumns: Column<Rule>[] = [
  { header: 'ID', value: (r) => r.id, id: true },
  { header: 'Name', value: (r) => r.name, text: true, drop: 2 },
  { header: 'Conditions', value: (r) => ruleSetWords(r.rules), text: true },
  { header: 'Assigned', value: (r) => r.assignments_count, drop: 1 },
];
