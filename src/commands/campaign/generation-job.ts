// The job that generates a campaign's codes, and how far it has come. The campaign does not name
// its job: it is the CAMPAIGN.VOUCHERS_GENERATE async action started by the create (its request
// id, where the answer gave one; else the first such job started when the campaign was made).
import { type AsyncAction, getAsyncAction, listAsyncActions } from '../../api/async-actions.js';
import type { Campaign } from '../../api/campaigns.js';
import type { ApiClient } from '../../api/client.js';

const GENERATE = 'CAMPAIGN.VOUCHERS_GENERATE';
/** The service's clocks may differ by a little between the campaign and its job. */
const SKEW_MS = 2_000;

export async function findGenerationJob(
  client: ApiClient,
  campaign: Campaign,
  requestId: string | undefined,
): Promise<AsyncAction | undefined> {
  const recent = (await listAsyncActions(client, { limit: 20 })).items.filter((a) => a.type === GENERATE);
  if (requestId) return recent.find((a) => a.request_id === requestId);
  const since = Date.parse(campaign.created_at ?? '');
  if (!Number.isFinite(since)) return undefined;
  // Newest first: the last one that started at or after the campaign is the first after it.
  return recent.filter((a) => Date.parse(a.created_at ?? '') >= since - SKEW_MS).at(-1);
}

/** Codes made so far, as the job says it: its count where it gives one, else its share of `total`. */
export async function generatedSoFar(
  client: ApiClient,
  jobId: string,
  total: number,
): Promise<number | undefined> {
  const job = await getAsyncAction(client, jobId);
  if (typeof job.result?.done_count === 'number') return job.result.done_count;
  if (typeof job.progress === 'number') return Math.floor((job.progress * total) / 100);
  return undefined;
}
