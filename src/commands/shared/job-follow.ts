// `job wait`, `voucher import --wait` and the campaign commands that start jobs: follow jobs to
// their end with a progress line on a terminal, then say how they ended.
import { type AsyncAction, failuresOf, getAsyncAction } from '../../api/async-actions.js';
import type { Runtime } from '../../runtime/runtime.js';
import { jobTotals, pollJobs } from './job-poll.js';

export async function followJobs(ids: string[], rt: Runtime, what = 'importing'): Promise<AsyncAction[]> {
  const client = await rt.client();
  try {
    return await pollJobs(ids, {
      get: (id) => getAsyncAction(client, id),
      sleep: (ms, signal) => rt.ctx.sleep(ms, signal),
      signal: rt.ctx.signal,
      onRound: (actions) => {
        const { percent, done, failed } = jobTotals(actions);
        const statuses = [...new Set(actions.map((a) => a.status))].join('/');
        const jobs = ids.length > 1 ? `${ids.length} jobs ` : '';
        rt.out.progress(`${what}: ${jobs}${statuses} ${percent}% · ${done} done · ${failed} failed`);
      },
    });
  } finally {
    rt.out.endProgress();
  }
}

/** One line per job for stderr: how it ended. */
export function jobOutcome(action: AsyncAction): string {
  const done = action.result?.done_count;
  const failed = action.result?.failed_count ?? failuresOf(action).length;
  const counts = done === undefined ? '' : `: ${done} done, ${failed} failed`;
  const message = action.result?.message ? ` (${action.result.message})` : '';
  return `${action.id} ${action.status}${counts}${message}`;
}
