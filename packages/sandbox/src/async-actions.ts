// The voucher import (`POST /v1/vouchers/import`, answered 202 with the id of its job) and the
// async actions that report on jobs: `GET /v1/async-actions/{id}` and `GET /v1/async-actions`.
import { IMPORT_PATH, VOUCHER_CSV_PATH } from './bulk-calls.js';
import { type ImportJob, queueImport } from './import-jobs.js';
import { DEFAULT_LIMIT, invalidQuery, readLimit } from './list-params.js';
import { bulkResult } from './product-bulk.js';
import { type Route, SandboxError, type SandboxRequest, type SandboxState } from './types.js';
import { invalid, type Json } from './voucher-check.js';
import { readVoucherCsv } from './voucher-import-csv.js';

function progress(job: ImportJob): number {
  if (job.status === 'DONE') return 100;
  return job.total === 0 ? 0 : Math.floor((job.processed * 100) / job.total);
}

/** What a finished job's message says of its records: `4 product(s) imported successfully`. */
const DONE_WORDS: Record<ImportJob['type'], string> = {
  'VOUCHERS.IMPORT': 'voucher(s) imported',
  'VOUCHERS.IMPORT_CSV': 'voucher(s) imported',
  'PRODUCTS.IMPORT_CSV': 'product(s) imported',
  'PRODUCTS.BULK_UPDATE': 'product(s) updated',
  'PRODUCTS.METADATA_UPDATE': 'product(s) updated',
  'CAMPAIGN.VOUCHERS_IMPORT': 'voucher(s) imported',
  'CAMPAIGN.VOUCHERS_IMPORT_CSV': 'voucher(s) imported',
  'CAMPAIGN.VOUCHERS_GENERATE': 'voucher(s) generated',
  'CAMPAIGN.VOUCHERS_DELETE': 'voucher(s) deleted',
};

/** The imports a sandbox set to fail stops half-way, said so in their message. */
const STOPPED_IMPORTS = new Set<ImportJob['type']>([
  'VOUCHERS.IMPORT',
  'VOUCHERS.IMPORT_CSV',
  'PRODUCTS.IMPORT_CSV',
]);

function resultOf(job: ImportJob): Json | null {
  if (job.status === 'ENQUEUED') return null;
  // The bulk updates report counts and errors, not a message (the vendor's PRODUCTS.* results).
  if (job.type === 'PRODUCTS.BULK_UPDATE' || job.type === 'PRODUCTS.METADATA_UPDATE') {
    return bulkResult(job.done_count, job.failed);
  }
  const failedCount = job.failed.length;
  const done = DONE_WORDS[job.type];
  const message =
    job.status === 'FAILED'
      ? STOPPED_IMPORTS.has(job.type)
        ? `Import stopped after ${job.processed} of ${job.total} record(s): the sandbox was set to fail imports.`
        : `Stopped after ${job.processed} of ${job.total} record(s).`
      : job.status === 'DONE'
        ? `${job.done_count} ${done} successfully, ${failedCount} failed.`
        : `${job.processed} of ${job.total} record(s) processed.`;
  return { message, failed: job.failed, done_count: job.done_count, failed_count: failedCount };
}

const OPERATION_STATUS = { ENQUEUED: 'UNKNOWN', IN_PROGRESS: 'UNKNOWN', DONE: 'SUCCESS', FAILED: 'FAILED' };

/** The service's async action object; the list leaves out `result`, as the service's does. */
export function asyncActionAnswer(job: ImportJob, withResult = true): Json {
  const finished = job.status === 'DONE' || job.status === 'FAILED';
  return {
    id: job.id,
    type: job.type,
    status: job.status,
    operation_status: OPERATION_STATUS[job.status],
    ...(withResult ? { result: resultOf(job) } : {}),
    created_at: job.created_at,
    updated_at: job.updated_at,
    request_id: job.request_id,
    progress: progress(job),
    processing_time: finished ? Date.parse(job.updated_at) - job.start_ms : null,
    object: 'async_action',
  };
}

function readEndDate(query: URLSearchParams): number | undefined {
  const raw = query.get('end_date');
  if (raw === null) return undefined;
  const time = /^\d{4}-\d{2}-\d{2}/.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(time))
    throw invalidQuery('end_date', `must be an ISO 8601 date or date-time, got '${raw}'`);
  return time;
}

function listAsyncActions(req: SandboxRequest, state: SandboxState) {
  const limit = readLimit(req.query) ?? DEFAULT_LIMIT;
  const endDate = readEndDate(req.query);
  const matching = Object.values(state.asyncActions)
    .filter((job) => endDate === undefined || Date.parse(job.created_at) < endDate)
    .sort((a, b) => (a.created_at === b.created_at ? 0 : a.created_at < b.created_at ? 1 : -1));
  return {
    status: 200,
    body: {
      object: 'list',
      data_ref: 'async_actions',
      async_actions: matching.slice(0, limit).map((job) => asyncActionAnswer(job, false)),
      has_more: matching.length > limit,
    },
  };
}

export const asyncActionRoutes: Route[] = [
  {
    method: 'POST',
    pattern: IMPORT_PATH,
    auth: 'app-or-bearer',
    scopes: ['vouchers'],
    handle(req, state, rc) {
      if (!Array.isArray(req.body)) invalid('body', 'must be a JSON array of vouchers');
      const job = queueImport(state, req.body, rc, req.requestId);
      return { status: 202, body: { async_action_id: job.id } };
    },
  },
  {
    method: 'POST',
    pattern: VOUCHER_CSV_PATH,
    auth: 'app-or-bearer',
    scopes: ['vouchers'],
    handle(req, state, rc) {
      const records = readVoucherCsv(req.headers['content-type'], req.body);
      const job = queueImport(state, records, rc, req.requestId, { type: 'VOUCHERS.IMPORT_CSV' });
      return { status: 202, body: { async_action_id: job.id } };
    },
  },
  {
    method: 'GET',
    readOnly: true,
    pattern: '/v1/async-actions/:id',
    auth: 'app-or-bearer',
    scopes: ['async-actions'],
    handle(req, state) {
      const id = req.params.id ?? '';
      const job = Object.hasOwn(state.asyncActions, id) ? state.asyncActions[id] : undefined;
      if (!job) {
        throw new SandboxError(
          404,
          'not_found',
          'Resource not found',
          `Cannot find async_action with id ${id}`,
          {
            resource_id: id,
            resource_type: 'async_action',
          },
        );
      }
      return { status: 200, body: asyncActionAnswer(job) };
    },
  },
  {
    method: 'GET',
    readOnly: true,
    pattern: '/v1/async-actions',
    auth: 'app-or-bearer',
    scopes: ['async-actions'],
    handle: listAsyncActions,
  },
];
