// `prepare`: the one script npm runs in the clone it makes of a git source before packing it
// (`npm install -g git+https://…`, `git+file://…`); dist/ is not in git, so it is built there.
// Everywhere else (an install in a checkout, `npm pack`) it does nothing: dist/ is built by
// `npm run build` and by prepack. Once built, it takes itself out of the clone's package.json, so
// that npm does not run it again when it packs the clone, and the installed package has no
// `prepare` naming a script it does not ship.
// npm 11 (11.21 included) also lets the --global and --prefix of `npm install -g` through to the
// install it runs in the clone (npm/cli#9406): nothing is installed there, and the clone is linked
// into the global folder, so the package npm unpacks next goes through that link into the clone,
// which npm then deletes (a `promo` that points nowhere). So, there: install the build's tools in
// the clone, and put back the folder npm unpacks into in place of that link.
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// npm's clones of git sources: <cache>/_cacache/tmp/git-clone<random>.
const inGitClone = basename(root).startsWith('git-clone') && basename(dirname(root)) === 'tmp';
if (!inGitClone) process.exit(0);

// What this install of the clone must not inherit from the npm install -g that runs it.
const GLOBAL_ONLY = [
  'npm_config_global',
  'npm_config_prefix',
  'npm_config_location',
  'npm_config_allow_scripts',
];
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !GLOBAL_ONLY.includes(name)));

function run(command, args) {
  const done = spawnSync(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (done.status !== 0) process.exit(done.status ?? 1);
}

const manifestFile = join(root, 'package.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
try {
  createRequire(manifestFile).resolve('esbuild');
} catch {
  const npm = process.env.npm_execpath;
  const local = ['ci', '--include=dev', '--ignore-scripts'];
  run(npm ? process.execPath : 'npm', [...(npm ? [npm] : []), ...local, '--no-audit', '--no-fund']);
}
run(process.execPath, [join(root, 'scripts', 'build.mjs')]);

const prefix = process.env.npm_config_global === 'true' ? process.env.npm_config_prefix : undefined;
if (prefix) {
  for (const link of [
    join(prefix, 'lib', 'node_modules', manifest.name),
    join(prefix, 'node_modules', manifest.name),
  ]) {
    try {
      if (lstatSync(link).isSymbolicLink() && realpathSync(link) === realpathSync(root)) {
        rmSync(link);
        mkdirSync(link); // the folder npm made to unpack into, which that install moved away
      }
    } catch {
      // Not there: nothing to remove.
    }
  }
}

delete manifest.scripts.prepare;
writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
