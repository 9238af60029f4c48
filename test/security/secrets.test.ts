// No secret in any output: every command, with --debug, in JSON and in tables, on success, on
// --dry-run and on the error paths. The one exception is `token issue`, whose purpose is to print
// the token it was asked for on stdout (like `gh auth token`); it must appear nowhere else.
import { chmodSync, cpSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunResult, runPromo, tempDir } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, type Fixture, sandboxFixture } from '../helpers/sandbox.js';

const OTHER_APP_TOKEN = 'second-app-token-5e6f7a8b9c';
const WRONG_APP_TOKEN = 'wrong-app-token-0000-ffff';

let fx: Fixture;
beforeAll(async () => {
  fx = await sandboxFixture();
});
afterAll(() => fx.close());

interface Run extends RunResult {
  argv: string[];
}

describe('a scan of every command’s output for the secrets it used', () => {
  const runs: Run[] = [];
  /** Tokens that `token issue` printed on stdout on purpose. */
  const printed = new Set<string>();

  async function promo(argv: string[], options: Parameters<typeof runPromo>[1] = {}): Promise<Run> {
    const result = await runPromo(['--debug', ...argv], { configDir: fx.configDir, ...options });
    const run = { ...result, argv };
    runs.push(run);
    return run;
  }

  it('runs every command, on its success and error paths, with --debug', async () => {
    // token issue: new and cached, JSON and table.
    for (const extra of [['--new'], [], ['-o', 'ndjson', '--new']]) {
      const run = await promo(['token', 'issue', '--scope', 'api', ...extra]);
      expect(run.code).toBe(0);
      printed.add(JSON.parse(run.stdout).access_token);
    }
    const table = await promo(['-o', 'table', 'token', 'issue', '--scope', 'api']);
    expect(table.stdout).toContain([...printed].at(-1));
    const anyToken = [...printed][0]!;
    // token inspect: the cached one, one given as an argument, one on stdin, in JSON and tables.
    for (const argv of [
      ['token', 'inspect'],
      ['-o', 'table', 'token', 'inspect'],
      ['token', 'inspect', anyToken],
      ['-o', 'table', 'token', 'inspect', anyToken],
    ]) {
      expect((await promo(argv)).code).toBe(0);
    }
    expect((await promo(['token', 'inspect', '-'], { stdin: `${anyToken}\n` })).code).toBe(0);

    // profiles: add, list, show, in both formats.
    expect(
      (
        await promo(['profile', 'add', '--no-check', 'second', '--app-id', 'app-2', '--app-token-stdin'], {
          stdin: OTHER_APP_TOKEN,
        })
      ).code,
    ).toBe(0);
    for (const argv of [
      ['profile', 'list'],
      ['-o', 'table', 'profile', 'list'],
      ['profile', 'show'],
      ['-o', 'table', 'profile', 'show', 'second'],
    ]) {
      expect((await promo(argv)).code).toBe(0);
    }
    // login, interactive, against the sandbox.
    const loginDir = tempDir();
    try {
      const login = await promo(['login', '--api-url', fx.sandbox.url], {
        configDir: loginDir.path,
        tty: true,
        answers: ['work', APP_ID, APP_TOKEN, true],
      });
      expect(login.code).toBe(0);
      const refused = await promo(['login', '--api-url', fx.sandbox.url], {
        configDir: loginDir.path,
        tty: true,
        answers: ['other', APP_ID, WRONG_APP_TOKEN, 'cancel'],
      });
      expect(refused.code).toBe(4);
    } finally {
      loginDir.cleanup();
    }

    // promo api: app keys, a bearer token, dry runs.
    const tiersPath = '/v2/loyalties/tier-structures/lts_0a1b2c3d4e5f/tiers';
    expect((await promo(['api', 'GET', '/v1/templates/campaigns', '--query', 'limit=1'])).code).toBe(0);
    expect((await promo(['api', 'GET', tiersPath, '--auth', 'oauth'])).code).toBe(0);
    expect((await promo(['api', 'GET', tiersPath, '--auth', 'oauth', '--dry-run'])).code).toBe(0);
    expect(
      (
        await promo([
          '-o',
          'table',
          'api',
          'POST',
          '/v1/events',
          '--data',
          '{"event":"newsletter_signup","customer":{"source_id":"c1"}}',
          '--dry-run',
        ])
      ).code,
    ).toBe(0);
    expect((await promo(['api', 'POST', '/v1/oauth/introspect', '--dry-run', '--data', '{}'])).code).toBe(0);

    // The other nouns.
    expect((await promo(['tiers', 'list', 'lts_0a1b2c3d4e5f', '--all'])).code).toBe(0);
    expect((await promo(['-o', 'table', 'tiers', 'list', 'lts_0a1b2c3d4e5f'])).code).toBe(0);
    expect((await promo(['templates', 'list', '--limit', '2'])).code).toBe(0);
    expect((await promo(['-o', 'table', 'templates', 'list', '--limit', '2'])).code).toBe(0);
    expect((await promo(['event', 'send', 'newsletter_signup', '--customer-source-id', 'c-1'])).code).toBe(0);
    expect(
      (await promo(['event', 'send', 'newsletter_signup', '--customer-source-id', 'c-1', '--dry-run'])).code,
    ).toBe(0);
    expect(
      (await promo(['voucher', 'create', '--type', 'discount', '--percent-off', '10', '--code', 'SCAN-1']))
        .code,
    ).toBe(0);
    expect(
      (await promo(['voucher', 'create', '--type', 'discount', '--percent-off', '10', '--dry-run'])).code,
    ).toBe(0);
    expect(
      (
        await promo([
          '-o',
          'table',
          'voucher',
          'create',
          '--type',
          'gift',
          '--gift-amount',
          '25',
          '--code',
          'SCAN-2',
        ])
      ).code,
    ).toBe(0);
    expect((await promo(['voucher', 'delete', 'SCAN-1', '--yes'])).code).toBe(0);
    expect((await promo(['voucher', 'delete', 'SCAN-2', '--force', '--yes', '-o', 'table'])).code).toBe(0);

    // Error paths: wrong credentials, a refused token, rate limits, server errors, a broken connection.
    // Credentials from the environment only, in an empty config directory: nothing cached to fall back on.
    const bare = tempDir();
    try {
      const wrong = {
        configDir: bare.path,
        env: { PROMO_APP_ID: APP_ID, PROMO_APP_TOKEN: WRONG_APP_TOKEN, PROMO_API_URL: fx.sandbox.url },
      };
      expect((await promo(['api', 'GET', '/v1/templates/campaigns'], wrong)).code).toBe(4);
      expect((await promo(['-o', 'table', 'token', 'issue', '--scope', 'api', '--new'], wrong)).code).toBe(4);
      expect((await promo(['tiers', 'list', 'lts_0a1b2c3d4e5f'], wrong)).code).toBe(4);
      expect((await promo(['api', 'GET', tiersPath, '--auth', 'oauth'], wrong)).code).toBe(4);
      expect((await promo(['voucher', 'create', '--percent-off', '5'], wrong)).code).toBe(4);
    } finally {
      bare.cleanup();
    }
    fx.sandbox.faults.push({
      match: { path: '/v1/templates' },
      times: 2,
      action: { status: 429, retryAfter: 0 },
    });
    expect((await promo(['--retries', '1', 'templates', 'list'])).code).toBe(5);
    fx.sandbox.faults.push({ match: { path: '/v1/oauth/token' }, times: 2, action: { status: 503 } });
    expect((await promo(['--retries', '1', 'token', 'issue', '--scope', 'vouchers', '--new'])).code).toBe(6);
    fx.sandbox.faults.push({
      match: { method: 'POST', path: '/v1/events' },
      action: { reset: 'after-handling' },
    });
    expect(
      (await promo(['-o', 'table', 'event', 'send', 'newsletter_signup', '--customer-source-id', 'c-2']))
        .code,
    ).toBe(6);
    expect((await promo(['token', 'inspect', 'no-such-token-abcdef123'])).code).toBe(0);
  });

  it('finds the app tokens in no output, and access tokens only where token issue printed them on stdout', () => {
    const accessTokens = Object.keys(fx.sandbox.state.tokens);
    expect(accessTokens.length).toBeGreaterThanOrEqual(2);
    expect(runs.length).toBeGreaterThan(40);
    for (const run of runs) {
      const where = `promo ${run.argv.join(' ')}`;
      for (const secret of [APP_TOKEN, OTHER_APP_TOKEN, WRONG_APP_TOKEN]) {
        expect(run.stdout, `${where}: stdout`).not.toContain(secret);
        expect(run.stderr, `${where}: stderr`).not.toContain(secret);
      }
      for (const token of accessTokens) {
        expect(run.stderr, `${where}: stderr`).not.toContain(token);
        // `token issue` prints the token it was asked for; no other command prints one.
        if (!(run.argv.includes('token') && run.argv.includes('issue') && printed.has(token))) {
          expect(run.stdout, `${where}: stdout`).not.toContain(token);
        }
      }
    }
  });

  it('did trace the requests: the scan looked at real --debug output', () => {
    const traced = runs.filter((r) => r.stderr.includes('> X-App-Token: [redacted]'));
    expect(traced.length).toBeGreaterThan(20);
    expect(runs.some((r) => r.stderr.includes('> Authorization: Bearer [redacted]'))).toBe(true);
    expect(runs.some((r) => /access_token=\[redacted\]/.test(r.stderr))).toBe(true);
    expect(runs.some((r) => /"access_token":"\[redacted\]"/.test(r.stderr))).toBe(true);
  });
});

