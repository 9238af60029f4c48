// The options that set a customer's fields (create and update share them) and the body they make:
// --body's JSON object first, the flags over it. And the check of a customer named on the line.
import { isDotSegment } from '../../api/client.js';
import type { CustomerBody } from '../../api/customers.js';
import type { StdinOf } from '../../base/context.js';
import { UsageError } from '../../base/errors.js';
import { readJsonObject } from '../../input/json-source.js';
import { parseMetadata } from '../../input/metadata.js';
import { defineOptions, type OptionValues } from '../../toolkit/define.js';
import { metadataOption } from '../shared/metadata-option.js';

export const CUSTOMER_FIELD_OPTIONS = defineOptions({
  email: { type: 'value', value: 'email', help: "the customer's email" },
  name: { type: 'value', value: 'name', help: "the customer's first and last name" },
  phone: { type: 'value', value: 'phone', help: "the customer's phone number" },
  metadata: metadataOption(),
  body: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'the customer as JSON from FILE, or - for stdin (the flags above override its fields)',
  },
});

export interface CustomerFieldParts {
  fields: CustomerBody;
  bodySource?: string;
}

/** The flags' fields, checked; --body is read in run (it may be stdin). */
export function parseFieldFlags(flags: OptionValues<typeof CUSTOMER_FIELD_OPTIONS>): CustomerFieldParts {
  const fields: CustomerBody = {};
  for (const key of ['email', 'name', 'phone'] as const) {
    const value = flags[key];
    if (value === undefined) continue;
    if (value === '') throw new UsageError(`--${key} must not be empty`);
    fields[key] = value;
  }
  const metadata = parseMetadata(flags.metadata);
  if (metadata) fields.metadata = metadata;
  return { fields, bodySource: flags.body };
}

/** --body's object with the flags laid over it (metadata merged key by key). */
export async function customerBody(parts: CustomerFieldParts, run: StdinOf): Promise<CustomerBody> {
  const base = parts.bodySource === undefined ? {} : await readJsonObject(parts.bodySource, '--body', run);
  const body: CustomerBody = { ...base, ...parts.fields };
  if (parts.fields.metadata && isObject(base.metadata)) {
    body.metadata = { ...base.metadata, ...parts.fields.metadata };
  }
  return body;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A customer named on the line: its id (cust_...) or source id, which travels in the URL path. */
export function checkCustomerRef(ref: string, where = '<customer>'): string {
  if (ref === '') throw new UsageError(`${where}: a customer id or source id must not be empty`);
  if (/[\u0000-\u001f\u007f]/.test(ref)) throw new UsageError(`${where}: '${ref}' holds a control character`);
  if (isDotSegment(ref)) {
    throw new UsageError(
      `${where}: '${ref}' is '.' or '..' or holds '../', which cannot travel in a URL path`,
    );
  }
  return ref;
}
