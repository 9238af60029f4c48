// `promo api` prints what the service answers, but never a secret unless asked: the app token,
// bearer tokens, tokens sent for introspection, echoed by a server in a body or in headers.
// Every configured secret is redacted whatever its length.
import { afterAll, describe, expect, it } from 'vitest';
import { json, useHostile } from '../helpers/hostile.js';
import { runPromo, tempDir } from '../helpers/promo.js';

const server = useHostile();
const dir = tempDir();
afterAll(() => dir.cleanup());

const SHORT_TOKEN = 's3cr3t7';
const ACCESS = 'at-issued-by-the-test-7c1d9e';
const INTROSPECTED = 'tok-sent-for-introspection-42';
const env = { PROMO_APP_ID: 'app-1', PROMO_APP_TOKEN: SHORT_TOKEN };
const promo = (...argv: string[]) =>
  runPromo(['--api-url', server.url, '-o', 'json', ...argv], { configDir: dir.path, env });

/** Answers a token request with ACCESS, anything else with what it was sent, headers included. */
function echo() {
  server.handle = (req, res) => {
    if (req.url.startsWith('/v1/oauth/token')) {
      return json(200, {
        access_token: ACCESS,
        client_id: 'c',
        expires_at: Math.floor(Date.now() / 1000) + 900,
        expires_in: 900,
        scope: 'api',
        token_type: 'bearer',
      })(req, res);
    }
    const seen = req.headers['x-app-token'] ?? req.headers.authorization;
    json(200, { headers: req.headers, body: req.body, note: `seen ${seen}` })(req, res);
  };
}

describe('promo api output', () => {
  it('an echoed bearer token never reaches stdout or the --debug trace', async () => {
    echo();
    const { code, stdout, stderr } = await promo('--debug', 'api', 'GET', '/v1/echo', '--auth', 'oauth');
    expect(code).toBe(0);
    const answer = JSON.parse(stdout);
    expect(answer.headers.authorization).toBe('Bearer [redacted]');
    expect(answer.note).toBe('seen Bearer [redacted]');
    for (const secret of [SHORT_TOKEN, ACCESS]) {
      expect(stdout).not.toContain(secret);
      expect(stderr).not.toContain(secret);
    }
    expect(stderr).toContain('< {"headers"');
  });

  it('an echoed app token of 7 characters never reaches stdout or the --debug trace', async () => {
    echo();
    const { code, stdout, stderr } = await promo('--debug', 'api', 'POST', '/v1/echo', '--data', '{"a":1}');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      headers: { 'x-app-token': '[redacted]' },
      note: 'seen [redacted]',
    });
    expect(stdout).not.toContain(SHORT_TOKEN);
    expect(stderr).not.toContain(SHORT_TOKEN);
    expect(stderr).toContain('seen [redacted]');
  });

  it('a token sent for introspection is redacted in the 2xx answer, as it would be in a 4xx', async () => {
    server.handle = (req, res) =>
      json(200, { active: true, access_token: JSON.parse(req.body).access_token })(req, res);
    const { code, stdout } = await promo(
      'api',
      'POST',
      '/v1/oauth/introspect',
      '--data',
      JSON.stringify({ access_token: INTROSPECTED }),
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ active: true, access_token: '[redacted]' });
  });

  it('a text answer that echoes the app token is scrubbed', async () => {
    server.handle = (req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end(`token was ${req.headers['x-app-token']}`);
    };
    const { stdout } = await promo('api', 'GET', '/v1/echo');
    expect(stdout.trim()).toBe('token was [redacted]');
  });

  it('--show-secrets prints the answer as it came', async () => {
    echo();
    const { code, stdout } = await promo('api', 'GET', '/v1/echo', '--show-secrets');
    expect(code).toBe(0);
    expect(JSON.parse(stdout).headers['x-app-token']).toBe(SHORT_TOKEN);
  });

  it("the built-in sandbox's public 'sandbox' credentials are not blanked out of its answers", async () => {
    const { code, stdout } = await runPromo(
      ['--profile', 'sandbox', '-o', 'json', 'api', 'GET', '/v1/templates/campaigns'],
      {
        configDir: dir.path,
      },
    );
    expect(code).toBe(0);
    expect(stdout).not.toContain('[redacted]');
  });
});
