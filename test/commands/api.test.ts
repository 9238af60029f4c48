import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPromo } from '../helpers/promo.js';
import { APP_TOKEN, type Fixture, sandboxFixture } from '../helpers/sandbox.js';

let fx: Fixture;
beforeAll(async () => {
  fx = await sandboxFixture();
});
afterAll(() => fx.close());

const api = (args: string[], stdin?: string) =>
  runPromo(['api', ...args], { configDir: fx.configDir, stdin });

describe('promo api', () => {
  it('sends a GET with the app credentials and prints the service JSON unchanged', async () => {
    fx.sandbox.requests.length = 0;
    const { code, stdout } = await api([
      'GET',
      '/v1/templates/campaigns',
      '--query',
      'limit=2',
      '--query',
      'order=-id',
    ]);
    expect(code).toBe(0);
    const body = JSON.parse(stdout);
    expect(body.object).toBe('list');
    expect(body.campaign_templates).toHaveLength(2);
    expect(fx.sandbox.requests[0]).toMatchObject({ method: 'GET', query: 'limit=2&order=-id' });
    expect(fx.sandbox.requests[0]!.headers['x-app-token']).toBe(APP_TOKEN);
  });

  it('sends a JSON body from @file or stdin, and uses a bearer token with --auth oauth', async () => {
    fx.sandbox.requests.length = 0;
    const event = JSON.stringify({ event: 'newsletter_signup', customer: { source_id: 'api-test' } });
    const posted = await api(['POST', '/v1/events', '--data', '@-'], event);
    expect(posted.code).toBe(0);
    expect(JSON.parse(posted.stdout)).toMatchObject({ object: 'event', type: 'newsletter_signup' });
    const tiers = await api([
      'GET',
      '/v2/loyalties/tier-structures/lts_0a1b2c3d4e5f/tiers',
      '--auth',
      'oauth',
    ]);
    expect(tiers.code).toBe(0);
    const tierRequest = fx.sandbox.requests.find((r) => r.rawPath.startsWith('/v2/'))!;
    expect(tierRequest.headers.authorization).toMatch(/^Bearer /);
    expect(tierRequest.headers['x-app-token']).toBeUndefined();
  });

  it('maps the service error to the exit code and prints it as JSON on stderr', async () => {
    const { code, stdout, stderr } = await api(['DELETE', '/v1/vouchers/NO-SUCH-CODE']);
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(JSON.parse(stderr).error).toMatchObject({
      status: 404,
      key: 'not_found',
      resource_type: 'voucher',
      exit_code: 3,
    });
  });

  it.each([
    [['FETCH', '/v1/x'], 'METHOD'],
    [['GET', 'https://evil.example.com/v1/x'], 'path'],
    [['GET', '/v1/../v1/x'], '..'],
    [['GET', '/v1/x', '--query', 'novalue'], '--query'],
    [['POST', '/v1/events', '--data', '{not json'], '--data'],
    [['GET', '/v1/x', '--auth', 'basic'], '--auth'],
  ])('refuses %j with exit 2 naming %s, and sends nothing', async (args, named) => {
    fx.sandbox.requests.length = 0;
    const { code, stderr } = await api(args);
    expect(code).toBe(2);
    expect(stderr).toContain(named);
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('prints the request with --dry-run, secrets redacted, and sends nothing', async () => {
    fx.sandbox.requests.length = 0;
    const { code, stdout } = await api(['POST', '/v1/events', '--data', '{"event":"x"}', '--dry-run']);
    expect(code).toBe(0);
    const { request } = JSON.parse(stdout);
    expect(request).toMatchObject({ method: 'POST', body: { event: 'x' } });
    expect(request.headers['X-App-Token']).toBe('[redacted]');
    expect(stdout).not.toContain(APP_TOKEN);
    expect(fx.sandbox.requests).toHaveLength(0);
  });
});
