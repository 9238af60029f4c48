// One abortable wait for every layer: retries, pacing, lock polling and job polling all stop waiting
// the moment the run is interrupted.

/** Resolves after `ms`, or at once when `signal` aborts (or has already aborted). */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
