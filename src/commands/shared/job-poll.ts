// Following async actions (import jobs) to their end: polls with backoff, several jobs at once,
// and tells the caller after each round so that a terminal can show progress. Ctrl-C stops the
// waiting, never the jobs: they run on at the service, and the error says how to follow them.
import { type AsyncAction, isFinished } from '../../api/async-actions.js';
import { InterruptedError } from '../../base/errors.js';

export interface PollOptions {
  get(id: string): Promise<AsyncAction>;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  signal?: AbortSignal;
  onRound?(actions: AsyncAction[]): void;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/** Waits between polls: quick at first (small imports finish in a second), then at most every 5 s. */
export function pollDelays(first = 500, max = 5_000, factor = 1.6): () => number {
  let next = first;
  return () => {
    const delay = next;
    next = Math.min(max, Math.round(next * factor));
    return delay;
  };
}

/** The final state of every job, in the order of `ids`. */
export async function pollJobs(ids: string[], options: PollOptions): Promise<AsyncAction[]> {
  const latest = new Map<string, AsyncAction>();
  const delay = pollDelays(options.firstDelayMs, options.maxDelayMs);
  for (;;) {
    for (const id of ids) {
      const known = latest.get(id);
      if (known && isFinished(known)) continue;
      stopIfInterrupted(ids, latest, options.signal);
      try {
        latest.set(id, await options.get(id));
      } catch (error) {
        // A request cut short by Ctrl-C: the jobs still run, and that is what to say.
        stopIfInterrupted(ids, latest, options.signal);
        throw error;
      }
    }
    const actions = ids.map((id) => latest.get(id)!);
    options.onRound?.(actions);
    if (actions.every(isFinished)) return actions;
    await options.sleep(delay(), options.signal);
    stopIfInterrupted(ids, latest, options.signal);
  }
}

function stopIfInterrupted(ids: string[], latest: Map<string, AsyncAction>, signal?: AbortSignal): void {
  if (!signal?.aborted) return;
  const running = ids.filter((id) => {
    const action = latest.get(id);
    return !action || !isFinished(action);
  });
  throw new JobsStillRunning(running.length > 0 ? running : ids);
}

/** Ctrl-C while waiting: exit 130, the jobs left running, and how to follow them. */
export class JobsStillRunning extends InterruptedError {
  constructor(readonly ids: string[]) {
    super(
      `Interrupted: stopped waiting; the import ${ids.length === 1 ? 'job keeps' : 'jobs keep'} running on the service (${ids.join(', ')})`,
      `Follow ${ids.length === 1 ? 'it' : 'them'} with: promo job wait ${ids.join(' ')}`,
    );
  }
}

/** Totals over several jobs, for the progress line and the summary. */
export function jobTotals(actions: AsyncAction[]): { percent: number; done: number; failed: number } {
  let percent = 0;
  let done = 0;
  let failed = 0;
  for (const action of actions) {
    percent += isFinished(action) ? 100 : (action.progress ?? 0);
    done += action.result?.done_count ?? 0;
    failed += action.result?.failed_count ?? 0;
  }
  return { percent: Math.floor(percent / Math.max(1, actions.length)), done, failed };
}
