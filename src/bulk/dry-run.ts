// --dry-run of a bulk run: every line prepared and its request shown, nothing sent; a bad line is
// named (exit 2).
import { ExitCode } from '../base/errors.js';
import { printDryRun } from '../output/dry-run.js';
import type { Runtime } from '../runtime/runtime.js';
import type { Reading } from './read.js';
import { preparedOrError } from './send.js';
import type { BulkSpec } from './spec.js';

export async function dryRun<P, Roles>(
  rt: Runtime,
  spec: BulkSpec<P, Roles>,
  reading: Reading,
): Promise<number> {
  const client = await rt.client();
  const roles = reading.columns ? spec.columns?.(reading.columns) : undefined;
  let bad = 0;
  for await (const item of reading.items) {
    const payload = preparedOrError(item, spec, roles);
    if ('error' in payload) {
      bad += 1;
      await rt.out.error(new Error(payload.error));
      continue;
    }
    const request = await client.dryRun(spec.action.request(payload.value));
    if (rt.out.isJson)
      rt.ctx.stdout.write(`${JSON.stringify({ line: item.line, dry_run: true, request })}\n`);
    else await printDryRun(rt.out, request);
  }
  return bad ? ExitCode.usage : ExitCode.ok;
}
