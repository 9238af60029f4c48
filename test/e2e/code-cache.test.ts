// The code cache of the built bin (bin/load-cached.js): made by the first runs in the user's cache
// directory, by whichever Node runs the suite (Node's own compile cache from 22.1, promo's checked
// cache on Node 20), and never trusted blindly: damaged bytes cost a recompile, not a crash. Beside
// it, `promo --help` as the first run printed it (bin/help-cache.js), for as long as the build is
// the same.
import { cpSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, spawnPromo, tempDir } from '../helpers/promo.js';

const dirs: Array<{ cleanup(): void }> = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.cleanup();
});
function scratch() {
  const dir = tempDir('promo-code-cache-');
  dirs.push(dir);
  return dir.path;
}

/** A copy of the built install (bin, dist, package.json) whose files a test may change. */
function copyOfTheBuild(): string {
  const install = scratch();
  for (const part of ['bin', 'dist', 'package.json'])
    cpSync(join(dirname(dirname(BIN)), part), join(install, part), { recursive: true });
  return install;
}

/** The one time npm gives every file it installs: an upgrade from the registry keeps it. */
const NPM_TIME = new Date('1985-10-26T08:15:00Z');

/**
 * A copy of the build as npm installs it, `bundle` (a file of dist/) with npm's one time: its bin,
 * a config directory of its own, and that bundle's path.
 */
function installedCopy(bundle: string) {
  const install = copyOfTheBuild();
  const file = join(install, 'dist', bundle);
  utimesSync(file, NPM_TIME, NPM_TIME);
  return { bin: join(install, 'bin', 'promo.js'), env: { PROMO_CONFIG_DIR: scratch() }, file };
}

