// prepack/postpack: the package.json that goes into a tarball has no `prepare` (it only builds
// in npm's clones of git sources, see git-prepare.mjs), since npm 11 warns about a `prepare` of a
// tarball package it will not run. `strip` keeps the file as it was beside it; `restore` puts it back.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const file = new URL('../package.json', import.meta.url);
const kept = new URL('../.package.json.prepack', import.meta.url);

if (process.argv[2] === 'strip') {
  if (existsSync(kept)) renameSync(kept, file); // a pack that stopped before postpack
  const text = readFileSync(file, 'utf8');
  const manifest = JSON.parse(text);
  writeFileSync(kept, text);
  delete manifest.scripts.prepare;
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
} else if (process.argv[2] === 'restore' && existsSync(kept)) {
  renameSync(kept, file);
}
