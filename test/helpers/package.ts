// What the packaging tests share: a scratch folder, npm run with no user config of this machine's
// (and none of the npm_* variables of an enclosing `npm test`), a copy of the project's sources,
// and the installed `promo` of a scratch prefix.
import { spawnSync } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { tempDir } from './promo.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** What a clone holds that the build and the package need. */
const SOURCES = ['package.json', 'package-lock.json', 'LICENSE', 'README.md', 'bin', 'scripts', 'src'];

export function packageScratch(prefix: string) {
  const scratch = tempDir(prefix);
  const userconfig = join(scratch.path, 'npmrc');
  writeFileSync(userconfig, '');

  function npm(args: string[], cwd: string) {
    const env: Record<string, string | undefined> = { ...process.env };
    for (const name of Object.keys(env)) if (/^npm_/i.test(name)) delete env[name];
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

  function copySources(into: string) {
    for (const entry of SOURCES) cpSync(join(ROOT, entry), join(into, entry), { recursive: true });
  }

  return { scratch, npm, promo, copySources };
}

// npm 11 names every git or folder package with a `prepare` script in a notice of its own (its
// allowScripts review), whatever the script does; promo's only builds in npm's clone of a git source.
export function expectOnlyNpmScriptNotice(stderr: string) {
  const lines = stderr.trimEnd().split('\n');
  expect(
    lines.filter((line) => !line.startsWith('npm warn install-scripts')),
    stderr,
  ).toEqual([]);
  expect(lines).toContain(
    'npm warn install-scripts   promo-cli@0.1.0 (prepare: node scripts/git-prepare.mjs)',
  );
}
