// The package as a user installs it: a real `npm pack` (its prepack builds dist/) of a copy of the
// project, installed globally from the tarball into a scratch prefix, offline, and the installed
// `promo` run from there; `npm install -g <folder>` of a built clone; a clone that was never built. From git:
// package-git.test.ts.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOnlyNpmScriptNotice, packageScratch, ROOT } from '../helpers/package.js';

const { scratch, npm, promo, copySources } = packageScratch('promo-package-');
const project = join(scratch.path, 'project');
const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;

let tarball: string;
beforeAll(() => {
  copySources(project);
  // The build's own tools come from the project's install; the copy builds its own dist/.
  symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'));
  const packed = npm(['pack', '--json', '--pack-destination', scratch.path], project);
  expect(packed.status, packed.stderr).toBe(0);
  const [{ filename, files }] = JSON.parse(packed.stdout) as [
    { filename: string; files: { path: string }[] },
  ];
  tarball = join(scratch.path, filename);
  packedFiles = files.map((f) => f.path).sort();
});
afterAll(() => scratch.cleanup());
let packedFiles: string[];

describe('the packed tarball', () => {
  it('holds the bin, the bundles, the licence and the bundled libraries’ notices, no code cache, and nothing else', () => {
    expect(packedFiles).toContain('LICENSE');
    expect(packedFiles).toContain('dist/THIRD-PARTY-NOTICES');
    expect(packedFiles).toContain('dist/cli.cjs');
    expect(packedFiles).toContain('bin/promo.js');
    expect(packedFiles.filter((f) => !/^(bin|dist)\/|^(LICENSE|README\.md|package\.json)$/.test(f))).toEqual(
      [],
    );
    // A code cache fits only the Node that made it: the user's first runs make their own.
    expect(packedFiles.filter((f) => f.endsWith('.cache'))).toEqual([]);
  });

  it('installs globally offline with no dependency and no warning, and the installed promo runs', () => {
    const prefix = join(scratch.path, 'global');
    const installed = npm(['install', '-g', tarball, '--prefix', prefix, '--offline'], scratch.path);
    expect(installed.status, installed.stderr).toBe(0);
    expect(installed.stderr).toBe('');
    expect(installed.stdout).toContain('added 1 package');
    expect(existsSync(join(prefix, 'lib', 'node_modules', 'promo-cli', 'node_modules'))).toBe(false);

    const shown = promo(prefix, ['--version']);
    expect([shown.status, shown.stdout, shown.stderr]).toEqual([0, `${version}\n`, '']);
    const listed = promo(prefix, ['--profile', 'sandbox', 'templates', 'list', '--limit', '1']);
    expect(listed.stderr).toBe('');
    expect(listed.status).toBe(0);
    expect(JSON.parse(listed.stdout)).toHaveLength(1);
  });
});

describe('a clone', () => {
  it('installs globally with npm install -g . once built, and the linked promo runs', () => {
    const prefix = join(scratch.path, 'linked');
    const installed = npm(['install', '-g', '.', '--prefix', prefix, '--offline'], project);
    expect(installed.status, installed.stderr).toBe(0);
    expectOnlyNpmScriptNotice(installed.stderr);
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
