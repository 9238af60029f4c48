// How an export reads for a person: id, object, status, when; JSON output is the service's object.
import type { Export } from '../../api/exports.js';
import type { Column } from '../../output/output.js';
import { formatDate } from '../../output/table.js';

const fieldsOf = (exp: Export) => {
  const fields = exp.parameters?.fields;
  return Array.isArray(fields) ? fields.join(',') : undefined;
};

export const exportFields: Column<Export>[] = [
  { header: 'Export', value: (e) => e.id, id: true, whole: true },
  { header: 'Object', value: (e) => e.exported_object ?? undefined },
  { header: 'Status', value: (e) => e.status },
  { header: 'Fields', value: fieldsOf, text: true },
  { header: 'Created', value: (e) => formatDate(e.created_at) },
];

export const exportColumns: Column<Export>[] = [
  { header: 'Export', value: (e) => e.id, id: true, whole: true },
  { header: 'Object', value: (e) => e.exported_object ?? '' },
  { header: 'Status', value: (e) => e.status },
  { header: 'Created', value: (e) => formatDate(e.created_at), drop: 1 },
];
