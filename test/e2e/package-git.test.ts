// `npm install -g git+file://…` of a clone, offline, into a scratch prefix, and the installed
// `promo` run from there. npm builds a git source in a clone of its own (prepare:
// scripts/git-prepare.mjs); the build's tools come from npm's cache, filled by the project's own npm ci.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectOnlyNpmScriptNotice, packageScratch } from '../helpers/package.js';

const { scratch, npm, promo, copySources } = packageScratch('promo-package-git-');
afterAll(() => scratch.cleanup());
const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;

describe('a git source', () => {
  it('installs globally from git (npm install -g git+file://…), built on the way, and the installed promo runs', () => {
    const repo = join(scratch.path, 'repo');
    copySources(repo);
    const git = (...args: string[]) =>
      spawnSync('git', ['-c', 'user.name=promo', '-c', 'user.email=promo@localhost', ...args], { cwd: repo });
    for (const step of [
      ['init', '-q'],
      ['add', '.'],
      ['commit', '-qm', 'promo'],
    ])
      expect(git(...step).status).toBe(0);

    const prefix = join(scratch.path, 'from-git');
    const installed = npm(
      ['install', '-g', `git+file://${repo}`, '--prefix', prefix, '--offline'],
      scratch.path,
    );
    expect(installed.status, installed.stderr).toBe(0);
    expectOnlyNpmScriptNotice(installed.stderr);
    const folder = join(prefix, 'lib', 'node_modules', 'promo-cli');
    expect(lstatSync(folder).isDirectory()).toBe(true); // a folder of its own, not a link into npm's clone
    expect(existsSync(join(folder, 'dist', 'cli.cjs'))).toBe(true);
    expect(JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).scripts.prepare).toBeUndefined();

    const shown = promo(prefix, ['--version']);
    expect([shown.status, shown.stdout, shown.stderr]).toEqual([0, `${version}\n`, '']);
    const help = promo(prefix, ['--help']);
    expect([help.status, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toMatch(/^Usage: promo /);
    const listed = promo(prefix, ['--profile', 'sandbox', 'templates', 'list', '--limit', '1']);
    expect([listed.status, listed.stderr]).toEqual([0, '']);
    expect(JSON.parse(listed.stdout)).toHaveLength(1);
  });
});
