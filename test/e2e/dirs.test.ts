// Where the built promo keeps its files without PROMO_CONFIG_DIR: profiles in the config directory,
// cached tokens (and code caches) in the cache directory, the built-in sandbox's data in the state
// directory; with PROMO_CONFIG_DIR, all of it in that one place.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: plain CommonJS of the bin, no types
import loadCached from '../../bin/load-cached.js';
import { platformDirs, promoDirs } from '../../src/base/dirs.js';
import { spawnPromo, tempDir } from '../helpers/promo.js';

const dirs: Array<{ cleanup(): void }> = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.cleanup();
});
function scratch() {
  const dir = tempDir('promo-dirs-');
  dirs.push(dir);
  return dir.path;
}

const sorted = (dir: string) => readdirSync(dir).sort();

describe('promo’s directories', () => {
  it('on Linux: config, cache and state under the XDG directories, each 0700', async () => {
    const home = scratch();
    const env = {
      PROMO_CONFIG_DIR: undefined,
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'cfg'),
      XDG_CACHE_HOME: join(home, 'cache'),
      XDG_STATE_HOME: join(home, 'state'),
      NODE_DISABLE_COMPILE_CACHE: '1',
    };
    const added = await spawnPromo(
      [
        'profile',
        'add',
        '--no-check',
        'work',
        '--app-id',
        'app-0001',
        '--app-token-stdin',
        '--cluster',
        'api',
      ],
      { env, stdin: 'secret-app-token-0001' },
    );
    expect([added.code, added.stderr]).toEqual([0, '']);
    const issued = await spawnPromo(['--profile', 'sandbox', 'token', 'issue', '--scope', 'api'], { env });
    expect([issued.code, issued.stderr]).toEqual([0, '']);

    expect(sorted(home)).toEqual(['cache', 'cfg', 'state']);
    expect(sorted(join(home, 'cfg', 'promo'))).toEqual(['config.json']);
    expect(sorted(join(home, 'cache', 'promo'))).toContain('tokens.json');
    expect(sorted(join(home, 'state', 'promo'))).toContain('sandbox.db');
    for (const dir of ['cfg', 'cache', 'state']) {
      expect(statSync(join(home, dir, 'promo')).mode & 0o777).toBe(0o700);
    }
  });

  it('on Linux without XDG variables (or with relative ones): ~/.config, ~/.cache, ~/.local/state', () => {
    expect(platformDirs({}, 'linux', '/home/ana')).toEqual({
      config: '/home/ana/.config/promo',
      cache: '/home/ana/.cache/promo',
      state: '/home/ana/.local/state/promo',
    });
    expect(platformDirs({ XDG_CACHE_HOME: 'relative/cache' }, 'linux', '/home/ana').cache).toBe(
      '/home/ana/.cache/promo',
    );
  });

  it('on macOS: the Library folders, profiles where they have always been', () => {
    expect(platformDirs({ XDG_CONFIG_HOME: '/x' }, 'darwin', '/Users/ana')).toEqual({
      config: '/Users/ana/Library/Preferences/promo',
      cache: '/Users/ana/Library/Caches/promo',
      state: '/Users/ana/Library/Application Support/promo',
    });
  });

  it('the bin finds the code cache in the cache directory, as dirs.ts says, before loading it', () => {
    const cases: Array<[Record<string, string>, NodeJS.Platform]> = [
      [{}, 'linux'],
      [{ XDG_CACHE_HOME: '/var/cache/ana' }, 'linux'],
      [{ XDG_CACHE_HOME: 'relative' }, 'freebsd'],
      [{ XDG_CACHE_HOME: '/x' }, 'darwin'],
      [{ LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local' }, 'win32'],
      [{}, 'win32'],
      [{ PROMO_CONFIG_DIR: '/srv/promo' }, 'darwin'],
    ];
    for (const [env, platform] of cases) {
      const expected = join(promoDirs(env, platformDirs(env, platform, '/home/ana')).cache, 'code-cache');
      expect(loadCached.codeCacheDir(env, platform, '/home/ana')).toBe(expected);
    }
  });

  it('with PROMO_CONFIG_DIR: everything in that one directory', async () => {
    expect(promoDirs({ PROMO_CONFIG_DIR: '/srv/promo', XDG_CACHE_HOME: '/c' })).toEqual({
      config: '/srv/promo',
      cache: '/srv/promo',
      state: '/srv/promo',
    });
    const home = scratch();
    const one = join(home, 'one');
    const env = { PROMO_CONFIG_DIR: one, HOME: home, XDG_CACHE_HOME: join(home, 'cache') };
    const issued = await spawnPromo(['--profile', 'sandbox', 'token', 'issue', '--scope', 'api'], { env });
    expect([issued.code, issued.stderr]).toEqual([0, '']);
    expect(sorted(home)).toEqual(['one']);
    expect(sorted(one)).toEqual(expect.arrayContaining(['code-cache', 'sandbox.db', 'tokens.json']));
  });
});
