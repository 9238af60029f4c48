// `customer create --input FILE|-`: one customer per NDJSON line (a body, like --body) or CSV row
// (source_id, name, email, phone, description, metadata.KEY), over what --body and the flags say for
// all. Each line needs a source_id: the service's create is then an upsert, so a line sent twice
// (a lost answer, a resumed run) still leaves one customer.

import { readAnswer } from '../../api/answer.js';
import {
  CUSTOMER_ANSWER,
  type Customer,
  type CustomerBody,
  createCustomerRequest,
} from '../../api/customers.js';
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

export const CREATE_INPUT_HELP = `
The service's create is an upsert by source_id: a source_id it knows updates that customer, so
creating the same customer again is safe; the journal and the summary say which lines were created
and which updated a customer already there. --input FILE|- creates one customer per NDJSON line (a
body, like --body) or CSV row (columns source_id, name, email, phone, description, metadata.KEY),
over what --body and the flags say for all (a line's own values win). Each line needs a source_id:
that is what makes a line sent twice (a lost answer, --resume) leave one customer.
${BULK_HELP}`;

const TEXT_COLUMNS = ['source_id', 'name', 'email', 'phone', 'description'];

type Role = { kind: 'field'; field: string } | { kind: 'metadata'; key: string };

function columnRole(column: string): Role | undefined {
  if (/^metadata\./i.test(column)) return { kind: 'metadata', key: column.slice('metadata.'.length) };
  const name = columnName(column).replace(/-/g, '_');
  return TEXT_COLUMNS.includes(name) ? { kind: 'field', field: name } : undefined;
}

export function csvRoles(columns: string[]): Map<string, Role> {
  return columnRoles(columns, columnRole, `${TEXT_COLUMNS.join(', ')} or metadata.KEY`);
}

function recordPart(record: InputRecord, roles: Map<string, Role> | undefined): CustomerBody {
  if (record.format === 'ndjson') return record.value;
  if (record.format !== 'csv') throw new UsageError('--input must be NDJSON or CSV');
  const part: CustomerBody = {};
  const pairs: string[] = [];
  for (const [column, raw] of Object.entries(record.value)) {
    const text = raw.trim();
    const role = roles?.get(column);
    if (text === '' || !role) continue;
    if (role.kind === 'metadata') pairs.push(cellPair(role.key, text));
    else part[role.field] = text;
  }
  const metadata = parseMetadata(pairs.length ? pairs : undefined, 'metadata column');
  if (metadata) part.metadata = metadata;
  return part;
}

function lineBody(shared: CustomerBody, part: CustomerBody): CustomerBody {
  const body: CustomerBody = { ...shared, ...part };
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (isObject(shared.metadata) && isObject(part.metadata))
    body.metadata = { ...shared.metadata, ...part.metadata };
  if (typeof body.source_id !== 'string' || body.source_id === '') {
    throw new UsageError('needs a source_id: it is what makes a repeated create safe (an upsert)');
  }
  return body;
}

/**
 * An upsert by source_id: sent twice it leaves one customer, so a lost answer is simply sent again.
 * A customer the service knew already comes back with an updated_at: that line is `updated`.
 */
export const createAction: BulkAction<CustomerBody> = {
  status: 'created',
  alsoWrites: 'updated',
  code: (body) => body.source_id,
  async send(client, body) {
    const answer = await client.call(createCustomerRequest(body));
    const customer: Customer = readAnswer(answer, CUSTOMER_ANSWER, 'POST /v1/customers');
    const updated = typeof customer.updated_at === 'string' && customer.updated_at !== '';
    return {
      code: customer.source_id ?? undefined,
      id: customer.id,
      ...(updated ? { status: 'updated' } : {}),
    };
  },
  request: createCustomerRequest,
  repeatable: true,
};

export function createMany(
  shared: CustomerBody,
  input: string,
  options: { bulk: BulkFlags; dryRun: boolean },
  rt: Runtime,
): Promise<number> {
  return runBulkInput(rt, {
    command: 'customer create',
    input,
    read: { formats: ['ndjson', 'csv'] },
    columns: csvRoles,
    prepare: (record, roles) => lineBody(shared, recordPart(record, roles)),
    action: createAction,
    flags: options.bulk,
    dryRun: options.dryRun,
  });
}
