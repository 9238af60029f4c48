// --out FILE is whole or absent: promo (the built bin) stopped at fixed moments of a download that
// a proxy slows to a trickle, by SIGINT or SIGTERM (exit 130, neither FILE nor its partial file
// left) and by SIGKILL (no FILE; the partial file, named .FILE.promo-partial-PID, is removed by the
// next download to FILE, which writes FILE whole).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, startPromo, tempDir } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';
import { startThrottle, type Throttle } from './throttle.js';

const VOUCHERS = 6000;
const fx = useSandbox({ generatedVouchers: VOUCHERS, verify: false });
const dir = tempDir('promo-export-out-');
let throttle: Throttle;

beforeAll(async () => {
  throttle = await startThrottle(fx.sandbox.url);
});
afterAll(async () => {
  await throttle.close();
  dir.cleanup();
});

const partials = (name: string) =>
  readdirSync(dir.path).filter((f) => f.startsWith(`.${name}.promo-partial-`));

function exportTo(name: string) {
  return startPromo(
    [
      '--api-url',
      throttle.url,
      'export',
      'vouchers',
      '--fields',
      'code,id',
      '--wait',
      '--out',
      join(dir.path, name),
    ],
    {
      env: fx.env,
      timeoutMs: 60_000,
    },
  );
}

/**
 * Starts an export to `name` and signals promo `afterMs` after its partial file appears: each test
 * its own fixed moment (the trickle keeps the download going well past them), so that a failure
 * can be run again as it was.
 */
async function stopDuringDownload(name: string, signal: NodeJS.Signals, afterMs: number) {
  const run = exportTo(name);
  await until(() => partials(name).length > 0 || run.child.exitCode !== null);
  expect(partials(name), 'the download had begun').toHaveLength(1);
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  run.child.kill(signal);
  return run.done;
}

describe('export --wait --out FILE', () => {
  it('writes FILE whole: a header and every voucher', async () => {
    const done = await exportTo('whole.csv').done;
    expect(done.code, done.stderr).toBe(0);
    const lines = readFileSync(join(dir.path, 'whole.csv'), 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('Code,ID');
    expect(lines).toHaveLength(VOUCHERS + 1);
    expect(partials('whole.csv')).toEqual([]);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`leaves neither FILE nor a partial file when ${signal} stops the download (exit 130)`, async () => {
      const name = `stopped-${signal}.csv`;
      const done = await stopDuringDownload(name, signal, signal === 'SIGINT' ? 0 : 150);
      expect(done.code, done.stderr).toBe(130);
      expect(done.stderr).toContain('was not written');
      expect(existsSync(join(dir.path, name))).toBe(false);
      expect(partials(name)).toEqual([]);
    });
  }

  it('leaves no FILE after SIGKILL; the next run removes the partial file and writes FILE whole', async () => {
    const name = 'killed.csv';
    const done = await stopDuringDownload(name, 'SIGKILL', 250);
    expect(done.signal).toBe('SIGKILL');
    expect(existsSync(join(dir.path, name))).toBe(false);
    const left = partials(name);
    expect(left).toHaveLength(1);
    const again = await exportTo(name).done;
    expect(again.code, again.stderr).toBe(0);
    expect(partials(name)).toEqual([]);
    expect(readFileSync(join(dir.path, name), 'utf8').trimEnd().split('\n')).toHaveLength(VOUCHERS + 1);
  });

  it('leaves no FILE when the download fails part-way (the connection cut)', async () => {
    const name = 'cut.csv';
    const run = exportTo(name);
    await until(() => partials(name).length > 0 || run.child.exitCode !== null);
    await throttle.close();
    const done = await run.done;
    throttle = await startThrottle(fx.sandbox.url);
    expect(done.code, done.stderr).toBe(6);
    expect(existsSync(join(dir.path, name))).toBe(false);
    expect(partials(name)).toEqual([]);
  });

  it('stops the download when the reader of stdout leaves (| head -2), exit 0', async () => {
    // Not spawnSync: the sandbox and the proxy answer from this process.
    const line = `"${process.execPath}" "${BIN}" --api-url ${throttle.url} export vouchers --fields code --order code --wait | head -2; exit \${PIPESTATUS[0]}`;
    const shell = spawn('bash', ['-c', line], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...fx.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    shell.stdout.on('data', (d) => (stdout += d));
    shell.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((resolve) => shell.on('close', resolve));
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).toBe('Code\nGEN-000001\n');
  });

  it('Ctrl-C while following the export: exit 130, no FILE, and how to download it later', async () => {
    const name = 'waiting.csv';
    fx.sandbox.faults.push({ match: { method: 'GET', path: '/v1/exports/exp_' }, action: { hang: true } });
    const run = exportTo(name);
    await until(() =>
      fx.sandbox.requests.some((r) => r.method === 'GET' && r.rawPath.startsWith('/v1/exports/exp_')),
    );
    run.child.kill('SIGINT');
    const done = await run.done;
    expect(done.code).toBe(130);
    expect(done.stderr).toMatch(/stopped waiting; export exp_\w+ goes on/);
    expect(done.stderr).toMatch(/promo export download exp_\w+ --out FILE/);
    expect(existsSync(join(dir.path, name))).toBe(false);
    expect(partials(name)).toEqual([]);
  });
});