/** `from` made `to` (as long) in a file, which keeps its size and npm's time, as across an upgrade. */
function upgradeInPlace(file: string, from: string, to: string) {
  const size = statSync(file).size;
  writeFileSync(file, readFileSync(file, 'latin1').replace(from, to), 'latin1');
  utimesSync(file, NPM_TIME, NPM_TIME);
  expect(statSync(file).size).toBe(size);
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

  it('without WebAssembly (node --jitless) is summed in JavaScript: written, used as it is by the next run, damage caught', async () => {
    const dir = scratch();
    // Node warns that --jitless turns WebAssembly off; nothing else may be said.
    const env = { PROMO_CONFIG_DIR: dir, NODE_OPTIONS: '--jitless' };
    const said = (stderr: string) => stderr.replace(/^.*--expose_wasm.*\n/gm, '');
    const first = await spawnPromo(list, { env });
    expect([first.code, said(first.stderr)]).toEqual([0, '']);
    const files = filesUnder(join(dir, 'code-cache')).filter((file) => file.endsWith('.cache'));
    expect(files.length).toBeGreaterThan(1);
    const written = new Map(files.map((file) => [file, readFileSync(file)]));
    const second = await spawnPromo(list, { env });
    expect([second.code, said(second.stderr), second.stdout]).toEqual([0, '', first.stdout]);
    // Taken whole: nothing written again.
    for (const [file, bytes] of written) expect(readFileSync(file).equals(bytes)).toBe(true);
    damage(files);
    const damaged = await spawnPromo(list, { env });
    expect([damaged.code, said(damaged.stderr), damaged.stdout]).toEqual([0, '', first.stdout]);
    // Found damaged, each is made again.
    for (const [file, bytes] of written) expect(readFileSync(file).equals(bytes)).toBe(false);
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

  it('of a chunk two commands load is one for each: the second command writes its own, the first’s left as it was', async () => {
    const env = { PROMO_CONFIG_DIR: scratch() };
    const runChunk = () =>
      filesUnder(join(env.PROMO_CONFIG_DIR, 'code-cache'))
        .filter((f) => /commands-run\.cjs-/.test(f))
        .map((file) => ({ file, bytes: readFileSync(file), time: statSync(file).mtimeMs }));
    const run = async (argv: string[]) => {
      const done = await spawnPromo(argv, { env });
      expect([done.code, done.stderr]).toEqual([0, '']);
    };
    await run(list);
    const first = runChunk();
    expect(first).toHaveLength(1);
    expect(first[0]!.bytes.toString('latin1')).toContain('templates list');
    await run(list);
    expect(runChunk()).toEqual(first);
    // Another command: a cache of the runtime's chunk of its own, naming it; the first one stays.
    const other = ['--profile', 'sandbox', 'customer', 'list', '--limit', '1', '-o', 'json'];
    await run(other);
    const both = runChunk();
    expect(both).toHaveLength(2);
    expect(both).toContainEqual(first[0]);
    const second = both.find((cache) => cache.file !== first[0]!.file)!;
    expect(second.bytes.toString('latin1')).toContain('customer list');
    expect(second.bytes.toString('latin1')).not.toContain('templates list');
    await run(other);
    await run(list);
    expect(runChunk()).toEqual(both);
  });

  it('of a file holds up to 16 commands: a new one takes the place of the one written longest ago, and of the one cache builds before kept', async () => {
    const env = { PROMO_CONFIG_DIR: scratch() };
    const first = await spawnPromo(list, { env });
    expect([first.code, first.stderr]).toEqual([0, '']);
    const [made] = filesUnder(join(env.PROMO_CONFIG_DIR, 'code-cache')).filter((f) =>
      /[/\\]cli\.cjs-/.test(f),
    );
    // Fifteen more commands' caches of the core, the first of them the oldest.
    const others = Array.from({ length: 15 }, (_, i) =>
      made!.replace(/-[0-9a-z]+\.cache$/, `-other${i}.cache`),
    );
    for (const [i, file] of others.entries()) {
      cpSync(made!, file);
      utimesSync(file, new Date(Date.UTC(2026, 0, 1 + i)), new Date(Date.UTC(2026, 0, 1 + i)));
    }
    // And the one cache of the core that builds before kept for every command.
    const before = made!.replace(/-[0-9a-z]+\.cache$/, '.cache');
    cpSync(made!, before);
    const core = () =>
      filesUnder(join(env.PROMO_CONFIG_DIR, 'code-cache'))
        .filter((f) => /[/\\]cli\.cjs-/.test(f))
        .sort();
    expect(core()).toHaveLength(17);
    const next = await spawnPromo(
      ['--profile', 'sandbox', 'customer', 'list', '--limit', '1', '-o', 'json'],
      { env },
    );
    expect([next.code, next.stderr]).toEqual([0, '']);
    const after = core();
    expect(after).toHaveLength(16);
    expect(after).not.toContain(others[0]);
    expect(after).not.toContain(before);
    expect(after).toEqual(expect.arrayContaining([made!, ...others.slice(1)]));
  });

  it('made from another source of the same size and time, is not used: the new source runs', async () => {
    // As after an upgrade from the registry: npm gives every file it installs one time (1985-10-26),
    // and each padded bundle is 128 KiB and 64 bytes (scripts/large-sources.mjs), whatever is in it.
    // V8 checks only the length; the cache's own check was the size and time, so the new source ran
    // with the old one's compiled code.
    const { bin, env, file: help } = installedCopy('commands-help.cjs');
    const argv = ['token', 'inspect', '--bogus'];
    const first = await spawnPromo(argv, { env, bin });
    expect([first.code, first.stderr]).toEqual([2, expect.stringContaining("unknown option '--bogus'")]);
    expect((await spawnPromo(argv, { env, bin })).stderr).toBe(first.stderr);
    upgradeInPlace(help, 'error: unknown option', 'error: UNKNOWN OPTION');
    const upgraded = await spawnPromo(argv, { env, bin });
    expect([upgraded.code, upgraded.stderr]).toEqual([
      2,
      first.stderr.replace('unknown option', 'UNKNOWN OPTION'),
    ]);
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

describe('promo --help kept beside it', () => {
  it('is laid out again after an upgrade, its bundle of the same size and modification time', async () => {
    // npm's one time for every file, and a bundle padded to one size: the change time tells.
    const { bin, env, file: cli } = installedCopy('cli.cjs');
    const first = await spawnPromo(['--help'], { env, bin });
    expect(first.stdout).toContain('Operate a Voucherify promotion account');
    expect((await spawnPromo(['--help'], { env, bin })).stdout).toBe(first.stdout);
    upgradeInPlace(cli, 'Operate a Voucherify', 'OPERATE A VOUCHERIFY');
    const upgraded = await spawnPromo(['--help'], { env, bin });
    expect([upgraded.code, upgraded.stderr]).toEqual([0, '']);
    expect(upgraded.stdout).toBe(first.stdout.replace('Operate a Voucherify', 'OPERATE A VOUCHERIFY'));
  });

  it('is printed by the next run without loading the CLI, until the bundle changes; damaged, is laid out again', async () => {
    const install = copyOfTheBuild();
    const bin = join(install, 'bin', 'promo.js');
    const env = { PROMO_CONFIG_DIR: scratch() };
    // A whole second, which the file system gives back exactly.
    const cli = join(install, 'dist', 'cli.cjs');
    const built = Math.floor(Date.now() / 1000) - 60;
    utimesSync(cli, built, built);
    const first = await spawnPromo(['--help'], { env, bin });
    expect([first.code, first.stderr]).toEqual([0, '']);
    expect(first.stdout).toMatch(/^Usage: promo /);
    const [kept] = filesUnder(join(env.PROMO_CONFIG_DIR, 'code-cache')).filter((f) => /help-plain/.test(f));
    expect(readFileSync(kept!, 'utf8').split('\n').slice(1).join('\n')).toBe(first.stdout);
    expect(statSync(kept!).mode & 0o077).toBe(0);

    // Damaged: laid out again (the same text), and kept again.
    writeFileSync(kept!, readFileSync(kept!, 'utf8').replace('Usage: promo', 'Usage (kept): promo'));
    const damaged = await spawnPromo(['--help'], { env, bin });
    expect([damaged.code, damaged.stderr, damaged.stdout]).toEqual([0, '', first.stdout]);
    expect(readFileSync(kept!, 'utf8')).not.toContain('Usage (kept)');

    // Printed from what was kept: no bundle compiled (node:vm, which the loader compiles them with,
    // never loaded).
    const hook = join(install, 'vm-loaded.cjs');
    const seen = join(install, 'vm-loaded.txt');
    writeFileSync(
      hook,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(seen)}, String(process.moduleLoadList.includes('NativeModule vm'))));\n`,
    );
    const again = await spawnPromo(['-h'], { env: { ...env, NODE_OPTIONS: `--require ${hook}` }, bin });
    expect([again.code, again.stderr, again.stdout, readFileSync(seen, 'utf8')]).toEqual([
      0,
      '',
      first.stdout,
      'false',
    ]);
    // Another bundle, written with the same size and modification time: loaded, not the kept help.
    writeFileSync(cli, `throw new Error('loaded');`.padEnd(statSync(cli).size, ' '));
    utimesSync(cli, built, built);
    const rebuilt = await spawnPromo(['--help'], { env, bin });
    expect(rebuilt.code).toBe(1);
    expect(rebuilt.stdout).toBe('');
  });
});
