// Sending the import: one request per chunk, each answering the id of the job that will create its
// vouchers. The bulk-call limit (X-Rate-Limit-Type: bulk_api_calls, counted per hour) is waited
// out rather than failed: a load of 50,000 codes should arrive late, not half.
import { importToCampaign } from '../../api/campaigns.js';
import type { ApiClient } from '../../api/client.js';
import { importVouchers } from '../../api/voucher-import.js';
import { ApiError } from '../../base/errors.js';
import type { Runtime } from '../../runtime/runtime.js';
import { JobsStillRunning } from '../shared/job-poll.js';
import type { ImportLine } from './import-items.js';

export interface QueuedJob {
  id: string;
  lines: ImportLine[];
}

const header = (error: ApiError, name: string) => {
  const value = error.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** How long the service asked to wait, from Retry-After or the window's reset (X-Rate-Limit-Retry). */
export function bulkWaitMs(error: ApiError, nowMs: number): number {
  const after = Number(header(error, 'retry-after'));
  if (Number.isFinite(after) && after > 0) return after * 1000;
  const reset = Number(header(error, 'x-rate-limit-retry'));
  if (Number.isFinite(reset) && reset * 1000 > nowMs) return reset * 1000 - nowMs;
  return 60_000;
}

function isBulkLimit(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 429 &&
    header(error, 'x-rate-limit-type') === 'bulk_api_calls'
  );
}

async function sendChunk(
  client: ApiClient,
  chunk: ImportLine[],
  rt: Runtime,
  queued: QueuedJob[],
  campaign: string | undefined,
): Promise<string> {
  const vouchers = chunk.map((line) => line.voucher);
  for (;;) {
    try {
      if (campaign !== undefined) return await importToCampaign(client, campaign, vouchers);
      return (await importVouchers(client, vouchers)).async_action_id;
    } catch (error) {
      if (rt.ctx.signal?.aborted && queued.length > 0)
        throw new JobsStillRunning(queued.map((job) => job.id));
      if (!isBulkLimit(error)) throw error;
      const ms = bulkWaitMs(error, rt.ctx.now());
      const until = new Date(rt.ctx.now() + ms).toISOString().slice(11, 19);
      rt.out.notice(
        `The bulk-call limit is reached: waiting ${Math.ceil(ms / 1000)} s (until ${until} UTC) to send lines ${chunk[0]!.line}-${chunk.at(-1)!.line}; Ctrl-C stops here, nothing of them was sent.`,
      );
      await rt.ctx.sleep(ms, rt.ctx.signal);
      if (rt.ctx.signal?.aborted) {
        if (queued.length > 0) throw new JobsStillRunning(queued.map((job) => job.id));
        throw error;
      }
    }
  }
}

/** Queues every chunk in order; an error after some were queued names the jobs already running. */
export async function queueImport(
  client: ApiClient,
  chunks: ImportLine[][],
  rt: Runtime,
  campaign?: string,
): Promise<QueuedJob[]> {
  const queued: QueuedJob[] = [];
  for (const chunk of chunks) {
    try {
      queued.push({ id: await sendChunk(client, chunk, rt, queued, campaign), lines: chunk });
    } catch (error) {
      if (queued.length === 0 || error instanceof JobsStillRunning) throw error;
      const ids = queued.map((job) => job.id);
      await rt.out.warn(
        `${queued.length} of ${chunks.length} import requests were queued before this failure (jobs ${ids.join(', ')}); lines from ${chunk[0]!.line} on were not sent. Follow the jobs with: promo job wait ${ids.join(' ')}`,
      );
      throw error;
    }
  }
  return queued;
}
