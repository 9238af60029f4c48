// The code cache of the built bin (bin/load-cached.js): made by the first runs in the user's cache
// directory, by whichever Node runs the suite (Node's own compile cache from 22.1, promo's checked
// cache on Node 20), and never trusted blindly: damaged bytes cost a recompile, not a crash.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnPromo, tempDir } from '../helpers/promo.js';

const dirs: Array<{ cleanup(): void }> = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.cleanup();
});
function scratch() {
  const dir = tempDir('promo-code-cache-');
  dirs.push(dir);
  return dir.path;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

/** Flips bytes all through each file past its first 64 (the headers of both kinds of cache). */
function damage(files: string[]) {
  for (const file of files) {
    const bytes = readFileSync(file);
    for (let i = 64; i < bytes.length; i += 509) bytes[i] = (bytes[i] ?? 0) ^ 0xff;
    writeFileSync(file, bytes);
  }
}

const list = ['--profile', 'sandbox', 'templates', 'list', '--limit', '1', '-o', 'json'];

describe('the code cache', () => {
  it('is written into PROMO_CONFIG_DIR/code-cache, private to the user', async () => {
    const dir = scratch();
    const run = await spawnPromo(['--help'], { env: { PROMO_CONFIG_DIR: dir } });
    expect(run.code).toBe(0);
    const files = filesUnder(join(dir, 'code-cache'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('goes to $XDG_CACHE_HOME/promo/code-cache without PROMO_CONFIG_DIR (Linux)', async () => {
    const home = scratch();
    const run = await spawnPromo(['--help'], {
      env: { PROMO_CONFIG_DIR: undefined, HOME: home, XDG_CACHE_HOME: join(home, 'xdg-cache') },
    });
    expect(run.code).toBe(0);
    expect(filesUnder(join(home, 'xdg-cache', 'promo', 'code-cache')).length).toBeGreaterThan(0);
  });

  it('damaged past its header, is recompiled: the bin prints the same, exit 0, twice', async () => {
    const dir = scratch();
    const env = { PROMO_CONFIG_DIR: dir };
    const first = await spawnPromo(list, { env });
    expect([first.code, first.stderr]).toEqual([0, '']);
    const files = filesUnder(join(dir, 'code-cache'));
    expect(files.length).toBeGreaterThan(1);
    damage(files);
    const damaged = await spawnPromo(list, { env });
    expect([damaged.code, damaged.stderr, damaged.stdout]).toEqual([0, '', first.stdout]);
    const again = await spawnPromo(list, { env });
    expect([again.code, again.stderr, again.stdout]).toEqual([0, '', first.stdout]);
  });

  it('cut short, is recompiled', async () => {
    const dir = scratch();
    const env = { PROMO_CONFIG_DIR: dir };
    const first = await spawnPromo(['--help'], { env });
    for (const file of filesUnder(join(dir, 'code-cache'))) {
      writeFileSync(file, readFileSync(file).subarray(0, 100));
    }
    const cut = await spawnPromo(['--help'], { env });
    expect([cut.code, cut.stderr, cut.stdout]).toEqual([0, '', first.stdout]);
  });

  it('is not written with NODE_DISABLE_COMPILE_CACHE=1', async () => {
    const dir = scratch();
    const run = await spawnPromo(['--help'], {
      env: { PROMO_CONFIG_DIR: dir, NODE_DISABLE_COMPILE_CACHE: '1' },
    });
    expect(run.code).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });
});
