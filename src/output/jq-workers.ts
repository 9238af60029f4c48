// The jq worker threads of this process. A filter takes one when it first runs and gives it back
// when its run is over: the next filter (a command's second one, the next of a test file's many
// in-process runs) then skips the worker's start (~100 ms: its code and jq's module compiled). An
// idle worker never keeps the process alive. One that was interrupted is ended, never given back.
import type { Worker } from 'node:worker_threads';
import { loadWorkerThreads } from '../base/lazy.js';
import { jqWorkerScript } from './jq-worker-script.js';

const KEPT = 2;
const idle: Worker[] = [];

export async function takeWorker(): Promise<Worker> {
  const kept = idle.pop();
  if (kept) return kept;
  const [{ Worker }, script] = await Promise.all([loadWorkerThreads(), jqWorkerScript()]);
  // stdout and stderr of the worker are its own (nothing of jq's is printed there): never promo's.
  const worker =
    'file' in script
      ? new Worker(script.file, { stdout: true, stderr: true })
      : new Worker(script.code, { eval: true, stdout: true, stderr: true });
  worker.unref();
  worker.on('exit', () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  });
  return worker;
}

/** A worker whose filter is done and idle: kept for the next one, or ended. */
export function giveBack(worker: Worker): void {
  if (idle.length < KEPT && !idle.includes(worker)) idle.push(worker);
  else void worker.terminate();
}
