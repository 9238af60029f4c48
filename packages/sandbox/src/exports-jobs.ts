// An export's life in the sandbox: the request checked against the vendor's description (object,
// fields, order, filters), the record kept, its status read from the clock, and the service's
// export object made from it.

import {
  EXPORT_FIELDS,
  EXPORT_ORDERS,
  EXPORTED_OBJECTS,
  type ExportedObject,
  type ExportStatus,
} from './facts/exports.js';
import { ALL_OPERATORS } from './facts/filters.js';
import type { ExportRecord } from './job-types.js';
import { type FilterFields, type Filters, parseFilters } from './list-filters.js';
import { nodeCrypto } from './node-builtin.js';
import { type RouteContext, SandboxError, type SandboxState } from './types.js';
import { invalid, isRecord, type Json } from './voucher-check.js';
import { VOUCHER_FILTER_FIELDS } from './voucher-list.js';

/** How long an export waits in the queue, then how long it runs: short, so that tests and --wait see each status. */
export const EXPORT_QUEUED_MS = 50;
export const EXPORT_RUNNING_MS = 150;

const OBJECTS = Object.values(EXPORTED_OBJECTS) as ExportedObject[];
/** The vendor's export filters take the object's fields, and `metadata.` ones (and more per object). */
const ANY_FIELD: FilterFields = {
  '*': { operators: ALL_OPERATORS },
  'metadata.*': { operators: ALL_OPERATORS },
};
const FILTER_FIELDS: Record<ExportedObject, FilterFields> = {
  voucher: VOUCHER_FILTER_FIELDS,
  redemption: ANY_FIELD,
  customer: ANY_FIELD,
  publication: ANY_FIELD,
  order: ANY_FIELD,
  points_expiration: ANY_FIELD,
  voucher_transactions: ANY_FIELD,
};

/**
 * The body's `filters` object (`{junction, field: {conditions: {$op: value | [values]}}}`), read
 * with the grammar of the lists' `filters` query: written out as that query, then parsed by it.
 */
export function readExportFilters(object: ExportedObject, filters: unknown, nowMs: number): Filters {
  if (filters === undefined || filters === null) return { junction: 'and', conditions: [] };
  if (!isRecord(filters)) invalid('parameters.filters', 'must be an object');
  const pairs: string[] = [];
  const add = (key: string, value: unknown) =>
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  for (const [field, spec] of Object.entries(filters)) {
    if (field === 'junction') {
      add('filters[junction]', spec);
      continue;
    }
    const conditions = isRecord(spec) ? spec.conditions : undefined;
    if (!isRecord(conditions)) invalid(`parameters.filters.${field}`, 'must be {"conditions": {...}}');
    for (const [operator, value] of Object.entries(conditions)) {
      const values = Array.isArray(value) ? value : [value];
      const key = `filters[${field}][conditions][${operator}]`;
      // The list operators take every value (indexed); the others one, however it is written.
      if (operator === '$in' || operator === '$not_in') {
        for (const [i, item] of values.entries()) add(`${key}[${i}]`, item ?? '');
      } else add(key, values[0] ?? '');
    }
  }
  try {
    return parseFilters(pairs.join('&'), FILTER_FIELDS[object], nowMs);
  } catch (error) {
    if (error instanceof SandboxError) invalid('parameters.filters', `is not valid: ${error.details}`);
    throw error;
  }
}

function readFields(object: ExportedObject, fields: unknown): string[] {
  const known = EXPORT_FIELDS[object];
  if (fields === undefined || fields === null) return [...known];
  if (!Array.isArray(fields) || fields.length === 0)
    invalid('parameters.fields', 'must be a non-empty array');
  for (const field of fields) {
    if (typeof field !== 'string' || !known.includes(field))
      invalid('parameters.fields', `may hold only ${known.join(', ')}; got ${JSON.stringify(field)}`);
  }
  return fields as string[];
}

/** Checks `POST /v1/exports`'s body and keeps the export it asks for. */
export function createExport(state: SandboxState, body: unknown, rc: RouteContext): ExportRecord {
  if (!isRecord(body)) invalid('body', 'must be a JSON object');
  const object = body.exported_object;
  if (!OBJECTS.includes(object as ExportedObject))
    invalid('exported_object', `must be one of ${OBJECTS.join(', ')}`);
  const exported = object as ExportedObject;
  const parameters = body.parameters ?? {};
  if (!isRecord(parameters)) invalid('parameters', 'must be an object');
  const fields = readFields(exported, parameters.fields);
  const orders = EXPORT_ORDERS[exported];
  const order = parameters.order ?? (orders.includes('-created_at') ? '-created_at' : orders[0]);
  if (typeof order !== 'string' || !orders.includes(order))
    invalid('parameters.order', `must be one of ${orders.join(', ')}`);
  const filters = (parameters.filters as Record<string, unknown> | undefined) ?? { junction: 'and' };
  readExportFilters(exported, filters, rc.now());
  const now = rc.now();
  const record: ExportRecord = {
    id: rc.newId('exp_', 24),
    created_at: new Date(now).toISOString(),
    exported_object: exported,
    parameters: { fields, order, filters },
    token: nodeCrypto().randomBytes(24).toString('base64url'),
    start_ms: now + EXPORT_QUEUED_MS,
    end_ms: now + EXPORT_QUEUED_MS + EXPORT_RUNNING_MS,
    fail: state.importSettings.fail,
  };
  state.exports[record.id] = record;
  return record;
}

export function exportStatus(record: ExportRecord, nowMs: number): ExportStatus {
  if (nowMs < record.start_ms) return 'SCHEDULED';
  if (nowMs < record.end_ms) return 'IN_PROGRESS';
  return record.fail ? 'ERROR' : 'DONE';
}

export function findExport(state: SandboxState, id: string): ExportRecord {
  const record = Object.hasOwn(state.exports, id) ? state.exports[id] : undefined;
  if (!record) {
    throw new SandboxError(404, 'not_found', 'Resource not found', `Cannot find export with id ${id}`, {
      resource_id: id,
      resource_type: 'export',
    });
  }
  return record;
}

/**
 * The service's export object. `origin` is where the request came in (its Host): the download is
 * served by the sandbox itself, at the export's own path with its token.
 */
export function exportAnswer(record: ExportRecord, nowMs: number, origin: string): Json {
  const status = exportStatus(record, nowMs);
  const path = `/v1/exports/${encodeURIComponent(record.id)}`;
  return {
    id: record.id,
    object: 'export',
    created_at: record.created_at,
    status,
    channel: 'API',
    exported_object: record.exported_object,
    parameters: record.parameters,
    result: status === 'DONE' ? { url: `${origin}${path}?token=${record.token}` } : null,
    user_id: null,
  };
}
