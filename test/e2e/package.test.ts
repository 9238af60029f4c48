// The package as a user installs it: a real `npm pack` (its prepack builds dist/) of a copy of the
// project, installed globally from the tarball into a scratch prefix, and the installed
// `promo` run from there; `npm install -g <folder>` of a built clone; a clone that was never built.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/promo.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = tempDir('promo-package-');
const project = join(scratch.path, 'project');
const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;

/** npm with no user config of this machine's and none of the npm_* variables of an enclosing `npm test`. */
function npm(args: string[], cwd: string) {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of Object.keys(env)) if (/^npm_/i.test(name)) delete env[name];
  // The machine's own authority, if it has one, for the registry (vitest.config.ts keeps it aside).
  env.NODE_EXTRA_CA_CERTS = process.env.PROMO_TEST_MACHINE_CA;
  const userconfig = join(scratch.path, 'npmrc');
  return spawnSync('npm', [...args, '--userconfig', userconfig, '--no-audit', '--no-fund'], {
    cwd,
    env: env as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

function promo(prefix: string, args: string[]) {
  const configDir = join(scratch.path, 'config');
  return spawnSync(join(prefix, 'bin', 'promo'), args, {
    env: { PATH: process.env.PATH, HOME: scratch.path, PROMO_CONFIG_DIR: configDir, NO_COLOR: '1' },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

let tarball: string;
beforeAll(() => {
  writeFileSync(join(scratch.path, 'npmrc'), '');
  for (const entry of [
    'package.json',
    'package-lock.json',
    'LICENSE',
    'README.md',
    'bin',
    'scripts',
    'src',
  ]) {
    cpSync(join(root, entry), join(project, entry), { recursive: true });
  }
  // The build's own tools come from the project's install; the copy builds its own dist/.
  symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'));
  const packed = npm(['pack', '--json', '--pack-destination', scratch.path], project);
  expect(packed.status, packed.stderr).toBe(0);
  const [{ filename, files }] = JSON.parse(packed.stdout) as [
    { filename: string; files: { path: string }[] },
  ];
  tarball = join(scratch.path, filename);
  packedFiles = files.map((f) => f.path).sort();
  // npm pack runs the whole build (prepack): seconds on a quiet machine, more beside other work.
}, 90_000);
afterAll(() => scratch.cleanup());
let packedFiles: string[];

describe('the packed tarball', () => {
  it('holds the bin, the bundles, the licence and the bundled libraries’ notices, no code cache, and nothing else', () => {
    expect(packedFiles).toContain('LICENSE');
    expect(packedFiles).toContain('dist/THIRD-PARTY-NOTICES');
    expect(packedFiles).toContain('dist/cli.cjs');
    expect(packedFiles).toContain('dist/lazy/jq-worker.cjs');
    expect(packedFiles).toContain('bin/promo.js');
    expect(packedFiles.filter((f) => !/^(bin|dist)\/|^(LICENSE|README\.md|package\.json)$/.test(f))).toEqual(
      [],
    );
    // A code cache fits only the Node that made it: the user's first runs make their own.
    expect(packedFiles.filter((f) => f.endsWith('.cache'))).toEqual([]);
  });

  it('installs globally with no dependency but the optional keychain and SQLite ones, no warning, and runs', () => {
    const prefix = join(scratch.path, 'global');
    // From npm's cache where it holds them, else from the registry: a machine that has only run
    // `npm ci` holds the optional packages' files but not the registry's index of their versions,
    // without which npm --offline skips them in silence (and Node 20, which has no node:sqlite,
    // would then have no SQLite for the built-in sandbox). Online, npm would also say on stderr
    // that a newer npm exists.
    const installed = npm(
      ['install', '-g', tarball, '--prefix', prefix, '--prefer-offline', '--no-update-notifier'],
      scratch.path,
    );
    expect(installed.status, installed.stderr).toBe(0);
    expect(installed.stderr).toBe('');
    // promo itself, and the optional packages with their binaries for this platform where npm has
    // them (from its cache, else the registry): the keychain's, and libsql (SQLite where Node has no
    // node:sqlite) with its two small helpers; nothing else.
    expect(installed.stdout).toMatch(/added \d+ packages?/);
    const own = join(prefix, 'lib', 'node_modules', 'promo-cli', 'node_modules');
    const installedBeside = existsSync(own) ? readdirSync(own).filter((name) => !name.startsWith('.')) : [];
    const optional = ['@napi-rs', '@libsql', '@neon-rs', 'libsql', 'detect-libc'];
    expect(installedBeside.filter((name) => !optional.includes(name))).toEqual([]);

    const shown = promo(prefix, ['--version']);
    expect([shown.status, shown.stdout, shown.stderr]).toEqual([0, `${version}\n`, '']);
    const listed = promo(prefix, ['--profile', 'sandbox', 'templates', 'list', '--limit', '1']);
    expect(listed.stderr).toBe('');
    expect(listed.status).toBe(0);
    expect(JSON.parse(listed.stdout)).toHaveLength(1);
    // --jq's worker thread is a file of its own in the package (dist/lazy/jq-worker.cjs).
    const filtered = promo(prefix, [
      '--profile',
      'sandbox',
      'templates',
      'list',
      '--limit',
      '2',
      '--jq',
      '.[].name',
    ]);
    expect(filtered.stderr).toBe('');
    expect(filtered.status).toBe(0);
    expect(filtered.stdout.trimEnd().split('\n')).toHaveLength(2);

    // libsql's JavaScript is in promo's build, its binary in node_modules: found where npm hoisted
    // it, and where an install nested it under libsql.
    const binaries = join(own, '@libsql');
    if (!existsSync(binaries)) return;
    const libsql = ['--profile', 'sandbox', 'templates', 'list', '--limit', '1'];
    const onLibsql = (args: string[]) =>
      spawnSync(join(prefix, 'bin', 'promo'), args, {
        env: {
          PATH: process.env.PATH,
          HOME: scratch.path,
          PROMO_CONFIG_DIR: join(scratch.path, 'config-libsql'),
          PROMO_SANDBOX_SQLITE: 'libsql',
        },
        encoding: 'utf8',
        timeout: 20_000,
      });
    const hoisted = onLibsql(libsql);
    expect([hoisted.status, hoisted.stderr]).toEqual([0, '']);
    mkdirSync(join(own, 'libsql', 'node_modules'), { recursive: true });
    renameSync(binaries, join(own, 'libsql', 'node_modules', '@libsql'));
    const nested = onLibsql(libsql);
    expect([nested.status, nested.stderr]).toEqual([0, '']);
    expect(JSON.parse(nested.stdout)).toHaveLength(1);
  });
});

describe('a clone', () => {
  it('installs globally with npm install -g . once built, and the linked promo runs', () => {
    const prefix = join(scratch.path, 'linked');
    const installed = npm(['install', '-g', '.', '--prefix', prefix, '--offline'], project);
    expect(installed.status, installed.stderr).toBe(0);
    expect(installed.stderr).toBe('');
    const listed = promo(prefix, ['--profile', 'sandbox', 'templates', 'list', '--limit', '1']);
    expect([listed.status, listed.stderr]).toEqual([0, '']);
    expect(JSON.parse(listed.stdout)).toHaveLength(1);
  });

  it('that was never built says in one line how to build it, exit 1', () => {
    const unbuilt = join(scratch.path, 'unbuilt');
    cpSync(join(project, 'bin'), join(unbuilt, 'bin'), { recursive: true });
    cpSync(join(project, 'package.json'), join(unbuilt, 'package.json'));
    const run = spawnSync(process.execPath, [join(unbuilt, 'bin', 'promo.js'), '--help'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `promo is not built: ${join(unbuilt, 'dist')} is missing. Run \`npm ci && npm run build\` in ${unbuilt}.\n`,
    );
    rmSync(unbuilt, { recursive: true, force: true });
  });
});
