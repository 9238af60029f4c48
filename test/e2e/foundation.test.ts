// The built bin as a cron job runs it: no terminal, exit codes, stdout data only, stderr errors.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnPromo, tempDir } from '../helpers/promo.js';
import { APP_TOKEN, type Fixture, sandboxFixture } from '../helpers/sandbox.js';

let fx: Fixture;
beforeAll(async () => {
  fx = await sandboxFixture();
});
afterAll(() => fx.close());

describe('the built promo', () => {
  it('prints its version and help with exit 0', async () => {
    const version = await spawnPromo(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const help = await spawnPromo(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: promo');
  });

  it('reuses the cached token across processes: two runs, one token request, same token', async () => {
    fx.sandbox.requests.length = 0;
    const first = await spawnPromo(['token', 'issue', '--scope', 'api', 'vouchers'], { env: fx.env });
    const second = await spawnPromo(['token', 'issue', '--scope', 'vouchers', 'api'], { env: fx.env });
    expect([first.code, second.code, first.stderr, second.stderr]).toEqual([0, 0, '', '']);
    expect(JSON.parse(second.stdout).access_token).toBe(JSON.parse(first.stdout).access_token);
    expect(fx.sandbox.requests.filter((r) => r.rawPath === '/v1/oauth/token')).toHaveLength(1);
    for (const file of readdirSync(fx.configDir).filter((f) => f.endsWith('.json'))) {
      expect(statSync(join(fx.configDir, file)).mode & 0o777).toBe(0o600);
    }
  });

  it('inspects the cached token with one request and shows an unknown token as inactive (exit 0)', async () => {
    const cached = await spawnPromo(['token', 'inspect'], { env: fx.env });
    expect(cached.code).toBe(0);
    expect(JSON.parse(cached.stdout)).toMatchObject({ active: true, scope: expect.any(String) });
    const unknown = await spawnPromo(['token', 'inspect', '-'], { env: fx.env, stdin: 'not-a-real-token\n' });
    expect(unknown.code).toBe(0);
    expect(JSON.parse(unknown.stdout)).toEqual({ active: false });
  });

  it('keeps every secret out of the output with --debug', async () => {
    const issued = await spawnPromo(['--debug', 'token', 'issue', '--scope', 'api', '--new'], {
      env: fx.env,
    });
    const token = JSON.parse(issued.stdout).access_token as string;
    expect(issued.stderr).toContain('> POST');
    expect(issued.stderr).not.toContain(APP_TOKEN);
    expect(issued.stderr).not.toContain(token);
    const inspected = await spawnPromo(['--debug', 'token', 'inspect', token], { env: fx.env });
    expect(inspected.code).toBe(0);
    expect(inspected.stdout + inspected.stderr).not.toContain(token);
    expect(inspected.stdout + inspected.stderr).not.toContain(APP_TOKEN);
    const shown = await spawnPromo(['--debug', 'profile', 'show'], { env: fx.env });
    expect(shown.stdout + shown.stderr).not.toContain(APP_TOKEN);
  });

  it('exits 4 naming login and profile add when no profile is configured', async () => {
    const dir = tempDir();
    const { code, stdout, stderr } = await spawnPromo(['token', 'issue', '--scope', 'api'], {
      env: { PROMO_CONFIG_DIR: dir.path },
    });
    expect(code).toBe(4);
    expect(stdout).toBe('');
    expect(stderr).toContain('promo login');
    expect(stderr).toContain('profile add');
    dir.cleanup();
  });

  it('exits 4 on credentials the service refuses', async () => {
    const { code, stderr } = await spawnPromo(['token', 'issue', '--scope', 'api', '--new'], {
      env: { ...fx.env, PROMO_APP_ID: 'test-app-id-0001', PROMO_APP_TOKEN: 'wrong-token-value-1234' },
    });
    expect(code).toBe(4);
    expect(JSON.parse(stderr).error).toMatchObject({ status: 401, exit_code: 4 });
    expect(stderr).not.toContain('wrong-token-value-1234');
  });

  it('exits 6 when the API URL does not answer, and 2 for plain http to another host', async () => {
    const unreachable = await spawnPromo(
      ['token', 'issue', '--scope', 'api', '--new', '--api-url', 'http://127.0.0.1:9', '--retries', '0'],
      { env: fx.env },
    );
    expect(unreachable.code).toBe(6);
    expect(unreachable.stderr).toContain('connection refused');
    const clear = await spawnPromo(
      ['token', 'issue', '--scope', 'api', '--api-url', 'http://api.example.com'],
      { env: fx.env },
    );
    expect(clear.code).toBe(2);
    expect(clear.stderr).toContain('--api-url');
  });

  it('runs a real command against the built-in sandbox profile with nothing set up', async () => {
    const dir = tempDir();
    const { code, stdout, stderr } = await spawnPromo(
      ['--profile', 'sandbox', 'token', 'issue', '--scope', 'api', 'vouchers'],
      {
        env: { PROMO_CONFIG_DIR: dir.path },
      },
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ scope: 'api vouchers', token_type: 'Bearer' });
    dir.cleanup();
  });
});
