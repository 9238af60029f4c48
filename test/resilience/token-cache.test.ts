// The token cache is only a cache: broken, unreadable or locked by a dead process, it costs at
// most one token, never a failed run. The profile store is not: a broken one stops promo, untouched.
import {
  chmodSync,
  chownSync,
  cpSync,
  mkdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOBODY, runPromo, spawnAsNobody, tempDir } from '../helpers/promo.js';
import { type Fixture, sandboxFixture } from '../helpers/sandbox.js';

let fx: Fixture;
let dir: ReturnType<typeof tempDir>;
beforeAll(async () => {
  fx = await sandboxFixture();
});
afterAll(() => fx.close());
/** Each test gets a config directory of its own holding the fixture's profile and no token cache. */
beforeEach(() => {
  dir = tempDir();
  cpSync(join(fx.configDir, 'config.json'), join(dir.path, 'config.json'));
  fx.sandbox.requests.length = 0;
});
afterEach(() => dir.cleanup());

const promo = (...argv: string[]) => runPromo(argv, { configDir: dir.path });
const issue = () => promo('token', 'issue', '--scope', 'api');
const tokenRequests = () => fx.sandbox.requests.filter((r) => r.rawPath === '/v1/oauth/token').length;
const cacheFile = () => join(dir.path, 'tokens.json');
const isRoot = process.getuid?.() === 0;

/** The built bin as `nobody`, owning the config directory. */
function asNobody(argv: string[]): Promise<{ code: number; stderr: string }> {
  for (const name of ['', 'config.json', 'tokens.json']) chownSync(join(dir.path, name), NOBODY, NOBODY);
  return spawnAsNobody(argv, { PROMO_CONFIG_DIR: dir.path });
}

describe('a broken token cache is a cache miss', () => {
  it('issues a new token over a cache file full of garbage, exits 0, and repairs the file', async () => {
    writeFileSync(cacheFile(), '\u0000{"tokens": garbage', { mode: 0o600 });
    const { code, stdout } = await issue();
    expect(code).toBe(0);
    const token = JSON.parse(stdout).access_token;
    expect(tokenRequests()).toBe(1);
    const repaired = JSON.parse(readFileSync(cacheFile(), 'utf8'));
    expect(Object.values(repaired.tokens)).toEqual([expect.objectContaining({ access_token: token })]);
    // And the next run reuses what was repaired.
    expect(JSON.parse((await issue()).stdout).access_token).toBe(token);
    expect(tokenRequests()).toBe(1);
  });

  it('skips entries of the wrong shape instead of failing on them', async () => {
    writeFileSync(cacheFile(), JSON.stringify({ tokens: { a: null, b: 5, c: { access_token: 7 } } }), {
      mode: 0o600,
    });
    expect((await issue()).code).toBe(0);
    expect((await promo('token', 'inspect')).code).toBe(0);
    expect(tokenRequests()).toBe(1);
  });

  it('treats an unreadable cache file (mode 000) as a miss and replaces it', async () => {
    writeFileSync(cacheFile(), '{}');
    chmodSync(cacheFile(), 0o000);
    // root reads any file: then the built bin runs as `nobody`, for whom mode 000 means unreadable.
    const { code, stderr } = isRoot ? await asNobody(['token', 'issue', '--scope', 'api']) : await issue();
    expect(stderr).toContain('could not read the token cache');
    expect(code).toBe(0);
    expect(tokenRequests()).toBe(1);
    expect(statSync(cacheFile()).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(cacheFile(), 'utf8')).tokens).toBeDefined();
  });

  it('treats a cache that cannot be read at all (a directory in its place) as a miss, with a warning', async () => {
    mkdirSync(cacheFile());
    const { code, stdout, stderr } = await promo('-o', 'json', 'token', 'issue', '--scope', 'api');
    expect(code).toBe(0);
    expect(JSON.parse(stdout).access_token).toEqual(expect.any(String));
    const warnings = stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).warning as string);
    expect(warnings).toContainEqual(expect.stringMatching(/^could not read the token cache .*tokens\.json/));
  });
});

