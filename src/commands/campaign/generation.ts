// Waiting for a campaign's generated codes: the service makes them in the background and the
// campaign says when it is done (vouchers_generation_status). Polled with the same backoff as jobs;
// Ctrl-C stops the waiting, never the generation.
import { type Campaign, getCampaign, isGenerating, quoted } from '../../api/campaigns.js';
import { ExitCode, InterruptedError, PromoError } from '../../base/errors.js';
import type { Runtime } from '../../runtime/runtime.js';
import { pollDelays } from '../shared/job-poll.js';
import { findGenerationJob, generatedSoFar } from './generation-job.js';

/** `requestId`: the create's, which its generation job carries (see generation-job.ts). */
export async function waitForCodes(campaign: Campaign, rt: Runtime, requestId?: string): Promise<Campaign> {
  const client = await rt.client();
  const delay = pollDelays();
  const started = rt.ctx.now();
  const count = campaign.vouchers_count;
  const what = typeof count === 'number' ? `${count.toLocaleString('en-US')} codes` : 'codes';
  // How many are made, on a terminal only (two more reads a round): when the job says it.
  const counting = rt.ctx.stderr.isTTY === true && typeof count === 'number';
  let job: { id: string } | undefined;
  let generated: number | undefined;
  let latest = campaign;
  try {
    while (isGenerating(latest)) {
      const seconds = Math.round((rt.ctx.now() - started) / 1000);
      const made = generated === undefined ? what : `${generated.toLocaleString('en-US')}/${what}`;
      rt.out.progress(
        `generating ${made} for ${latest.name}: ${latest.vouchers_generation_status} · ${seconds} s`,
      );
      try {
        await rt.ctx.sleep(delay(), rt.ctx.signal);
        latest = await getCampaign(client, latest.id);
        if (counting && isGenerating(latest)) {
          job ??= await findGenerationJob(client, campaign, requestId);
          if (job) generated = (await generatedSoFar(client, job.id, count)) ?? generated;
        }
      } catch (error) {
        if (rt.ctx.signal?.aborted) throw stillGenerating(latest);
        throw error;
      }
    }
  } finally {
    rt.out.endProgress();
  }
  if (latest.vouchers_generation_status === 'FAILED' || latest.creation_status === 'FAILED') {
    throw new PromoError(
      `the service could not generate the codes of campaign ${latest.name} (generation FAILED)`,
      ExitCode.failure,
      `See what it holds: promo campaign get ${quoted(latest.name)}`,
    );
  }
  return latest;
}

function stillGenerating(campaign: Campaign): InterruptedError {
  return new InterruptedError(
    `Interrupted: stopped waiting; the service goes on generating the codes of campaign ${campaign.name}`,
    `See how far it got with: promo campaign get ${quoted(campaign.name)}`,
  );
}
