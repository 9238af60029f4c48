// `voucher create --input`: each NDJSON line is a create body as the API has it; each CSV row sets
// what its columns name. A column is an option's name (`percent-off`, `--percent-off` or
// `percent_off`, typed as on the command line: 10.50 for money), `metadata.KEY`, or one of the
// body's object fields holding JSON (`discount`, `gift`, ...). Repeatable options take several
// values separated by `;` in one cell. Empty cells set nothing. Any other column is refused.
import type { CreateVoucherBody } from '../../../api/vouchers.js';
import { UsageError } from '../../../base/errors.js';
import { columnName, columnRoles } from '../../../bulk/columns.js';
import type { InputRecord } from '../../../bulk/index.js';
import { parseJsonText } from '../../../input/json-source.js';
import { cellPair, parseMetadata } from '../../../input/metadata.js';
import { mergeBody } from './create-body.js';
import { type FieldValues, fieldsPatch } from './field-patch.js';
import { fieldByFlag, VOUCHER_FIELDS } from './fields.js';

/** Body fields given as JSON in a cell, by column name (after `_` → `-`). */
const JSON_COLUMNS: Record<string, keyof CreateVoucherBody> = {
  discount: 'discount',
  gift: 'gift',
  'loyalty-card': 'loyalty_card',
  'code-config': 'code_config',
  'validity-timeframe': 'validity_timeframe',
  redemption: 'redemption',
};
/** Body field names that differ from the option that sets them. */
const ALIASES: Record<string, string> = {
  'validity-day-of-week': 'validity-day',
  'validation-rules': 'validation-rule',
};
/** A cell of these starting with `[` or `{` is the body field itself, as JSON. */
const JSON_CELL_FIELDS: Record<string, keyof CreateVoucherBody> = {
  'validity-day': 'validity_day_of_week',
  'validation-rule': 'validation_rules',
  'validity-hours': 'validity_hours',
  metadata: 'metadata',
};

type ColumnRole =
  | { kind: 'flag'; flag: string }
  | { kind: 'json'; field: keyof CreateVoucherBody }
  | { kind: 'metadata'; key: string };

const FLAG_NAMES = new Set<string>(VOUCHER_FIELDS.map((field) => field.flag));

function columnRole(column: string): ColumnRole | undefined {
  if (/^metadata\./i.test(column)) return { kind: 'metadata', key: column.slice('metadata.'.length) };
  const name = columnName(column);
  const flag = ALIASES[name] ?? name;
  if (FLAG_NAMES.has(flag)) return { kind: 'flag', flag };
  const field = JSON_COLUMNS[name];
  return field ? { kind: 'json', field } : undefined;
}

/** Checks the header once: an unknown column is a usage error naming it. */
export function csvColumnRoles(columns: string[]): Map<string, ColumnRole> {
  return columnRoles(
    columns,
    columnRole,
    `option names of voucher create (code, type, percent-off, gift-amount, …), metadata.KEY, or the JSON fields ${Object.keys(JSON_COLUMNS).join(', ')}`,
  );
}

function parseJsonCell(text: string, column: string): unknown {
  return parseJsonText(text, `column '${column}'`, 'the cell');
}

function switchValue(text: string, column: string): boolean {
  if (/^(true|yes|y|1)$/i.test(text)) return true;
  if (/^(false|no|n|0)$/i.test(text)) return false;
  throw new UsageError(`column '${column}' must be true or false, not '${text}'`);
}

function csvRowPatch(row: Record<string, string>, roles: Map<string, ColumnRole>): CreateVoucherBody {
  const values: FieldValues = {};
  const columnOf: Record<string, string> = {};
  let json: CreateVoucherBody = {};
  const metadata: string[] = [];
  for (const [column, raw] of Object.entries(row)) {
    const text = raw.trim();
    const role = roles.get(column);
    if (text === '' || !role) continue;
    if (role.kind === 'metadata') {
      metadata.push(cellPair(role.key, text));
    } else if (role.kind === 'json') {
      json = mergeBody(json, { [role.field]: parseJsonCell(text, column) });
    } else if (JSON_CELL_FIELDS[role.flag] && /^[[{]/.test(text)) {
      json = mergeBody(json, { [JSON_CELL_FIELDS[role.flag]!]: parseJsonCell(text, column) });
    } else {
      const field = fieldByFlag(role.flag)!;
      columnOf[role.flag] = column;
      if (!field.value) {
        // A switch column: `active` false means inactive, and the other way round.
        const on = switchValue(text, column);
        values[on ? role.flag : role.flag === 'active' ? 'inactive' : 'active'] = true;
      } else if (field.repeatable) {
        values[role.flag] = text
          .split(';')
          .map((part) => part.trim())
          .filter(Boolean);
      } else {
        values[role.flag] = raw;
      }
    }
  }
  const patch = fieldsPatch(values, (flag) => `column '${columnOf[flag] ?? flag}'`);
  const fromColumns = parseMetadata(metadata.length ? metadata : undefined, 'metadata column');
  return mergeBody(mergeBody(json, patch), fromColumns ? { metadata: fromColumns } : {});
}

/** The part of the body one record sets; merged over --body and the flags by the caller. */
export function recordPatch(
  record: InputRecord,
  roles: Map<string, ColumnRole> | undefined,
): CreateVoucherBody {
  if (record.format === 'ndjson') return record.value as CreateVoucherBody;
  if (record.format === 'csv') return csvRowPatch(record.value, roles ?? new Map());
  throw new UsageError('--input must be NDJSON or CSV');
}
