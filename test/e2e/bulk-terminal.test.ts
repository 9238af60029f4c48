// What a person and a script see of a bulk run: on a real pseudo-terminal (util-linux `script`) a
// progress line, failures as they happen and a summary, never a line per success; piped, the
// journal lines on stdout and the summary alone on stderr. And a read that never ends (/dev/zero,
// a FIFO nobody writes to) stops on a signal.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, spawnPromo, startPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const hasScript = spawnSync('script', ['--version']).status === 0;
const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0;

/** The bin under a pty; resolves with what the screen showed. */
function onTerminal(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; screen: string }>((resolve, reject) => {
    const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
    const { CI: _ci, ...inherited } = process.env;
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: { ...inherited, ...env, NO_COLOR: '1' },
    });
    let screen = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.stdout.on('data', (d) => (screen += d));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, screen });
    });
  });
}

function input(name: string, count: number, taken: string): string {
  const stamp = Date.now().toString(36);
  const lines = Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      code: i === 7 ? taken : `TTY-${stamp}-${i}`,
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 5 },
    }),
  );
  const path = join(fx.configDir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

describe('a bulk run seen by a person and by a script', () => {
  it.skipIf(!hasScript)(
    'draws a progress line on a terminal, prints failures as they happen, and sums up',
    async () => {
      const taken = `TAKEN-${Date.now().toString(36)}`;
      await spawnPromo(['voucher', 'create', '--code', taken, '--percent-off', '1'], { env: fx.env });
      fx.sandbox.faults.set({ latencyMs: 5 });
      const path = input('tty.ndjson', 120, taken);
      const { code, screen } = await onTerminal(['voucher', 'create', '--input', path], fx.env);
      expect(code).toBe(7);
      expect(screen).toMatch(/\[[█░]{24}\] \d+\/120 \d+% · [\d.]+\/s/);
      expect(screen).toMatch(/failed: line 8 TAKEN-\w+: Duplicated resource found \(duplicate_found\)/);
      expect(screen).toMatch(/Done: 119 created, 1 failed in 0:\d\d \([\d.]+\/s\)\./);
      expect(screen).toMatch(/Journal: \S+runs\/\S+\.ndjson/);
      expect(screen).toMatch(/To resume: promo voucher create --input \S+ --resume \S+/);
      expect(screen).not.toMatch(/"status"/);
      expect(screen).not.toContain('✓');
    },
  );

  it('piped: the journal lines on stdout, the summary alone on stderr, no progress line', async () => {
    const path = input('piped.ndjson', 30, `TAKEN-P-${Date.now().toString(36)}`);
    const { code, stdout, stderr } = await spawnPromo(['voucher', 'create', '--input', path], {
      env: fx.env,
    });
    expect(code).toBe(0);
    const records = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(records).toHaveLength(30);
    expect(new Set(records.map((r) => r.status))).toEqual(new Set(['created']));
    const notices = stderr
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(notices).toHaveLength(2);
    expect(notices[0].notice).toMatch(/^Journal: /);
    expect(notices[1].summary).toMatchObject({ command: 'voucher create', created: 30, interrupted: false });
    expect(stderr).not.toContain('\r');
  });

  it('stops reading /dev/zero (one endless line, never held whole) on Ctrl-C: exit 130, nothing sent', async () => {
    const run = startPromo(['voucher', 'delete', '--input', '/dev/zero', '--yes', '-o', 'json'], {
      env: fx.env,
    });
    await new Promise((resolve) =>
      run.child.stderr!.on('data', (d) => String(d).includes('Journal') && resolve(undefined)),
    );
    run.child.kill('SIGINT');
    const done = await run.done;
    expect(done.code).toBe(130);
    expect(fx.sandbox.requests).toEqual([]);
  });

  it('refuses a CSV line that never ends (/dev/zero as a create input) before holding it: exit 2', async () => {
    const { code, stderr } = await spawnPromo(['voucher', 'create', '--input', '/dev/zero', '-o', 'json'], {
      env: fx.env,
    });
    expect(code).toBe(2);
    expect(JSON.parse(stderr).error.message).toBe('--input: line 1 is longer than 1 MiB');
    expect(fx.sandbox.requests).toEqual([]);
  });

  it.skipIf(!hasMkfifo)('stops waiting on a FIFO nobody writes to on SIGTERM: exit 130', async () => {
    const fifo = join(fx.configDir, 'codes.fifo');
    spawnSync('mkfifo', [fifo]);
    const run = startPromo(['voucher', 'delete', '--input', fifo, '--yes', '-o', 'json'], { env: fx.env });
    // Nothing to wait for: the run sits in the FIFO's open until the signal.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    run.child.kill('SIGTERM');
    const done = await run.done;
    expect(done.code).toBe(130);
    expect(fx.sandbox.requests).toEqual([]);
  });
});