describe('the lock around issuing', () => {
  it('takes over a lock left long ago by a crashed process at once', async () => {
    const lock = join(dir.path, 'tokens.lock');
    mkdirSync(lock);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    const { code, stderr } = await promo('--debug', 'token', 'issue', '--scope', 'api');
    expect(code).toBe(0);
    // Taken over at its first try: no wait for it, and no run without the lock.
    expect(stderr).not.toMatch(/locked by another process|could not lock/);
    expect(stderr).toMatch(/POST .*\/v1\/oauth\/token/);
    expect(tokenRequests()).toBe(1);
    expect(() => statSync(lock)).toThrow(/ENOENT/);
  });

  it('waits for a lock that is still fresh, and takes it over once it is older than the 10 s bound', async () => {
    const lock = join(dir.path, 'tokens.lock');
    mkdirSync(lock);
    // As if its holder had died 8.8 s ago: it goes stale in about 1.2 s.
    const diedAt = new Date(Date.now() - 8800);
    utimesSync(lock, diedAt, diedAt);
    const started = Date.now();
    const { code, stderr } = await promo('--debug', 'token', 'issue', '--scope', 'api');
    const waited = Date.now() - started;
    expect(code).toBe(0);
    expect(stderr).toMatch(/tokens\.json is locked by another process .*: waiting/);
    expect(stderr).not.toMatch(/could not lock/);
    // Until it went stale, about 1.2 s; no upper bound (a loaded machine is slow): a wait for the
    // whole lock wait instead (over a minute) would fail the test's timeout.
    expect(waited).toBeGreaterThanOrEqual(1000);
    expect(tokenRequests()).toBe(1);
  });
});

describe('a cached token the service no longer accepts', () => {
  it('is replaced by a fresh one after a 401, with one retry of the request', async () => {
    const first = JSON.parse((await issue()).stdout).access_token;
    delete fx.sandbox.state.tokens[first];
    fx.sandbox.requests.length = 0;
    const { code } = await promo(
      'api',
      'GET',
      '/v2/loyalties/tier-structures/lts_0a1b2c3d4e5f/tiers',
      '--auth',
      'oauth',
      '--scope',
      'api',
    );
    expect(code).toBe(0);
    const tiers = fx.sandbox.requests.filter((r) => r.rawPath.startsWith('/v2/'));
    expect(tiers).toHaveLength(2);
    expect(tiers[0]!.headers.authorization).toBe(`Bearer ${first}`);
    expect(tiers[1]!.headers.authorization).not.toBe(`Bearer ${first}`);
    expect(tokenRequests()).toBe(1);
    expect(JSON.parse((await issue()).stdout).access_token).not.toBe(first);
  });
});

describe('a broken profile store is an error, and is left as it was', () => {
  const configFile = () => join(dir.path, 'config.json');

  it.each([
    ['not JSON', '{"profiles": {"test": {"app_id": "a", '],
    ['JSON of another shape', '{"profiles": ["not", "a", "map"], "default_profile": "test"}'],
  ])('exits 1 naming the file when it is %s, and does not change a byte of it', async (_what, content) => {
    writeFileSync(configFile(), content, { mode: 0o600 });
    for (const argv of [
      ['token', 'issue', '--scope', 'api'],
      ['profile', 'list'],
      ['profile', 'add', '--no-check', 'other', '--app-id', 'x', '--app-token-stdin'],
    ]) {
      const { code, stdout, stderr } = await runPromo(argv, {
        configDir: dir.path,
        stdin: 'secret-token-value\n',
      });
      expect(code).toBe(1);
      expect(stdout).toBe('');
      const error = JSON.parse(stderr).error;
      expect(error).toMatchObject({ key: 'config_error', exit_code: 1 });
      expect(error.message).toContain(configFile());
      expect(error.hint).toMatch(/left the file as it is/);
      expect(readFileSync(configFile(), 'utf8')).toBe(content);
    }
    expect(fx.sandbox.requests).toHaveLength(0);
  });
});
