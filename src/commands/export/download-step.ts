// The download of a DONE export: to a file written whole (AtomicFile) with progress on a terminal,
// or to stdout as it arrives. The export's token is a secret of the run: --debug shows it redacted.
import { downloadExport, downloadToken, type Export } from '../../api/exports.js';
import { InterruptedError } from '../../base/errors.js';
import { keepYoungGenerationSmall } from '../../base/young-generation.js';
import type { Runtime } from '../../runtime/runtime.js';
import { downloadProgress } from './follow.js';
import { type AtomicFile, stdoutSink } from './save.js';

export async function saveExport(exp: Export, rt: Runtime, file?: AtomicFile): Promise<void> {
  const client = await rt.client();
  rt.secrets.add(downloadToken(exp.result?.url));
  // A download is a walk of chunk after chunk, each let go once written (and on the built-in
  // profile the sandbox's walk of its rows in the same process): growth of V8's young generation
  // off, the built-in export of 200,000 rows peaked at 89-92 MB on Node 24 against 105-108 MB.
  if (rt.ctx.exitsAfterRun) keepYoungGenerationSmall();
  const counted = { bytes: 0 };
  const stop = file ? downloadProgress(rt, counted, `downloading ${exp.id}`) : () => undefined;
  try {
    await downloadExport(client, exp, file ? file.sink(counted) : stdoutSink(rt, counted));
  } catch (error) {
    if (!rt.ctx.signal?.aborted) throw error;
    throw new InterruptedError(
      `Interrupted: the download of export ${exp.id} stopped${file ? `; ${file.path} was not written` : ''}`,
      `Download it again: promo export download ${exp.id}${file ? ' --out FILE' : ''}`,
    );
  } finally {
    stop();
    file?.abandon();
  }
  if (file) rt.out.notice(`export ${exp.id}: ${counted.bytes} bytes written to ${file.path}`);
}
