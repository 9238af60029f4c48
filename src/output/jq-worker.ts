// The jq worker thread: runs jq (jq-wasm.ts) on what the main thread sends, one request at a time.
// jq is CPU-bound and can run for ever (`repeat(1)`); off the main thread, Ctrl-C and SIGTERM are
// still heard there, and the main thread ends this thread (Worker.terminate) to stop it.
import { parentPort } from 'node:worker_threads';
import type { JqPipe } from './jq-pipe.js';
import { prepareJq, runJq } from './jq-wasm.js';

/** A request: jq's arguments and its input (JSON texts, one after another, or the pipe they come through). */
export interface JqRequest {
  args: string[];
  input: Uint8Array | JqPipe;
}

export type JqReply =
  | { ok: true; status: number; stdout: Uint8Array; stderr: string; stdoutBeforeError?: number }
  | { ok: false; message: string };

// jq's module is compiled and an instance made as soon as the thread starts: the first request is
// on its way meanwhile (its input being encoded on the main thread).
if (parentPort) prepareJq();

parentPort?.on('message', (request: JqRequest) => {
  runJq(request.input, request.args).then(
    (run) =>
      parentPort?.postMessage({ ok: true, ...run } satisfies JqReply, [run.stdout.buffer as ArrayBuffer]),
    (error: unknown) =>
      parentPort?.postMessage({
        ok: false,
        message: String((error as Error)?.message ?? error),
      } satisfies JqReply),
  );
});
