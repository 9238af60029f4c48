import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPromo } from '../helpers/promo.js';
import { APP_TOKEN, type Fixture, sandboxFixture } from '../helpers/sandbox.js';

let fx: Fixture;
beforeAll(async () => {
  fx = await sandboxFixture();
});
afterAll(() => fx.close());

const tokenRequests = () => fx.sandbox.requests.filter((r) => r.rawPath === '/v1/oauth/token');

describe('promo token issue', () => {
  it('issues a token with space-joined scopes, form-encoded, with the app credentials', async () => {
    const { code, stdout, stderr } = await runPromo(
      ['token', 'issue', '--scope', 'api', 'vouchers', '--new'],
      {
        configDir: fx.configDir,
      },
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const token = JSON.parse(stdout);
    expect(token).toMatchObject({ scope: 'api vouchers', token_type: 'Bearer' });
    // expires_in counts down from the service's 900 s; a second boundary may pass during the run.
    expect(token.expires_in).toBeGreaterThanOrEqual(899);
    expect(token.expires_in).toBeLessThanOrEqual(900);
    const sent = tokenRequests().at(-1)!;
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(sent.body).get('scope')).toBe('api vouchers');
    expect(new URLSearchParams(sent.body).get('grant_type')).toBe('client_credentials');
    expect(sent.headers['x-app-token']).toBe(APP_TOKEN);
  });

  it('reuses the cached token: two runs, one token request', async () => {
    fx.sandbox.requests.length = 0;
    const first = await runPromo(['token', 'issue', '--scope', 'campaigns'], { configDir: fx.configDir });
    const second = await runPromo(['token', 'issue', '--scope', 'campaigns'], { configDir: fx.configDir });
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(JSON.parse(second.stdout).access_token).toBe(JSON.parse(first.stdout).access_token);
    expect(tokenRequests()).toHaveLength(1);
  });

  it('refuses a comma-separated scope, naming it, and sends nothing', async () => {
    fx.sandbox.requests.length = 0;
    const { code, stdout, stderr } = await runPromo(['token', 'issue', '--scope', 'api,vouchers'], {
      configDir: fx.configDir,
    });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(JSON.parse(stderr).error).toMatchObject({ key: 'usage_error', exit_code: 2 });
    expect(stderr).toContain("'api,vouchers'");
    expect(fx.sandbox.requests).toHaveLength(0);
  });
});
