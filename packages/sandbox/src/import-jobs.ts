// Voucher import jobs, processed "in the background" without a background: a job's progress is a
// function of time (its start and its speed in records per second), applied to the state whenever a
// request reads or writes it. Any process sharing the state file, the built-in profile's short-lived
// ones included, therefore sees a job advance and finish the same way.
import { generateForCampaign, importIntoCampaign } from './campaign-vouchers.js';
import type { ImportFailure, ImportJob, ImportSettings, JobStatus, JobType } from './job-types.js';
import { bulkProductFailure, bulkProductRecord } from './product-bulk.js';
import { importProductRow, productRowFailure } from './product-import.js';
import type { RouteContext, SandboxState } from './types.js';
import { SandboxError } from './types.js';
import { buildVoucher, findOrCreateCategory } from './voucher-build.js';
import { duplicateCode, isCodeTaken } from './voucher-codes.js';
import { recordCode, validateImportRecord } from './voucher-import-item.js';
import { put } from './voucher-store.js';

export type { ImportFailure, ImportJob, ImportSettings, JobStatus, JobType } from './job-types.js';

export const DEFAULT_IMPORT_SETTINGS: ImportSettings = { records_per_second: 1000, fail: false };
/** How fast codes are generated unless the settings say: a campaign of 100,000 in two seconds. */
const GENERATE_PER_SECOND = 50_000;

export interface JobSpec {
  type: JobType;
  campaignId?: string;
  /** Records of a generation: counted, not kept. */
  total?: number;
}

/** The last record a job will process: all of them, or as far as a job set to fail gets. */
function lastRecord(job: ImportJob): number {
  return job.fail_after ?? job.total;
}

function msForRecords(job: ImportJob, records: number): number {
  return Math.floor((records * 1000) / job.records_per_second);
}

export function jobEndMs(job: ImportJob): number {
  return job.start_ms + msForRecords(job, lastRecord(job));
}

function recordsDueAt(job: ImportJob, nowMs: number): number {
  if (nowMs < job.start_ms) return 0;
  const due = Math.floor(((nowMs - job.start_ms) * job.records_per_second) / 1000);
  return Math.min(lastRecord(job), due);
}

/** Queues a job for `items`; it starts when every job queued before it has ended. */
export function queueImport(
  state: SandboxState,
  items: unknown[],
  rc: RouteContext,
  requestId: string,
  spec: JobSpec = { type: 'VOUCHERS.IMPORT' },
): ImportJob {
  const now = rc.now();
  let start = now;
  for (const id of Object.keys(state.importQueue)) {
    const queued = state.asyncActions[id];
    if (queued) start = Math.max(start, jobEndMs(queued));
  }
  const settings = { ...DEFAULT_IMPORT_SETTINGS, ...state.importSettings };
  const total = spec.total ?? items.length;
  const generating = spec.type === 'CAMPAIGN.VOUCHERS_GENERATE';
  const job: ImportJob = {
    id: rc.newId('aa_', 18),
    type: spec.type,
    campaign_id: spec.campaignId ?? null,
    request_id: requestId,
    created_at: new Date(now).toISOString(),
    start_ms: start,
    records_per_second: generating
      ? (settings.generate_per_second ?? GENERATE_PER_SECOND)
      : settings.records_per_second,
    fail_after: settings.fail ? Math.floor(total / 2) : null,
    total,
    processed: 0,
    done_count: 0,
    failed: [],
    status: 'ENQUEUED',
    updated_at: new Date(now).toISOString(),
  };
  state.asyncActions[job.id] = job;
  state.importQueue[job.id] = items;
  // An empty job has nothing to wait for.
  advanceImports(state, rc);
  return state.asyncActions[job.id] as ImportJob;
}

/** Processes one record at the moment the job's timeline reaches it; a failure is the record's alone. */
function importRecord(
  state: SandboxState,
  job: ImportJob,
  item: unknown,
  atMs: number,
  rc: RouteContext,
): ImportFailure | null {
  try {
    const at: RouteContext = { ...rc, now: () => atMs };
    if (job.type === 'PRODUCTS.IMPORT_CSV') {
      importProductRow(state, item, at);
      return null;
    }
    if (job.type === 'PRODUCTS.BULK_UPDATE' || job.type === 'PRODUCTS.METADATA_UPDATE') {
      bulkProductRecord(state, job.type, item, at);
      return null;
    }
    if (!job.type.startsWith('VOUCHERS.')) {
      const campaign = state.campaigns.find((c) => c.id === job.campaign_id);
      if (!campaign)
        throw new SandboxError(404, 'not_found', 'Resource not found', 'The campaign was deleted');
      if (job.type === 'CAMPAIGN.VOUCHERS_GENERATE') generateForCampaign(state, campaign, at, item);
      else importIntoCampaign(state, campaign, item, at);
      return null;
    }
    const input = validateImportRecord(item);
    const code = input.code as string;
    if (isCodeTaken(state, code)) throw duplicateCode(code);
    const category = findOrCreateCategory(state, input, at);
    put(state.vouchers, code, buildVoucher(input, code, { campaign: null, category }, at));
    return null;
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    const reason = error.details ?? error.message;
    if (job.type === 'PRODUCTS.IMPORT_CSV') return productRowFailure(item, reason);
    if (job.type.startsWith('PRODUCTS.')) return bulkProductFailure(item, reason);
    return { code: recordCode(item) ?? null, reason };
  }
}

export function hasQueuedImports(state: SandboxState): boolean {
  for (const _id in state.importQueue) return true;
  return false;
}

/** Brings every queued job up to the present. Cheap when nothing is queued. */
export function advanceImports(state: SandboxState, rc: RouteContext): void {
  for (const id of Object.keys(state.importQueue)) {
    const job = state.asyncActions[id];
    const items = state.importQueue[id];
    if (!job || !items) {
      delete state.importQueue[id];
      continue;
    }
    advanceJob(state, job, items, rc);
  }
}

function advanceJob(state: SandboxState, job: ImportJob, items: unknown[], rc: RouteContext): void {
  const due = recordsDueAt(job, rc.now());
  const finished = due >= lastRecord(job);
  if (due <= job.processed && !finished) return;
  const failed = [...job.failed];
  let done = job.done_count;
  for (let index = job.processed; index < due; index++) {
    // A generation's one item is what every generated voucher shares (its own fields).
    const item = job.type === 'CAMPAIGN.VOUCHERS_GENERATE' ? items[0] : items[index];
    const failure = importRecord(state, job, item, job.start_ms + msForRecords(job, index + 1), rc);
    if (failure) failed.push(failure);
    else done++;
  }
  const status: JobStatus = finished
    ? job.fail_after === null
      ? 'DONE'
      : 'FAILED'
    : due > 0
      ? 'IN_PROGRESS'
      : 'ENQUEUED';
  const updatedMs = finished ? jobEndMs(job) : job.start_ms + msForRecords(job, due);
  // The job is replaced whole, never edited in place.
  state.asyncActions[job.id] = {
    ...job,
    processed: due,
    done_count: done,
    failed,
    status,
    updated_at: new Date(Math.max(updatedMs, Date.parse(job.created_at))).toISOString(),
  };
  if (finished) delete state.importQueue[job.id];
}
