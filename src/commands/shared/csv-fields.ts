// How a create's --input line becomes a body, for the nouns whose CSV columns are fields of the
// object plus metadata.KEY (customers, products): an NDJSON line is the body as it is; a CSV row's
// known columns set fields (each value read by the noun), metadata.KEY columns its metadata.
import { UsageError } from '../../base/errors.js';
import { columnName, columnRoles } from '../../bulk/columns.js';
import type { InputRecord } from '../../bulk/index.js';
import { cellPair, parseMetadata } from '../../input/metadata.js';

export type FieldRole = { kind: 'field'; field: string } | { kind: 'metadata'; key: string };

/** The roles of a CSV header's columns, refusing a column that is neither a field nor metadata.KEY. */
export function fieldRoles(
  fields: readonly string[],
  where?: string,
): (columns: string[]) => Map<string, FieldRole> {
  const role = (column: string): FieldRole | undefined => {
    if (/^metadata\./i.test(column)) return { kind: 'metadata', key: column.slice('metadata.'.length) };
    const name = columnName(column).replace(/-/g, '_');
    return fields.includes(name) ? { kind: 'field', field: name } : undefined;
  };
  return (columns) => columnRoles(columns, role, `${fields.join(', ')} or metadata.KEY`, where);
}

export function recordFields(
  record: InputRecord,
  roles: Map<string, FieldRole> | undefined,
  value: (field: string, text: string) => unknown = (_field, text) => text,
): Record<string, unknown> {
  if (record.format === 'ndjson') return record.value;
  if (record.format !== 'csv') throw new UsageError('--input must be NDJSON or CSV');
  const part: Record<string, unknown> = {};
  const pairs: string[] = [];
  for (const [column, raw] of Object.entries(record.value)) {
    const text = raw.trim();
    const role = roles?.get(column);
    if (text === '' || !role) continue;
    if (role.kind === 'metadata') pairs.push(cellPair(role.key, text));
    else part[role.field] = value(role.field, text);
  }
  const metadata = parseMetadata(pairs.length ? pairs : undefined, 'metadata column');
  if (metadata) part.metadata = metadata;
  return part;
}
