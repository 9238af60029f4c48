// Following an export to its end (DONE or ERROR), polling with backoff as `job wait` does, with a
// status line on a terminal. Ctrl-C stops the waiting, never the export: the error says how to
// download it later.
import { type Export, getExport, isExportFinished } from '../../api/exports.js';
import { ExitCode, InterruptedError, PromoError } from '../../base/errors.js';
import type { Runtime } from '../../runtime/runtime.js';
import { pollDelays } from '../shared/job-poll.js';

function stillRunning(id: string): InterruptedError {
  return new InterruptedError(
    `Interrupted: stopped waiting; export ${id} goes on at the service`,
    `Download it once it is DONE: promo export download ${id} --out FILE`,
  );
}

export async function followExport(exp: Export, rt: Runtime): Promise<Export> {
  const client = await rt.client();
  const delay = pollDelays(250, 5_000);
  const signal = rt.ctx.signal;
  let latest = exp;
  try {
    while (!isExportFinished(latest)) {
      rt.out.progress(`export ${latest.id} (${latest.exported_object ?? 'export'}): ${latest.status}…`);
      await rt.ctx.sleep(delay(), signal);
      if (signal?.aborted) throw stillRunning(latest.id);
      try {
        latest = await getExport(client, latest.id);
      } catch (error) {
        if (signal?.aborted) throw stillRunning(latest.id);
        throw error;
      }
    }
  } finally {
    rt.out.endProgress();
  }
  if (latest.status === 'ERROR')
    throw new PromoError(
      `export ${latest.id} ended in ERROR: the service made no file`,
      ExitCode.failure,
      'Create it again; if it fails again, narrow it (--filter, --created-after).',
    );
  return latest;
}

/** Progress of a download on a terminal: bytes so far, redrawn every half second. */
export function downloadProgress(rt: Runtime, counted: { bytes: number }, what: string): () => void {
  const draw = () => rt.out.progress(`${what}: ${(counted.bytes / 1024 / 1024).toFixed(1)} MiB`);
  const timer = setInterval(draw, 500);
  return () => {
    clearInterval(timer);
    rt.out.endProgress();
  };
}
