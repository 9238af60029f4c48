// The service's CSV exports: `POST /v1/exports` queues one, `GET /v1/exports/{id}` follows it
// (SCHEDULED → IN_PROGRESS → DONE or ERROR, by the clock), `GET /v1/exports` lists them, `DELETE`
// removes one. The download is the same path with the export's `token` (and the app keys, as the
// service's download host wants them): the CSV, streamed as it is made (exports-csv.ts).

import { csvChunks, exportRecords } from './exports-csv.js';
import { createExport, exportAnswer, exportStatus, findExport, readExportFilters } from './exports-jobs.js';
import type { ExportedObject } from './facts/exports.js';
import type { ExportRecord } from './job-types.js';
import { DEFAULT_LIMIT, invalidQuery, readChoice, readLimit } from './list-params.js';
import {
  type Route,
  SandboxError,
  type SandboxReply,
  type SandboxRequest,
  type SandboxState,
} from './types.js';

const LIST_ORDERS = ['created_at', '-created_at', 'status', '-status'] as const;

/** Where the request came in: the result's URL names the sandbox itself, however it was reached. */
function originOf(req: SandboxRequest): string {
  return `http://${req.headers.host ?? '127.0.0.1'}`;
}

function download(
  req: SandboxRequest,
  state: SandboxState,
  record: ExportRecord,
  nowMs: number,
): SandboxReply {
  if (req.query.get('token') !== record.token) {
    throw new SandboxError(403, 'forbidden', 'Forbidden', 'The token does not belong to this export');
  }
  const status = exportStatus(record, nowMs);
  if (status !== 'DONE') {
    throw new SandboxError(
      404,
      'not_found',
      'Resource not found',
      `Export ${record.id} has no file (status ${status})`,
    );
  }
  const object = record.exported_object as ExportedObject;
  const filters = readExportFilters(object, record.parameters.filters, Date.parse(record.created_at));
  const records = exportRecords(state, record, filters);
  return {
    status: 200,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    stream: csvChunks(object, record.parameters.fields, records),
  };
}

function listExports(req: SandboxRequest, state: SandboxState, nowMs: number): SandboxReply {
  const limit = readLimit(req.query) ?? DEFAULT_LIMIT;
  const rawPage = req.query.get('page') ?? '1';
  const page = /^\d{1,4}$/.test(rawPage) ? Number(rawPage) : 0;
  if (page < 1) throw invalidQuery('page', `must be a whole number from 1, got '${rawPage}'`);
  const order = readChoice(req.query, 'order', LIST_ORDERS) ?? '-created_at';
  const key = order.replace('-', '') as 'created_at' | 'status';
  const descending = order.startsWith('-') ? -1 : 1;
  const rows = Object.values(state.exports)
    .map((record) => exportAnswer(record, nowMs, originOf(req)))
    .sort((a, b) => descending * String(a[key]).localeCompare(String(b[key])));
  return {
    status: 200,
    body: {
      object: 'list',
      data_ref: 'exports',
      exports: rows.slice((page - 1) * limit, page * limit),
      total: rows.length,
    },
  };
}

export const exportRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/v1/exports',
    auth: 'app-or-bearer',
    scopes: ['exports'],
    handle(req, state, rc) {
      const record = createExport(state, req.body, rc);
      // As queued, at the time it was made: the clock read again may be past its time in the queue.
      return { status: 200, body: exportAnswer(record, Date.parse(record.created_at), originOf(req)) };
    },
  },
  {
    method: 'GET',
    readOnly: true,
    pattern: '/v1/exports',
    auth: 'app-or-bearer',
    scopes: ['exports'],
    handle: (req, state, rc) => listExports(req, state, rc.now()),
  },
  {
    method: 'GET',
    readOnly: true,
    pattern: '/v1/exports/:id',
    auth: 'app-or-bearer',
    scopes: ['exports'],
    handle(req, state, rc) {
      const record = findExport(state, req.params.id ?? '');
      if (req.query.has('token')) return download(req, state, record, rc.now());
      return { status: 200, body: exportAnswer(record, rc.now(), originOf(req)) };
    },
  },
  {
    method: 'DELETE',
    pattern: '/v1/exports/:id',
    auth: 'app-or-bearer',
    scopes: ['exports'],
    handle(req, state) {
      const record = findExport(state, req.params.id ?? '');
      delete state.exports[record.id];
      return { status: 204 };
    },
  },
];
