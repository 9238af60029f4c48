// `promo sandbox` as a person starts it in one terminal, used from another, stopped with Ctrl-C.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, spawnPromo, tempDir } from '../helpers/promo.js';

describe('promo sandbox', () => {
  it('prints its URL, serves the commands with the sandbox profile, and stops cleanly on SIGINT', async () => {
    const dir = tempDir();
    const env = { ...process.env, PROMO_CONFIG_DIR: dir.path, NO_COLOR: '1' };
    const server = spawn(
      process.execPath,
      [BIN, 'sandbox', '--port', '0', '--state', `${dir.path}/state.json`, '-o', 'json'],
      { env },
    );
    let stderr = '';
    server.stderr.on('data', (d) => (stderr += d));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (d) => {
        out += d;
        try {
          resolve(JSON.parse(out).url);
        } catch {}
      });
      server.on('exit', (code) => reject(new Error(`sandbox exited ${code}: ${stderr}`)));
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const issued = await spawnPromo(
      ['--profile', 'sandbox', '--api-url', url, 'token', 'issue', '--scope', 'api'],
      { env: { PROMO_CONFIG_DIR: dir.path } },
    );
    expect(issued.code).toBe(0);
    const inspected = await spawnPromo(['--profile', 'sandbox', '--api-url', url, 'token', 'inspect', '-'], {
      env: { PROMO_CONFIG_DIR: dir.path },
      stdin: JSON.parse(issued.stdout).access_token,
    });
    expect(JSON.parse(inspected.stdout).active).toBe(true);
    const exit = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    server.kill('SIGINT');
    expect(await exit).toBe(0);
    expect(stderr).toContain('Sandbox stopped.');
    dir.cleanup();
  });

  it('refuses a bad port or rate limit with exit 2', async () => {
    expect((await spawnPromo(['sandbox', '--port', '99999'])).code).toBe(2);
    const rate = await spawnPromo(['sandbox', '--rate-limit', 'lots']);
    expect(rate.code).toBe(2);
    expect(rate.stderr).toContain('--rate-limit');
  });
});
