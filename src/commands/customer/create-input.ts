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
import { BULK_HELP, type BulkAction, type BulkFlags, runBulkInput } from '../../bulk/index.js';
import type { Runtime } from '../../runtime/runtime.js';
import { fieldRoles, recordFields } from '../shared/csv-fields.js';

export const CREATE_INPUT_HELP = `
The service's create is an upsert by source_id: a source_id it knows updates that customer, so
creating the same customer again is safe; the journal and the summary say which lines were created
and which updated a customer already there. --input FILE|- creates one customer per NDJSON line (a
body, like --body) or CSV row (columns source_id, name, email, phone, description, metadata.KEY),
over what --body and the flags say for all (a line's own values win). Each line needs a source_id:
that is what makes a line sent twice (a lost answer, --resume) leave one customer.
${BULK_HELP}`;

export const csvRoles = fieldRoles(['source_id', 'name', 'email', 'phone', 'description']);

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
    prepare: (record, roles) => lineBody(shared, recordFields(record, roles)),
    action: createAction,
    flags: options.bulk,
    dryRun: options.dryRun,
  });
}
