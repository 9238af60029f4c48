// Ctrl-C and SIGTERM sent to the built bin while it waits on a sandbox that never answers: every
// path exits 130, says "Interrupted" and leaves no lock behind.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

/** Runs promo until the sandbox has received `requests` requests (all left hanging), then signals it. */
async function interrupt(argv: string[], signals: NodeJS.Signals[], requests = 1) {
  fx.sandbox.faults.set({ hang: true });
  const run = startPromo(argv, { env: fx.env, timeoutMs: 15_000 });
  while (fx.sandbox.requests.length < requests && run.child.exitCode === null)
    await new Promise((r) => setTimeout(r, 20));
  for (const signal of signals) run.child.kill(signal);
  return run.done;
}

describe('signals while a request hangs', () => {
  it('Ctrl-C during templates list: exit 130, "Interrupted", nothing on stdout', async () => {
    const run = await interrupt(['templates', 'list', '-o', 'table'], ['SIGINT']);
    expect(run.code).toBe(130);
    expect(run.stderr).toMatch(/^error: Interrupted/m);
    expect(run.stdout).toBe('');
  });

  it('SIGTERM during tiers list (issuing its token under the lock): exit 130, lock released', async () => {
    const run = await interrupt(['tiers', 'list', 'ts_1'], ['SIGTERM']);
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('Interrupted');
    expect(fx.sandbox.requests[0]?.rawPath).toBe('/v1/oauth/token');
    expect(existsSync(join(fx.configDir, 'tokens.lock'))).toBe(false);
  });

  it('Ctrl-C twice during token issue: still 130 (not killed), lock released', async () => {
    const run = await interrupt(['token', 'issue', '--new', '--scope', 'api'], ['SIGINT', 'SIGINT']);
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('Interrupted');
    expect(existsSync(join(fx.configDir, 'tokens.lock'))).toBe(false);
  });

  it('Ctrl-C while waiting for the token lock another process holds: 130, the other lock untouched', async () => {
    // Held by a live process (fresh): without the signal this run would wait ~10 s for it to go stale.
    const lock = join(fx.configDir, 'tokens.lock');
    rmSync(join(fx.configDir, 'tokens.json'), { force: true });
    mkdirSync(lock);
    const argv = ['tiers', 'list', 'ts_1', '-o', 'table', '--debug'];
    const run = startPromo(argv, { env: fx.env, timeoutMs: 15_000 });
    let stderr = '';
    await new Promise<void>((resolve) =>
      run.child.stderr!.on('data', (d) => {
        stderr += d;
        if (stderr.includes('locked by another process')) resolve();
      }),
    );
    run.child.kill('SIGINT');
    const done = await run.done;
    expect(existsSync(lock)).toBe(true);
    rmSync(lock, { recursive: true });
    expect(done.code).toBe(130);
    expect(done.stderr).toMatch(/locked by another process .*: waiting\nerror: Interrupted\.\n$/);
    expect(fx.sandbox.requests).toEqual([]);
  });

  it('Ctrl-C twice during voucher delete --input: the line in flight unknown, exit 130 and how to resume', async () => {
    // The first lets the request in flight finish (within --timeout); the second gives it up.
    const input = join(fx.configDir, 'codes.txt');
    writeFileSync(input, 'SIG-1\nSIG-2\n');
    const argv = ['voucher', 'delete', '--input', input, '--yes', '-o', 'table', '--concurrency', '1'];
    fx.sandbox.faults.set({ hang: true });
    const started = startPromo(argv, { env: fx.env, timeoutMs: 8000 });
    while (fx.sandbox.requests.length < 1) await new Promise((r) => setTimeout(r, 20));
    // Signals sent at once may arrive as one: the second waits until the first was seen.
    const stopping = new Promise((resolve) =>
      started.child.stderr!.on('data', (d) => String(d).includes('Stopping') && resolve(undefined)),
    );
    started.child.kill('SIGINT');
    await stopping;
    started.child.kill('SIGINT');
    const run = await started.done;
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('Stopping: no new requests; waiting up to 30 s for the 1 in flight.');
    expect(run.stderr).toMatch(/^Interrupted: 1 unknown in 0:0\d/m);
    expect(run.stderr).toMatch(new RegExp(`^To resume: promo ${argv.join(' ')} --resume \\S+$`, 'm'));
    // -o table into a pipe: the line's record as a tab-separated row under a header.
    const [header, row] = run.stdout.trim().split('\n');
    expect(header).toBe('LINE\tSTATUS\tCODE\tID\tERROR');
    expect(row!.split('\t').slice(0, 4)).toEqual(['1', 'unknown', 'SIG-1', '']);
    expect(row!.split('\t')[4]).toContain('interrupted');
  });
});

describe('signals as a finished run exits', () => {
  it('a Ctrl-C that comes while a finished run exits never kills it: it ends with its own exit code', async () => {
    // A natural exit closes the signal watchers before the process is gone: a SIGINT in that window
    // killed a run that had done all its work (a shell reads 130). Seen once in ~150 bulk runs.
    const input = join(fx.configDir, 'events.ndjson');
    writeFileSync(input, '{"customer":{"source_id":"at-exit"}}\n');
    const argv = ['event', 'send', 'purchase_completed', '--input', input, '-o', 'json'];
    for (let round = 0; round < 12; round++) {
      const started = startPromo(argv, { env: fx.env, timeoutMs: 8000 });
      // From the summary on (the run's last words), Ctrl-C every millisecond until it is gone.
      let burst: NodeJS.Timeout | undefined;
      let said = '';
      started.child.stderr!.on('data', (d) => {
        said += d;
        if (!burst && said.includes('"summary"'))
          burst = setInterval(() => started.child.exitCode === null && started.child.kill('SIGINT'), 1);
      });
      const run = await started.done;
      clearInterval(burst);
      expect({ round, signal: run.signal }).toEqual({ round, signal: null });
      expect([0, 130], `round ${round}: ${run.stderr}`).toContain(run.code);
    }
  });
});
