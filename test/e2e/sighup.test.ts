// SIGHUP (an SSH session that drops, a terminal closed) is handled as SIGTERM on every path: exit
// 130, the requests in flight finished and journaled, the lock released, and the way to resume
// kept in the journal, where it can be read when stderr went with the terminal.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPromo, startPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

const fx = useSandbox({ imports: { records_per_second: 10 } });
const posts = () => fx.sandbox.requests.filter((r) => r.method === 'POST');

describe('SIGHUP', () => {
  it('during templates list: exit 130, "Interrupted", not killed by the signal', async () => {
    fx.sandbox.faults.set({ hang: true });
    const run = startPromo(['templates', 'list', '-o', 'table'], { env: fx.env });
    await until(() => fx.sandbox.requests.length > 0);
    run.child.kill('SIGHUP');
    const done = await run.done;
    fx.sandbox.faults.set({});
    expect({ code: done.code, signal: done.signal }).toEqual({ code: 130, signal: null });
    expect(done.stderr).toMatch(/^error: Interrupted/m);
  });

  it('during a bulk run whose stderr is gone: in flight finished, lock released, the journal says how to resume', async () => {
    const input = join(fx.configDir, 'hup-events.ndjson');
    const lines = Array.from({ length: 40 }, (_, i) =>
      JSON.stringify({ customer: { source_id: `hup-${i}` } }),
    );
    writeFileSync(input, `${lines.join('\n')}\n`);
    fx.sandbox.faults.set({ latencyMs: 300 });
    const argv = ['event', 'send', 'purchase_completed', '--input', input, '-o', 'json'];
    const run = startPromo(argv, { env: fx.env });
    await until(() => posts().length >= 4);
    // The terminal went: nobody reads stderr any more (a write there fails), then the hangup.
    run.child.stderr!.destroy();
    run.child.kill('SIGHUP');
    const done = await run.done;
    fx.sandbox.faults.set({});
    expect({ code: done.code, signal: done.signal }).toEqual({ code: 130, signal: null });

    // The journal is found without the summary: `promo runs list` names it, interrupted, with the
    // command that resumes it.
    const list = await runPromo(['runs', 'list', '-o', 'json'], { configDir: fx.configDir, env: fx.env });
    const shown = JSON.parse(list.stdout).find((r: { args: string[] }) => r.args?.includes(input));
    expect(shown).toMatchObject({ status: 'interrupted', unknown: 0 });
    const journal: string = shown.journal;
    expect(shown.resume).toBe(`promo ${argv.join(' ')} --resume ${journal}`);
    expect(existsSync(`${journal}.lock`)).toBe(false);
    const records = readFileSync(journal, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const last = new Map(records.filter((r) => typeof r.line === 'number').map((r) => [r.line, r.status]));
    // Every request that went out finished: none is left unknown, each was journaled as sent.
    expect([...last.values()].filter((s) => s !== 'sent')).toEqual([]);
    expect(last.size).toBe(posts().length);
    expect(last.size).toBeLessThan(40);
    expect(records.at(-1)).toMatchObject({ interrupted: true, resume: shown.resume });
  });

  it('during voucher import --wait: exit 130, the job left running and named', async () => {
    const input = join(fx.configDir, 'hup-import.ndjson');
    const lines = Array.from({ length: 20 }, (_, i) =>
      JSON.stringify({
        code: `HUP-${i}`,
        discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ORDER' },
      }),
    );
    writeFileSync(input, lines.join('\n'));
    const run = startPromo(['voucher', 'import', input, '--wait', '-o', 'table'], { env: fx.env });
    await until(
      () =>
        fx.sandbox.requests.some((r) => r.rawPath.startsWith('/v1/async-actions/')) ||
        run.child.exitCode !== null,
    );
    run.child.kill('SIGHUP');
    const done = await run.done;
    expect({ code: done.code, signal: done.signal }).toEqual({ code: 130, signal: null });
    expect(done.stderr).toContain('Interrupted: stopped waiting; the import job keeps running');
  });

  it('during campaign create --wait: exit 130 while it follows the campaign', async () => {
    // The campaign's state never comes back: promo is waiting on it when the hangup comes.
    fx.sandbox.faults.push({ match: { method: 'GET', path: '/v1/campaigns/' }, action: { hang: true } });
    const argv = [
      'campaign',
      'create',
      'HUP-CAMPAIGN',
      '--percent-off',
      '5',
      '--vouchers-count',
      '4',
      '--wait',
    ];
    const run = startPromo([...argv, '-o', 'table'], { env: fx.env });
    await until(
      () =>
        fx.sandbox.requests.some((r) => r.method === 'GET' && r.rawPath.startsWith('/v1/campaigns/')) ||
        run.child.exitCode !== null,
    );
    run.child.kill('SIGHUP');
    const done = await run.done;
    fx.sandbox.faults.set({});
    expect({ code: done.code, signal: done.signal }).toEqual({ code: 130, signal: null });
    expect(done.stderr).toContain('Interrupted');
  });
});
