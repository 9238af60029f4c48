// The lines of `voucher balance --input` (balance-input.ts): NDJSON fields or CSV columns code, add or
// remove, reason, source_id, checked as far as they can be without the card; and the signed amount in
// the card's unit once its type is known (hundredths on a gift card, whole points on a loyalty card).
import { UsageError } from '../../base/errors.js';
import { columnName, columnRoles } from '../../bulk/columns.js';
import type { InputRecord } from '../../bulk/index.js';
import { parseMoney } from '../shared/values.js';

const FIELDS = ['code', 'add', 'remove', 'reason', 'source_id', 'expires'] as const;
export type Field = (typeof FIELDS)[number];

export interface BalanceLine {
  line: number;
  code: string;
  /** +1 adds, -1 removes. */
  sign: 1 | -1;
  /** The amount as a gift card takes it (hundredths), and as a loyalty card does (undefined: not whole). */
  hundredths: number;
  points?: number;
  reason?: string;
  /** The line's own label; without one, promo's mark (made per run and line). */
  sourceId?: string;
  /** Loyalty points only: `YYYY-MM-DD` or `never`. */
  expires?: string;
}

/** `--expires` / "expires": a day (YYYY-MM-DD) or `never`; checked before anything is sent. */
export function parseExpires(value: string, where: string): string {
  const text = value.trim();
  if (text === 'never') return text;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(day) || new Date(day).toISOString().slice(0, 10) !== text)
    throw new UsageError(`${where} takes a day such as 2026-12-31, or never; not '${value}'`);
  return text;
}

function fieldsOf(record: InputRecord, roles?: Map<string, Field>): Partial<Record<Field, unknown>> {
  if (record.format === 'lines') throw new UsageError('--input of voucher balance is NDJSON or CSV');
  if (record.format === 'ndjson') {
    const unknown = Object.keys(record.value).find((key) => !(FIELDS as readonly string[]).includes(key));
    if (unknown) throw new UsageError(`unknown field "${unknown}" (${FIELDS.join(', ')})`);
    return record.value;
  }
  const fields: Partial<Record<Field, unknown>> = {};
  for (const [column, raw] of Object.entries(record.value)) {
    const field = roles?.get(column);
    if (field && raw.trim() !== '') fields[field] = raw;
  }
  return fields;
}

function textField(value: unknown, field: Field): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.trim() === '')
    throw new UsageError(`"${field}" must be a non-empty string`);
  return value;
}

function expiresField(value: unknown, field: 'add' | 'remove'): string {
  if (field === 'remove') throw new UsageError('"expires" goes with "add": removed points have no expiry');
  return parseExpires(textField(value, 'expires') as string, '"expires"');
}

/** One line's change, checked as far as it can be without its card. */
export function balanceLine(record: InputRecord, roles?: Map<string, Field>): BalanceLine {
  const fields = fieldsOf(record, roles);
  const code = textField(fields.code, 'code');
  if (code === undefined) throw new UsageError('"code" is missing: which card');
  const given = (['add', 'remove'] as const).filter((f) => fields[f] !== undefined && fields[f] !== null);
  if (given.length !== 1)
    throw new UsageError(given.length === 0 ? 'needs "add" or "remove"' : 'give "add" or "remove", not both');
  const field = given[0] as 'add' | 'remove';
  const raw = fields[field];
  if (typeof raw !== 'number' && typeof raw !== 'string')
    throw new UsageError(`"${field}" must be an amount such as 25 or 10.50`);
  const text = String(raw);
  const hundredths = parseMoney(text, `"${field}"`);
  if (hundredths === 0) throw new UsageError(`"${field}" must be more than 0`);
  const points = /^\d{1,15}$/.test(text.trim()) ? Number(text) : undefined;
  return {
    line: record.line,
    code: code.trim(),
    sign: field === 'add' ? 1 : -1,
    hundredths,
    ...(points === undefined ? {} : { points }),
    ...(fields.reason === undefined ? {} : { reason: textField(fields.reason, 'reason') }),
    ...(fields.source_id === undefined ? {} : { sourceId: textField(fields.source_id, 'source_id') }),
    ...(fields.expires === undefined ? {} : { expires: expiresField(fields.expires, field) }),
  };
}

/** The signed amount in the card's unit; a UsageError when the card cannot take it. */
export function amountFor(type: string, p: BalanceLine): number {
  const field = p.sign > 0 ? '"add"' : '"remove"';
  if (type === 'GIFT_VOUCHER') return p.sign * p.hundredths;
  if (type !== 'LOYALTY_CARD')
    throw new UsageError(
      `"code": ${p.code} is a discount code: only gift cards and loyalty cards have a balance`,
    );
  if (p.points === undefined)
    throw new UsageError(`${field}: ${p.code} is a loyalty card, which takes whole points such as 250`);
  return p.sign * p.points;
}

export function columnsOf(names: string[]): Map<string, Field> {
  return columnRoles(
    names,
    (column) => FIELDS.find((f) => columnName(f) === columnName(column)),
    FIELDS.join(', '),
  );
}
