// Credentials never travel in clear: plain http:// only to this machine's loopback.
import { writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import type { Sandbox } from 'promo-sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runPromo, tempDir } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, startCheckedSandbox } from '../helpers/sandbox.js';

/** A sandbox on every interface, reached by this machine's own non-loopback address if it has one. */
let sandbox: Sandbox;
let remoteUrl: string;
let dir: ReturnType<typeof tempDir>;
beforeAll(async () => {
  sandbox = await startCheckedSandbox({ host: '0.0.0.0', appId: APP_ID, appToken: APP_TOKEN });
  const port = new URL(sandbox.url).port;
  const external = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal);
  remoteUrl = external ? `http://${external.address}:${port}` : 'http://example.com';
  dir = tempDir();
});
afterAll(async () => {
  await sandbox.close();
  dir.cleanup();
});
beforeEach(() => {
  sandbox.requests.length = 0;
});

const credentials = { PROMO_APP_ID: APP_ID, PROMO_APP_TOKEN: APP_TOKEN };

function expectRefused(result: { code: number; stdout: string; stderr: string }, source: string) {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  const error = JSON.parse(result.stderr).error;
  expect(error).toMatchObject({ key: 'usage_error', exit_code: 2 });
  expect(error.message).toContain(source);
  expect(error.message).toMatch(/plain http:\/\/ is only allowed to a loopback host/);
  expect(sandbox.requests).toHaveLength(0);
}

describe('plain http to a host other than loopback', () => {
  it('is refused from --api-url with exit 2, and nothing is sent', async () => {
    const result = await runPromo(['--api-url', remoteUrl, 'api', 'GET', '/v1/templates/campaigns'], {
      configDir: dir.path,
      env: credentials,
    });
    expectRefused(result, '--api-url');
    expectRefused(
      await runPromo(['--api-url', 'http://example.com', 'token', 'issue', '--scope', 'api'], {
        configDir: dir.path,
        env: credentials,
      }),
      '--api-url',
    );
  });

  it('is refused from PROMO_API_URL', async () => {
    const result = await runPromo(['token', 'issue', '--scope', 'api'], {
      configDir: dir.path,
      env: { ...credentials, PROMO_API_URL: remoteUrl },
    });
    expectRefused(result, 'PROMO_API_URL');
  });

  it('is refused from a profile whose api_url was edited by hand, naming the profile', async () => {
    const own = tempDir();
    try {
      const store = {
        default_profile: 'edited',
        profiles: { edited: { app_id: APP_ID, app_token: APP_TOKEN, api_url: remoteUrl } },
      };
      writeFileSync(join(own.path, 'config.json'), JSON.stringify(store), { mode: 0o600 });
      const result = await runPromo(['tiers', 'list', 'lts_0a1b2c3d4e5f'], { configDir: own.path });
      expectRefused(result, "profile 'edited' api_url");
    } finally {
      own.cleanup();
    }
  });

  it('is refused when saving a profile, which is then not saved', async () => {
    const result = await runPromo(
      ['profile', 'add', 'remote', '--app-id', APP_ID, '--app-token-stdin', '--api-url', remoteUrl],
      {
        configDir: dir.path,
        stdin: APP_TOKEN,
      },
    );
    expectRefused(result, '--api-url');
    expect((await runPromo(['profile', 'list'], { configDir: dir.path })).stdout).not.toContain('remote');
  });

  it.each([
    ['a look-alike host name', 'http://localhost.example.com'],
    ['loopback spelled as a subdomain', 'http://127.0.0.1.example.com'],
    ['credentials in the URL', 'https://user:pass@api.voucherify.io'],
    ['another scheme', 'ftp://127.0.0.1'],
  ])('refuses %s with exit 2', async (_what, url) => {
    const result = await runPromo(['--api-url', url, 'token', 'issue', '--scope', 'api'], {
      configDir: dir.path,
      env: credentials,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain('pass@');
  });
});

describe('plain http to loopback', () => {
  it.each(['127.0.0.1', 'localhost'])('is allowed to %s', async (host) => {
    const url = sandbox.url.replace('0.0.0.0', host);
    const result = await runPromo(
      ['--api-url', url, 'api', 'GET', '/v1/templates/campaigns', '--query', 'limit=1'],
      {
        configDir: dir.path,
        env: credentials,
      },
    );
    expect(result.code).toBe(0);
    expect(sandbox.requests).toHaveLength(1);
  });
});
