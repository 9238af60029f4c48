// Following jobs: polls with growing pauses until every job is DONE or FAILED; Ctrl-C stops the
// waiting with exit 130 and names the jobs still running.
import { describe, expect, it } from 'vitest';
import type { AsyncAction } from '../../src/api/async-actions.js';
import { JobsStillRunning, jobTotals, pollDelays, pollJobs } from '../../src/commands/shared/job-poll.js';

const action = (id: string, status: string, progress: number, done?: number): AsyncAction => ({
  id,
  type: 'VOUCHERS.IMPORT',
  status,
  progress,
  created_at: '2026-01-01T00:00:00.000Z',
  object: 'async_action',
  ...(done === undefined ? {} : { result: { done_count: done, failed_count: 1 } }),
});

describe('polling jobs', () => {
  it('pauses longer each round, up to 5 s', () => {
    const next = pollDelays();
    expect(Array.from({ length: 8 }, next)).toEqual([500, 800, 1280, 2048, 3277, 5000, 5000, 5000]);
  });

  it('reads each job until it ends, then no more, and reports every round', async () => {
    const script: Record<string, AsyncAction[]> = {
      aa_1: [
        action('aa_1', 'ENQUEUED', 0),
        action('aa_1', 'IN_PROGRESS', 40),
        action('aa_1', 'DONE', 100, 9),
      ],
      aa_2: [action('aa_2', 'IN_PROGRESS', 10), action('aa_2', 'FAILED', 100, 0)],
    };
    const gets: string[] = [];
    const pauses: number[] = [];
    const rounds: string[] = [];
    const finals = await pollJobs(['aa_1', 'aa_2'], {
      get: async (id) => {
        gets.push(id);
        return script[id]!.shift()!;
      },
      sleep: async (ms) => {
        pauses.push(ms);
      },
      onRound: (actions) => rounds.push(actions.map((a) => `${a.id}:${a.status}`).join(' ')),
    });
    expect(finals.map((a) => a.status)).toEqual(['DONE', 'FAILED']);
    expect(gets).toEqual(['aa_1', 'aa_2', 'aa_1', 'aa_2', 'aa_1']);
    expect(pauses).toEqual([500, 800]);
    expect(rounds).toEqual([
      'aa_1:ENQUEUED aa_2:IN_PROGRESS',
      'aa_1:IN_PROGRESS aa_2:FAILED',
      'aa_1:DONE aa_2:FAILED',
    ]);
    expect(jobTotals(finals)).toEqual({ percent: 100, done: 9, failed: 2 });
  });

  it('stops waiting on Ctrl-C with exit 130, naming the jobs that still run', async () => {
    const controller = new AbortController();
    const promise = pollJobs(['aa_1', 'aa_2'], {
      get: async (id) => (id === 'aa_1' ? action(id, 'DONE', 100) : action(id, 'IN_PROGRESS', 50)),
      sleep: async () => controller.abort(),
      signal: controller.signal,
    });
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobsStillRunning);
    expect((error as JobsStillRunning).exitCode).toBe(130);
    expect((error as JobsStillRunning).message).toBe(
      'Interrupted: stopped waiting; the import job keeps running on the service (aa_2)',
    );
    expect((error as JobsStillRunning).hint).toBe('Follow it with: promo job wait aa_2');
  });
});
