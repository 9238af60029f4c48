// `event send --input FILE|-`: one event per NDJSON line (a body, like --body) or CSV row, over what
// --body and the flags say for every event (a line's own values win). CSV columns: event, the
// customer, referral and loyalty options by name (customer-source-id, customer_email, ...) or by
// field (customer.source_id, referral.code, loyalty.code), metadata.KEY (typed like --metadata),
// and customer or metadata holding a JSON object. Empty cells set nothing; other columns are refused.
import { type EventRequest, sendEvent, sendEventRequest } from '../../api/events.js';
import { UsageError } from '../../base/errors.js';
import { columnName, columnRoles } from '../../bulk/columns.js';
import {
  BULK_HELP,
  type BulkAction,
  type BulkFlags,
  type InputRecord,
  runBulkInput,
} from '../../bulk/index.js';
import { cellPair, parseMetadata } from '../../input/metadata.js';
import type { Runtime } from '../../runtime/runtime.js';
import { checkEventBody, type EventBody, mergeEvent } from './body.js';

export const INPUT_HELP = `
--input FILE|- sends one event per NDJSON line (a body, like --body) or CSV row, over what --body
and the flags say for all of them (a line's own values win). CSV columns: event,
customer-source-id, customer-id, customer-email, customer-name, referral-code, referrer-id,
loyalty-card, metadata.KEY, or customer / metadata holding JSON. An event whose answer was lost
cannot be read back: it stays unknown, and is sent again only with --resume and --resend-unknown.
${BULK_HELP}`;

type ColumnRole =
  | { kind: 'field'; path: [string] | [string, string] }
  | { kind: 'json'; field: 'customer' | 'metadata' }
  | { kind: 'metadata'; key: string };

const FIELD_COLUMNS: Record<string, [string] | [string, string]> = {
  event: ['event'],
  'customer-source-id': ['customer', 'source_id'],
  'customer.source-id': ['customer', 'source_id'],
  'customer-id': ['customer', 'id'],
  'customer.id': ['customer', 'id'],
  'customer-email': ['customer', 'email'],
  'customer.email': ['customer', 'email'],
  'customer-name': ['customer', 'name'],
  'customer.name': ['customer', 'name'],
  'referral-code': ['referral', 'code'],
  'referral.code': ['referral', 'code'],
  'referrer-id': ['referral', 'referrer_id'],
  'referral.referrer-id': ['referral', 'referrer_id'],
  'loyalty-card': ['loyalty', 'code'],
  'loyalty.code': ['loyalty', 'code'],
};

function columnRole(column: string): ColumnRole | undefined {
  if (/^metadata\./i.test(column)) return { kind: 'metadata', key: column.slice('metadata.'.length) };
  const name = columnName(column);
  if (name === 'customer' || name === 'metadata') return { kind: 'json', field: name };
  const path = FIELD_COLUMNS[name];
  return path ? { kind: 'field', path } : undefined;
}

/** Checks the CSV header once: an unknown column is a usage error naming it. */
export function csvColumnRoles(columns: string[]): Map<string, ColumnRole> {
  return columnRoles(
    columns,
    columnRole,
    'event, customer-source-id, customer-id, customer-email, customer-name, referral-code, referrer-id, loyalty-card, metadata.KEY, or customer / metadata as JSON',
  );
}

function csvRowPart(row: Record<string, string>, roles: Map<string, ColumnRole>): EventBody {
  const part: Record<string, Record<string, unknown> | unknown> = {};
  const nested = (field: string): Record<string, unknown> => {
    part[field] ??= {};
    return part[field] as Record<string, unknown>;
  };
  const metadata: string[] = [];
  for (const [column, raw] of Object.entries(row)) {
    const text = raw.trim();
    const role = roles.get(column);
    if (text === '' || !role) continue;
    if (role.kind === 'metadata') metadata.push(cellPair(role.key, text));
    else if (role.kind === 'json') Object.assign(nested(role.field), jsonObjectCell(text, column));
    else if (role.path.length === 1) part.event = text;
    else nested(role.path[0])[role.path[1]] = text;
  }
  const typed = parseMetadata(metadata.length ? metadata : undefined, 'metadata column');
  // Spread, not Object.assign: a `__proto__` key stays data.
  if (typed) part.metadata = { ...nested('metadata'), ...typed };
  return part;
}

function jsonObjectCell(text: string, column: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`column '${column}' is not valid JSON (${(error as Error).message})`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`column '${column}' must hold a JSON object`);
  }
  return value as Record<string, unknown>;
}

function recordPart(record: InputRecord, roles: Map<string, ColumnRole> | undefined): EventBody {
  if (record.format === 'ndjson') return record.value;
  if (record.format === 'csv') return csvRowPart(record.value, roles ?? new Map());
  throw new UsageError('--input must be NDJSON or CSV');
}

/** An event cannot be read back: a lost answer leaves it unknown. */
export const sendAction: BulkAction<EventRequest> = {
  status: 'sent',
  code: () => undefined,
  async send(client, body) {
    await sendEvent(client, body);
    return {};
  },
  request: sendEventRequest,
};

/** Sends one event per input record; returns the exit code. */
export function sendMany(
  shared: EventBody,
  input: string,
  options: { bulk: BulkFlags; dryRun: boolean },
  rt: Runtime,
): Promise<number> {
  return runBulkInput(rt, {
    command: 'event send',
    input,
    read: { formats: ['ndjson', 'csv'] },
    columns: csvColumnRoles,
    prepare: (record, roles) => checkEventBody(mergeEvent(shared, recordPart(record, roles))),
    action: sendAction,
    flags: options.bulk,
    dryRun: options.dryRun,
  });
}
