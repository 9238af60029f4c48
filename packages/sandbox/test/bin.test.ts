// The promo-sandbox bin as built (npm run build), spawned: it serves with the keys it was given and
// refuses others, stops on SIGINT, and refuses a bad option with exit 2 naming the flag.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/promo-sandbox.js', import.meta.url));

const statusOf = async (url: string, headers: Record<string, string>) =>
  (await fetch(`${url}/v1/vouchers?limit=1`, { headers })).status;

describe('the promo-sandbox bin', () => {
  it('serves with the app keys it was given, refuses others (401), and stops on SIGINT', async () => {
    const child = spawn(process.execPath, [BIN, '--app-id', 'bin-id', '--app-token', 'bin-token-secret']);
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const url = await new Promise<string>((resolve) =>
      child.stdout.once('data', (data) => resolve(String(data).trim())),
    );
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await statusOf(url, { 'X-App-Id': 'bin-id', 'X-App-Token': 'bin-token-secret' })).toBe(200);
    expect(await statusOf(url, { 'X-App-Id': 'sandbox', 'X-App-Token': 'sandbox' })).toBe(401);
    expect(await statusOf(url, {})).toBe(401);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toContain("app id 'bin-id', the app token given with --app-token");
    expect(stderr).not.toContain('bin-token-secret');
    expect(stderr).toContain('Sandbox stopped (SIGINT).');
  });

  it.each([
    [['--port', 'x'], "promo-sandbox: --port must be a whole number from 0 to 65535, not 'x'"],
    [['--app-id', 'only'], 'promo-sandbox: --app-id and --app-token go together: give both, or neither'],
    [['--lose-answers-as', 'reset'], '--lose-answers-as and --lose-answers-on shape --lose-answers <p>'],
    [['--nope'], "promo-sandbox: Unknown option '--nope'"],
  ])('refuses %j with exit 2, naming the flag, and serves nothing', (args, message) => {
    const done = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 10_000 });
    expect([done.status, done.stdout]).toEqual([2, '']);
    expect(done.stderr).toContain(message);
  });

  it('lists the options of promo sandbox under --help', () => {
    const done = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8', timeout: 10_000 });
    expect(done.status).toBe(0);
    for (const flag of [
      '--port <n>',
      '--state <file>',
      '--rate-limit <n/period>',
      '--lose-answers <p>',
      '--log',
    ])
      expect(done.stdout).toContain(flag);
  });
});
