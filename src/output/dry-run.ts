// `--dry-run`: the request that would be sent, secrets redacted; nothing is sent.
import type { DryRun } from '../api/client.js';
import type { Output } from './output.js';

export async function printDryRun(out: Output, request: DryRun): Promise<void> {
  if (out.isJson) {
    await out.json({ dry_run: true, request });
    return;
  }
  const lines = [`${request.method} ${request.url}`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  if (request.body !== undefined) {
    lines.push('', typeof request.body === 'string' ? request.body : JSON.stringify(request.body, null, 2));
  }
  out.text(lines.join('\n'));
  out.notice('Dry run: nothing was sent.');
}
