// The flags of `promo export <object>`, turned into the export's parameters before anything is
// sent: --fields against the vendor's list for that object (with what a typo may have meant),
// --order against its orders, --filter in the lists' grammar, the dates as created_at conditions.

import {
  EXPORT_DATE_FIELD,
  EXPORT_FIELDS,
  EXPORT_ORDERS,
  type ExportedObject,
} from 'promo-sandbox/facts/exports';
import type { ExportFilters, ExportParameters } from '../../api/exports.js';
import { UsageError } from '../../base/errors.js';
import { closeTo } from '../../base/suggest.js';
import { parseChoice } from '../paging.js';
import { parseFilters } from '../shared/filters.js';
import { parseInstant } from '../shared/values.js';

export interface ExportFlags {
  fields?: readonly string[];
  filter?: string[];
  junction?: string;
  createdAfter?: string;
  createdBefore?: string;
  order?: string;
}

/** Each of --fields is a field the vendor exports for this object; a near miss is named. */
export function checkExportFields(exported: ExportedObject, fields: readonly string[]): string[] {
  const known = EXPORT_FIELDS[exported];
  for (const field of fields) {
    if (known.includes(field)) continue;
    const close = closeTo(field, known);
    throw new UsageError(
      `--fields: '${field}' is no field of a ${exported} export${close.length ? `; did you mean ${close.map((c) => `'${c}'`).join(' or ')}?` : ''}`,
      `Fields: ${known.join(', ')}.`,
    );
  }
  if (new Set(fields).size !== fields.length) throw new UsageError('--fields names a field twice');
  return [...fields];
}

export function exportParameters(exported: ExportedObject, flags: ExportFlags): ExportParameters {
  const parameters: ExportParameters = {};
  if (flags.fields) parameters.fields = checkExportFields(exported, flags.fields);
  const order = parseChoice(flags.order, EXPORT_ORDERS[exported], '--order');
  if (order) parameters.order = order;
  const junction = parseChoice(flags.junction?.toLowerCase(), ['and', 'or'] as const, '--junction');
  const what = `${exported.replace(/_/g, ' ').replace(/s$/, '')}s`;
  const conditions = parseFilters(flags.filter ?? [], { what });
  if (junction !== undefined && conditions.length === 0)
    throw new UsageError('--junction joins --filter conditions, and none was given');
  const after = parseInstant(flags.createdAfter, '--created-after');
  const before = parseInstant(flags.createdBefore, '--created-before');
  if (after && before && Date.parse(after) >= Date.parse(before))
    throw new UsageError('--created-after/--created-before: the after date must come before the before date');
  if ((after || before) && junction === 'or')
    throw new UsageError(
      '--created-after and --created-before narrow the export, which --junction or would not: use --filter for the dates',
    );
  const filters: ExportFilters = { junction: junction ?? 'and' };
  const put = (field: string, operator: string, values: string[]) => {
    const entry = (filters[field] ?? { conditions: {} }) as { conditions: Record<string, string[]> };
    if (entry.conditions[operator])
      throw new UsageError(
        `--filter puts ${operator} on ${field} twice (the dates flags included)`,
        'Keep one of them.',
      );
    entry.conditions[operator] = values;
    filters[field] = entry;
  };
  for (const { field, operator, values } of conditions) put(field, operator, values);
  const dateField = EXPORT_DATE_FIELD[exported];
  if (after) put(dateField, '$after', [after]);
  if (before) put(dateField, '$before', [before]);
  if (Object.keys(filters).length > 1 || junction) parameters.filters = filters;
  return parameters;
}
