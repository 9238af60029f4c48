// promo's own files under real parallel processes and hostile set-ups: the profile store keeps
// every write, the token cache issues one token after a 401, and what cannot be read or written
// is said plainly, naming the file or directory.
import {
  chmodSync,
  chownSync,
  cpSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOBODY, runPromo, spawnAsNobody, spawnPromo, tempDir } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
  cpSync(join(fx.configDir, 'config.json'), join(dir.path, 'config.json'));
});
afterEach(() => dir.cleanup());

const env = () => ({ PROMO_CONFIG_DIR: dir.path });
const configFile = () => join(dir.path, 'config.json');
const tokensFile = () => join(dir.path, 'tokens.json');
const tokenRequests = () => fx.sandbox.requests.filter((r) => r.rawPath === '/v1/oauth/token');
const isRoot = process.getuid?.() === 0;

/** Issues a token into the cache, then replaces it with `accessToken` (which the service does not know). */
async function cacheToken(accessToken: string): Promise<void> {
  expect((await runPromo(['token', 'issue', '--scope', 'api'], { configDir: dir.path })).code).toBe(0);
  const cache = JSON.parse(readFileSync(tokensFile(), 'utf8'));
  for (const token of Object.values<{ access_token: string }>(cache.tokens)) token.access_token = accessToken;
  writeFileSync(tokensFile(), JSON.stringify(cache), { mode: 0o600 });
  fx.sandbox.requests.length = 0;
}

describe('the profile store under parallel writers', () => {
  it('4 parallel profile add, 3 rounds: every profile is kept', async () => {
    const names: string[] = [];
    for (let round = 0; round < 3; round++) {
      const batch = [0, 1, 2, 3].map((i) => `p${round}-${i}`);
      names.push(...batch);
      const runs = await Promise.all(
        batch.map((name) =>
          spawnPromo(
            [
              'profile',
              'add',
              '--no-check',
              name,
              '--app-id',
              `id-${name}`,
              '--app-token-stdin',
              '--api-url',
              fx.sandbox.url,
            ],
            {
              env: env(),
              stdin: 'app-token-0123456789\n',
            },
          ),
        ),
      );
      expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    }
    const stored = Object.keys(JSON.parse(readFileSync(configFile(), 'utf8')).profiles);
    expect(stored.sort()).toEqual(['test', ...names].sort());
  });
});

describe('the token cache', () => {
  it('after a 401 on a revoked cached token, 8 parallel runs issue one token between them', async () => {
    await cacheToken('revoked-token-000000000000');
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => spawnPromo(['tiers', 'list', 'lts_1'], { env: env() })),
    );
    expect(new Set(runs.map((r) => r.code)).size).toBe(1);
    expect(tokenRequests()).toHaveLength(1);
  });

  it('a cached token holding CR/LF is a miss: a new one is issued, no usage error', async () => {
    await cacheToken('abc\r\nX-Injected: 1');
    const run = await runPromo(['token', 'issue', '--scope', 'api', '-o', 'json'], { configDir: dir.path });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).access_token).not.toContain('\n');
    expect(tokenRequests()).toHaveLength(1);
  });

  it('profile scopes of the wrong type are no scopes (the default, api), not a crash', async () => {
    const store = JSON.parse(readFileSync(configFile(), 'utf8'));
    store.profiles.test.scopes = 'api vouchers';
    writeFileSync(configFile(), JSON.stringify(store), { mode: 0o600 });
    const run = await runPromo(['tiers', 'list', 'lts_1', '-o', 'json'], { configDir: dir.path });
    expect(run.stderr).not.toContain('is not a function');
    expect(tokenRequests().map((r) => r.body)).toEqual(['grant_type=client_credentials&scope=api']);
  });
});

describe.skipIf(!isRoot)('a config directory promo cannot write (as nobody)', () => {
  beforeEach(() => {
    // The directory is root's (0755): nobody reads the profile it owns, and can create nothing.
    chmodSync(dir.path, 0o755);
    chownSync(configFile(), NOBODY, NOBODY);
  });

  it('token issue: the cache could not be saved, and it does not claim it was', async () => {
    const run = await spawnAsNobody(['token', 'issue', '--scope', 'api', '-o', 'table'], env());
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('could not save the token cache');
    expect(run.stderr).not.toContain('cached it');
    expect(run.stderr).toContain('Issued a new token; it could not be cached');
  });

  it('profile add: a clear error naming the directory, exit 1, no internal error', async () => {
    const run = await spawnAsNobody(
      ['profile', 'add', '--no-check', 'other', '--app-id', 'id-2', '--app-token-stdin', '-o', 'table'],
      env(),
      'app-token-0123456789\n',
    );
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain('internal');
    expect(run.stderr).toContain(`cannot save the profile store in ${dir.path}`);
  });
});

describe('a config.json promo must not use', () => {
  it('a symbolic link: refused and said so; the target is neither changed nor chmodded', async () => {
    const target = join(dir.path, 'elsewhere.json');
    cpSync(configFile(), target);
    chmodSync(target, 0o644);
    const before = readFileSync(target, 'utf8');
    rmSync(configFile());
    symlinkSync(target, configFile());
    const run = await runPromo(['profile', 'add', '--no-check', 'x', '--app-id', 'i', '-o', 'table'], {
      configDir: dir.path,
      env: { PROMO_APP_TOKEN: 'app-token-0123456789' },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${configFile()} is a symbolic link`);
    expect(readFileSync(target, 'utf8')).toBe(before);
    expect(statSync(target).mode & 0o777).toBe(0o644);
  });

  it.each([
    ['[]', 'an array'],
    ['null', 'null'],
    ['"profiles"', 'a string'],
  ])('%s: a clear error naming the file, exit 1', async (text, what) => {
    writeFileSync(configFile(), text, { mode: 0o600 });
    const run = await runPromo(['profile', 'list', '-o', 'table'], { configDir: dir.path });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`cannot read the profile store ${configFile()}: it holds ${what}`);
    expect(readFileSync(configFile(), 'utf8')).toBe(text);
  });
});