describe('file permissions', () => {
  it('keeps the config directory 0700 and every file in it 0600', async () => {
    const dir = tempDir();
    try {
      cpSync(join(fx.configDir, 'config.json'), join(dir.path, 'config.json'));
      chmodSync(join(dir.path, 'config.json'), 0o600);
      chmodSync(dir.path, 0o700);
      expect((await runPromo(['token', 'issue', '--scope', 'api'], { configDir: dir.path })).code).toBe(0);
      expect(statSync(dir.path).mode & 0o777).toBe(0o700);
      for (const file of ['config.json', 'tokens.json'])
        expect(statSync(join(dir.path, file)).mode & 0o777).toBe(0o600);
    } finally {
      dir.cleanup();
    }
  });

  it('tightens a loosened directory, profile store and token cache on read, warning on stderr and leaving stdout clean', async () => {
    const dir = tempDir();
    try {
      cpSync(join(fx.configDir, 'config.json'), join(dir.path, 'config.json'));
      expect((await runPromo(['token', 'issue', '--scope', 'api'], { configDir: dir.path })).code).toBe(0);
      chmodSync(dir.path, 0o755);
      chmodSync(join(dir.path, 'config.json'), 0o644);
      chmodSync(join(dir.path, 'tokens.json'), 0o666);
      const before = readFileSync(join(dir.path, 'config.json'), 'utf8');
      const { code, stdout, stderr } = await runPromo(['token', 'issue', '--scope', 'api'], {
        configDir: dir.path,
      });
      expect(code).toBe(0);
      expect(JSON.parse(stdout).access_token).toEqual(expect.any(String));
      // JSON output: each warning is a JSON line of its own on stderr.
      const warnings = stderr
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).warning as string);
      expect(warnings).toEqual([
        `${dir.path} was readable by others (mode 755); changed it to 700.`,
        `${join(dir.path, 'config.json')} was readable by others (mode 644); changed it to 600.`,
        `${join(dir.path, 'tokens.json')} was readable by others (mode 666); changed it to 600.`,
      ]);
      expect(statSync(dir.path).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir.path, 'config.json')).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir.path, 'tokens.json')).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(dir.path, 'config.json'), 'utf8')).toBe(before);
      // Fixed once, quiet after.
      expect((await runPromo(['token', 'issue', '--scope', 'api'], { configDir: dir.path })).stderr).toBe('');
    } finally {
      dir.cleanup();
    }
  });
});
