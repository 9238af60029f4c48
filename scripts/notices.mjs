// The licences of the third-party code that the build bundles into dist/. esbuild drops every
// licence comment from the bundles (legalComments: 'none' keeps them small to parse at start-up),
// so the notices that MIT, ISC and the like require to travel with the code are gathered here, from
// the LICENSE file each bundled package ships, into dist/THIRD-PARTY-NOTICES.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The package directory of a bundled input path, or undefined for the project's own files. */
function packageDir(input) {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input.replaceAll('\\', '/'));
  return match?.[1];
}

function licenceText(dir) {
  const file = readdirSync(dir).find((name) => /^(licen[cs]e|copying)([-.][\w.-]*)?$/i.test(name));
  return file ? readFileSync(join(dir, file), 'utf8').trim() : undefined;
}

/** What a package carries inside it that its own licence file does not name. */
const EMBEDDED = {
  'jq-wasm':
    'jq-wasm embeds jq 1.7 compiled to WebAssembly: jq is free software under the MIT License, ' +
    'copyright Stephen Dolan and the jq contributors (https://github.com/jqlang/jq, file COPYING), ' +
    'which includes the decNumber library under the ICU License, copyright IBM Corporation and others, ' +
    'and the Oniguruma regular expression library under the BSD 2-Clause License, copyright K. Kosako.',
};

/**
 * Packages promo requires at run time instead of bundling (native code): their notices travel too.
 * The platform packages of @napi-rs/keyring hold its compiled binary, under the same licence.
 */
const EXTERNAL = ['@napi-rs/keyring'];

/** `metafiles` are esbuild's metafiles of every bundle written; returns the packages named. */
export function writeThirdPartyNotices(metafiles, outFile) {
  const dirs = new Set();
  for (const metafile of metafiles) {
    for (const input of Object.keys(metafile.inputs)) {
      const dir = packageDir(input);
      if (dir) dirs.add(dir);
    }
  }
  const packages = [...dirs]
    .map((dir) => {
      const { name, version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      return { name, version, license, text: licenceText(dir) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const sections = packages.map(({ name, version, license, text }) =>
    [
      `${name}@${version} (${license})`,
      text ?? `The package ships no licence file; its package.json declares the ${license} licence.`,
      ...(EMBEDDED[name] ? [EMBEDDED[name]] : []),
    ].join('\n\n'),
  );
  const head = 'promo bundles the following third-party packages into dist/. Their licences and notices:\n';
  const external = EXTERNAL.map((name) => {
    const dir = join('node_modules', name);
    const { version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return [
      `${name}@${version} (${license}), not bundled: an optional dependency installed beside promo and loaded at run time`,
      licenceText(dir) ?? `Its package.json declares the ${license} licence.`,
    ].join('\n\n');
  });
  writeFileSync(outFile, `${[head, ...sections, ...external].join(`\n\n${'-'.repeat(78)}\n\n`)}\n`);
  return packages.map((p) => `${p.name}@${p.version}`);
}
