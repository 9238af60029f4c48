// Ctrl-C (a real SIGINT to the built bin) while `voucher import --wait` follows its job: exit 130,
// the job left running on the service, and the way to follow it printed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPromo, startPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

// Slow enough that the job is still running when the signal comes.
const fx = useSandbox({ imports: { records_per_second: 10 } });

describe('Ctrl-C during voucher import --wait', () => {
  it('exits 130, leaves the job running, and says how to follow it', async () => {
    const input = join(fx.configDir, 'slow.ndjson');
    const lines = Array.from({ length: 20 }, (_, i) =>
      JSON.stringify({
        code: `SLOW-${i}`,
        discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' },
      }),
    );
    writeFileSync(input, lines.join('\n'));
    const run = startPromo(['voucher', 'import', input, '--wait', '-o', 'table'], {
      env: fx.env,
      timeoutMs: 15_000,
    });
    // Signal once it polls the job: the import was queued by then.
    while (
      !fx.sandbox.requests.some((r) => r.rawPath.startsWith('/v1/async-actions/')) &&
      run.child.exitCode === null
    )
      await new Promise((r) => setTimeout(r, 20));
    run.child.kill('SIGINT');
    const done = await run.done;
    const id = Object.keys(fx.sandbox.state.asyncActions)[0]!;
    expect(done.code).toBe(130);
    expect(done.stdout).toBe('');
    expect(done.stderr).toContain(
      `error: Interrupted: stopped waiting; the import job keeps running on the service (${id})`,
    );
    expect(done.stderr).toContain(`Follow it with: promo job wait ${id}`);
    const job = await runPromo(['job', 'get', id, '-o', 'json'], { configDir: fx.configDir });
    expect(JSON.parse(job.stdout).status).not.toBe('DONE');
    expect(fx.sandbox.requests.filter((r) => r.rawPath === '/v1/vouchers/import')).toHaveLength(1);
  });
});
