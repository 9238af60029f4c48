import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Sandbox } from 'promo-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPromo, tempDir } from '../helpers/promo.js';
import { startCheckedSandbox } from '../helpers/sandbox.js';

const APP_ID = 'login-app';
const APP_TOKEN = 'login-secret-token-9f8e7d';
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startCheckedSandbox({ appId: APP_ID, appToken: APP_TOKEN });
});
afterAll(() => sandbox.close());

describe('promo login', () => {
  it('asks name, app id, hidden token and endpoint, checks them with one read, then saves', async () => {
    const dir = tempDir();
    sandbox.requests.length = 0;
    const { code, asked, stderr } = await runPromo(['login'], {
      configDir: dir.path,
      tty: true,
      answers: ['work', APP_ID, APP_TOKEN, '(custom API URL)', sandbox.url],
    });
    expect(stderr).not.toContain(APP_TOKEN);
    expect(code).toBe(0);
    expect(asked).toEqual([
      'Profile name',
      'App id (X-App-Id)',
      'App token (X-App-Token, hidden)',
      'Cluster',
      'API URL',
    ]);
    expect(sandbox.requests).toHaveLength(1);
    expect(sandbox.requests[0]).toMatchObject({
      method: 'GET',
      rawPath: '/v1/templates/campaigns',
      query: 'limit=1',
    });
    const saved = JSON.parse(readFileSync(join(dir.path, 'config.json'), 'utf8'));
    expect(saved).toEqual({
      default_profile: 'work',
      profiles: { work: { app_id: APP_ID, app_token: APP_TOKEN, api_url: sandbox.url } },
    });
    dir.cleanup();
  });

  it('saves nothing and exits 4 when the service refuses the credentials', async () => {
    const dir = tempDir();
    const { code, stderr } = await runPromo(['login', '--api-url', sandbox.url], {
      configDir: dir.path,
      tty: true,
      answers: ['work', APP_ID, 'wrong-token-123456', 'cancel'],
    });
    expect(code).toBe(4);
    expect(stderr).toContain('refused');
    expect(stderr).not.toContain('wrong-token-123456');
    expect(
      existsSync(join(dir.path, 'config.json')) &&
        JSON.parse(readFileSync(join(dir.path, 'config.json'), 'utf8')).profiles,
    ).toBeFalsy();
    dir.cleanup();
  });

  it('keeps what was typed when the check fails: edit the token only, check again, save', async () => {
    const dir = tempDir();
    sandbox.requests.length = 0;
    const { code, stderr, asked } = await runPromo(['login', '--api-url', sandbox.url, '--default'], {
      configDir: dir.path,
      tty: true,
      // The app id is kept with Enter (''); only the token is typed again.
      answers: ['work', APP_ID, 'wrong-token-123456', 'credentials', '', APP_TOKEN],
    });
    expect(code).toBe(0);
    expect(asked).toEqual([
      'Profile name',
      'App id (X-App-Id)',
      'App token (X-App-Token, hidden)',
      'What now?',
      'App id (X-App-Id)',
      'App token (hidden; Enter keeps ****3456)',
    ]);
    expect(stderr).toContain('refused');
    expect(stderr).not.toContain('wrong-token-123456');
    expect(sandbox.requests.map((r) => r.headers['x-app-token'])).toEqual(['wrong-token-123456', APP_TOKEN]);
    const saved = JSON.parse(readFileSync(join(dir.path, 'config.json'), 'utf8'));
    expect(saved.profiles).toEqual({ work: { app_id: APP_ID, app_token: APP_TOKEN, api_url: sandbox.url } });
    dir.cleanup();
  });

  it('refuses to run without a terminal and points to profile add', async () => {
    const dir = tempDir();
    const { code, stderr } = await runPromo(['login', '-o', 'table'], { configDir: dir.path });
    expect(code).toBe(2);
    expect(stderr).toContain('promo profile add');
    dir.cleanup();
  });
});
