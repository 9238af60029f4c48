// The built bin as cron jobs run it: many at once, no terminal, against a misbehaving service.
// Needs `npm run build` first.
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnPromo, tempDir } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

describe('many processes at once', () => {
  it('50 cold processes asking for a token issue exactly one between them, and all print it', async () => {
    const dir = tempDir();
    try {
      cpSync(join(fx.configDir, 'config.json'), join(dir.path, 'config.json'));
      const env = { PROMO_CONFIG_DIR: dir.path };
      const runs = await Promise.all(
        Array.from({ length: 50 }, () =>
          spawnPromo(['token', 'issue', '--scope', 'api'], { env, timeoutMs: 40_000 }),
        ),
      );
      expect(runs.map((r) => r.code)).toEqual(Array(50).fill(0));
      expect(runs.filter((r) => r.stderr !== '').map((r) => r.stderr)).toEqual([]);
      const tokens = new Set(runs.map((r) => JSON.parse(r.stdout).access_token));
      expect(tokens.size).toBe(1);
      expect(
        fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath === '/v1/oauth/token'),
      ).toHaveLength(1);
      const cached = JSON.parse(readFileSync(join(dir.path, 'tokens.json'), 'utf8'));
      expect(Object.values(cached.tokens).map((t) => (t as { access_token: string }).access_token)).toEqual([
        ...tokens,
      ]);
    } finally {
      dir.cleanup();
    }
  }, 60_000);
});

describe('as a cron job sees it: no terminal, data on stdout, errors on stderr, exit codes', () => {
  it('success: JSON on stdout, nothing on stderr, exit 0', async () => {
    const run = await spawnPromo(['api', 'GET', '/v1/templates/campaigns', '--query', 'limit=1'], {
      env: fx.env,
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout).object).toBe('list');
  });

  it('rate limited to the end: nothing on stdout, the error as JSON on stderr, exit 5', async () => {
    fx.sandbox.faults.push({
      match: { path: '/v1/templates' },
      times: 10,
      action: { status: 429, retryAfter: 0 },
    });
    const run = await spawnPromo(['--retries', '1', 'api', 'GET', '/v1/templates/campaigns'], {
      env: fx.env,
    });
    expect(run.code).toBe(5);
    expect(run.stdout).toBe('');
    const error = JSON.parse(run.stderr.trim().split('\n').at(-1)!).error;
    expect(error).toMatchObject({ status: 429, key: 'too_many_requests', exit_code: 5 });
    expect(error.request_id).toMatch(/^v-/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('a service that never answers: exit 6 within the bound that --timeout sets', async () => {
    fx.sandbox.faults.set({ hang: true });
    const run = await spawnPromo(
      ['--timeout', '0.5', '--retries', '0', 'api', 'GET', '/v1/templates/campaigns'],
      { env: fx.env },
    );
    expect(run.code).toBe(6);
    expect(run.stdout).toBe('');
    // Well under the 30 s of the default timeout (and no tighter: a loaded machine starts slowly).
    expect(run.ms).toBeLessThan(15_000);
    expect(JSON.parse(run.stderr).error).toMatchObject({
      key: 'network_error',
      code: 'ETIMEDOUT',
      exit_code: 6,
    });
  });

  it.each([
    ['a path with ..', ['api', 'GET', '/v1/../x']],
    ['a number out of range', ['--timeout', '-1', 'token', 'issue', '--scope', 'api']],
    ['an unknown option', ['token', 'issue', '--scope', 'api', '--bogus']],
    ['plain http to another host', ['--api-url', 'http://example.com', 'token', 'issue', '--scope', 'api']],
  ])(
    'bad input (%s): exit 2, one JSON error line on stderr, no stack trace, nothing sent',
    async (_what, argv) => {
      const run = await spawnPromo(argv, { env: fx.env });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(run.stderr).error).toMatchObject({ key: 'usage_error', exit_code: 2 });
      expect(fx.sandbox.requests).toEqual([]);
    },
  );

  it('a create whose connection breaks after sending: sent once, exit 6, outcome unknown on stderr', async () => {
    fx.sandbox.faults.push({
      match: { method: 'POST', path: '/v1/vouchers' },
      action: { reset: 'after-handling' },
    });
    const run = await spawnPromo(
      [
        'api',
        'POST',
        '/v1/vouchers',
        '--data',
        '{"type":"DISCOUNT_VOUCHER","code":"CRON-1","discount":{"type":"PERCENT","percent_off":5}}',
      ],
      { env: fx.env },
    );
    expect(run.code).toBe(6);
    expect(run.stdout).toBe('');
    expect(JSON.parse(run.stderr).error).toMatchObject({ key: 'outcome_unknown_error', exit_code: 6 });
    expect(fx.sandbox.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
