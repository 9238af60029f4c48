// Builds dist/ for bin/promo.js. Start-up is most of a CLI's time, so:
// - everything is CommonJS: on Node 20 an ES-module entry costs ~7 ms more before the first line runs;
// - the core (dist/cli.cjs) holds the commands; what only some commands need (the profile store's
//   conf, prompts, tables, the lock, the sandbox) is bundled apart in dist/lazy/ and required on
//   first use, through the loaders of src/base/lazy.ts, which this build swaps for require() calls;
// - no code cache is shipped: one made here only fits the Node that made it, so the first runs on
//   the user's machine make their own (bin/load-cached.js).

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { posix } from 'node:path';
import { build } from 'esbuild';
import { assignChunks } from './chunks.mjs';
import { padLargeSources } from './large-sources.mjs';
import { leanNamespacesOf } from './lean-namespaces.mjs';
import { writeThirdPartyNotices } from './notices.mjs';
import {
  chunkEntry,
  chunkFile,
  coreEntry,
  dynamicImportsToChunks,
  exportNames,
  LOAD_CACHED,
  modulesFromElsewhere,
  projectFiles,
} from './split.mjs';
import { verbManifestPlugin, verbManifests } from './verb-manifest.mjs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

// conf imports ajv and ajv-formats at its top but uses them only when given a JSON schema, which
// promo never passes. Bundling them would add ~250 KB to parse on every command that reads the
// profile store; a stub that fails loudly if ever called keeps conf's behaviour and drops the cost.
const noSchemaValidation = {
  name: 'conf-without-schema-validation-or-migrations',
  setup(b) {
    b.onResolve({ filter: /^ajv(\/dist\/2020(\.js)?)?$|^ajv-formats$/ }, (args) => ({
      path: args.path,
      namespace: 'no-ajv',
    }));
    b.onLoad({ filter: /.*/, namespace: 'no-ajv' }, () => ({
      contents:
        "const refuse = () => { throw new Error('promo is built without JSON-schema validation'); };" +
        'export class Ajv2020 { constructor() { refuse(); } } export default refuse;',
      loader: 'js',
    }));
    // Likewise semver (half of what is left of conf), which conf uses only for store migrations.
    b.onResolve({ filter: /^semver$/ }, (args) =>
      args.importer.includes('/node_modules/conf/') ? { path: 'semver', namespace: 'no-semver' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'no-semver' }, () => ({
      contents:
        "const refuse = () => { throw new Error('promo is built without conf migrations'); };" +
        'export default { valid: refuse, clean: refuse, satisfies: refuse, gt: refuse, lte: refuse, eq: refuse };',
      loader: 'js',
    }));
  },
};

// conf loads node:crypto (TLS-grade start-up cost) only to encrypt the store, which promo does not
// ask for: the secrets are protected by the file's mode instead.
const noConfEncryption = {
  name: 'conf-without-encryption',
  setup(b) {
    b.onResolve({ filter: /^node:crypto$/ }, (args) =>
      args.importer.includes('/node_modules/conf/') ? { path: 'crypto', namespace: 'no-crypto' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'no-crypto' }, () => ({
      contents:
        "const refuse = () => { throw new Error('promo is built without config encryption'); };" +
        'export default { pbkdf2Sync: refuse, createDecipheriv: refuse, createCipheriv: refuse, randomBytes: refuse };',
      loader: 'js',
    }));
  },
};

// commander requires node:child_process (and with it dgram and more) for executable subcommands,
// which promo does not use; the core gets a stub that fails loudly if that ever changes.
const noExecutableSubcommands = {
  name: 'commander-without-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes('/node_modules/commander/')
        ? { path: 'child_process', namespace: 'no-child-process' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'no-child-process' }, () => ({
      contents:
        "const refuse = () => { throw new Error('promo has no executable subcommands'); }; module.exports = { spawn: refuse, execFileSync: refuse };",
      loader: 'js',
    }));
  },
};

// atomically (under conf) cleans its temporary files through when-exit, which also catches SIGINT and
// SIGTERM and sends them again: promo's own handler then saw a second Ctrl-C the user never pressed.
// promo handles signals itself and always leaves through process.exit, so the clean-up on 'exit' is kept.
const noSignalResend = {
  name: 'when-exit-on-exit-only',
  setup(b) {
    b.onResolve({ filter: /^when-exit$/ }, () => ({ path: 'when-exit', namespace: 'exit-only' }));
    b.onLoad({ filter: /.*/, namespace: 'exit-only' }, () => ({
      contents:
        "export default (callback) => { process.once('exit', callback); return () => process.off('exit', callback); };",
      loader: 'js',
    }));
  },
};

// The lazily loaded modules as src/base/lazy.ts lists them (the one list): name → what it imports.
const LAZY_LIST = 'src/base/lazy.ts';
const lazyImports = [
  ...readFileSync(LAZY_LIST, 'utf8').matchAll(/^export const load(\w+) = \(\) => import\('([^']+)'\);$/gm),
].map(([, name, spec]) => ({ name: name.toLowerCase(), loader: `load${name}`, spec }));
// Each bundled apart, exporting what import() would give: its namespace (a CommonJS module's
// exports as `default`, as Node does).
const lazyModules = Object.fromEntries(
  lazyImports
    .filter(({ spec }) => !spec.startsWith('node:'))
    .map(({ name, spec }) => [
      name,
      `import * as lazy from '${spec.startsWith('.') ? `./${posix.join(posix.dirname(LAZY_LIST), spec).replace(/\.js$/, '.ts')}` : spec}'; module.exports = lazy;`,
    ]),
);

const requireLazy = {
  name: 'require-lazy-modules',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]base[\\/]lazy\.ts$/ }, () => ({
      contents: [
        "const { join } = require('node:path');",
        `const loadCached = ${LOAD_CACHED};`,
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the template is the generated code's own
        "const load = (name) => Promise.resolve().then(() => loadCached(join(__dirname, 'lazy', `${name}.cjs`)));",
        // Built-ins are required: a dynamic import() would start the ES-module loader, ~7 ms, for nothing.
        ...lazyImports.map(({ name, loader, spec }) =>
          spec.startsWith('node:')
            ? `export const ${loader} = () => Promise.resolve().then(() => require('${spec}'));`
            : `export const ${loader} = () => load('${name}');`,
        ),
      ].join('\n'),
      loader: 'js',
    }));
  },
};

// libsql (the sandbox's SQLite on Node 20) is bundled with the sandbox, its JavaScript code-cached
// with it: its loader, its check of the C library and its Database class, which Node's own loader
// found and compiled anew on every run of the built-in profile. Only its native binary
// (@libsql/<platform>) is required from node_modules: from promo's own, where npm puts it, or, in
// an install that nested it under libsql, libsql's as installed.
const bundledLibsql = {
  name: 'bundled-libsql',
  setup(b) {
    b.onLoad({ filter: /[\\/]packages[\\/]sandbox[\\/]src[\\/]libsql-package\.ts$/ }, () => ({
      contents: `const installed = require;
export function requireLibsql() {
  try {
    return require('libsql');
  } catch (error) {
    if (error?.code !== 'MODULE_NOT_FOUND') throw error;
    return installed(installed.resolve('libsql'));
  }
}`,
      loader: 'js',
    }));
    // libsql's loader (@neon-rs/load) takes path and fs through TypeScript's __importStar, which
    // copies each of their ~120 exports into an object of getters, one closure and descriptor an
    // export: ~50 KB of the young generation on every run of the built-in profile, enough to set
    // off a second scavenge in `voucher get` (Node 20: 62.3 → 56.7 ms of CPU, 3,908 → 3,747 page
    // faults). It reads path.join and fs.existsSync alone, which the modules themselves give as
    // well. Left as it is where the file no longer reads so (a newer version): slower, not wrong.
    b.onLoad({ filter: /[\\/]@neon-rs[\\/]load[\\/]dist[\\/]index\.js$/ }, ({ path }) => ({
      contents: readFileSync(path, 'utf8').replace(
        /__importStar\(require\("(fs|path)"\)\)/g,
        'require("$1")',
      ),
      loader: 'js',
    }));
    // What libsql asks of detect-libc (the C library's family, to pick its binary), answered from
    // Node's report as detect-libc reads it: while libsql loads, promo-sandbox's sqlite.ts has it
    // answered from /usr/bin/ldd (withCheapLibcCheck), so there is no second reading of that file,
    // no child_process (~0.7 ms to load on Node 20) and no command run.
    b.onResolve({ filter: /^detect-libc$/ }, () => ({ path: 'detect-libc', namespace: 'promo-libc' }));
    b.onLoad({ filter: /.*/, namespace: 'promo-libc' }, () => ({
      contents: `const GLIBC = 'glibc';
const MUSL = 'musl';
function familySync() {
  if (process.platform !== 'linux') return null;
  const report = process.report?.getReport();
  if (report?.header?.glibcVersionRuntime) return GLIBC;
  if (report?.sharedObjects?.some((f) => f.includes('libc.musl-') || f.includes('ld-musl-'))) return MUSL;
  return null;
}
module.exports = { GLIBC, MUSL, familySync };`,
      loader: 'js',
    }));
  },
};

// The jq worker (src/output/jq-worker.ts, with jq-wasm inlined) is a file of its own, started as a
// worker thread; what names it in the bundles is swapped for its place in dist/lazy/.
const JQ_WORKER = 'dist/lazy/jq-worker.cjs';
const jqWorkerFile = {
  name: 'jq-worker-file',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]output[\\/]jq-worker-script\.ts$/ }, () => ({
      contents: `const { join } = require('node:path');
export async function jqWorkerScript() { return { file: join(__dirname, 'lazy', '${posix.basename(JQ_WORKER)}') }; }`,
      loader: 'js',
    }));
  },
};

// The jq worker's WebAssembly module as a file of its own (dist/lazy/jq.wasm, read by
// src/output/jq-wasm-file.ts as built): the glue's copy of it, 1.3 MB of base64 that the worker
// parsed and decoded at each start, is left out of the worker's bundle. The glue reads it only
// when no instantiateWasm is given, and jq-wasm.ts always gives one.
const JQ_WASM = 'dist/lazy/jq.wasm';
const JQ_BASE64 = /"data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/;
const jqWasmFile = {
  name: 'jq-wasm-file',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]output[\\/]jq-wasm-file\.ts$/ }, () => ({
      contents: `const { readFileSync } = require('node:fs');
const { join } = require('node:path');
export function jqWasmBytes() { return readFileSync(join(__dirname, '${posix.basename(JQ_WASM)}')); }`,
      loader: 'js',
    }));
    b.onLoad({ filter: /[\\/]jq-wasm[\\/]dist[\\/]build[\\/]jq\.js$/ }, (args) => {
      const glue = readFileSync(args.path, 'utf8');
      const found = JQ_BASE64.exec(glue);
      if (!found) throw new Error('jq-wasm: its glue no longer holds its module as base64');
      mkdirSync(posix.dirname(JQ_WASM), { recursive: true });
      writeFileSync(JQ_WASM, Buffer.from(found[1], 'base64'));
      return { contents: glue.replace(JQ_BASE64, '"data:application/octet-stream;base64,"'), loader: 'js' };
    });
  },
};

// Every file bin/load-cached.js loads (the core, the chunks, dist/lazy/ but the jq worker, which is
// a worker's script) is written as the function Node's loader would wrap it in: see WRAP_START.
const { WRAP_START, WRAP_END } = createRequire(import.meta.url)('../bin/load-cached.js');
const asFunction = { banner: { js: WRAP_START }, footer: { js: WRAP_END } };

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minifySyntax: true,
  minifyWhitespace: true,
  // The licences go to dist/THIRD-PARTY-NOTICES instead (scripts/notices.mjs).
  legalComments: 'none',
  // For --debug stacks (bin/promo.js turns source maps on only then): the maps name src/ lines, and
  // their text is left out (the sources are not shipped).
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
  define: { __PROMO_VERSION__: JSON.stringify(version) },
  // The promo-sandbox package (its facts in the core, the sandbox itself in dist/lazy/) is bundled
  // from its sources, as the tests run it: promo ships it inside its own build.
  conditions: ['promo-source'],
  // Native code with a binary per platform: required from node_modules at run time, when a secret
  // lives in the keychain (src/config/keychain.ts), or SQLite where Node has no node:sqlite (the
  // binary of libsql, whose JavaScript is bundled: bundledLibsql), never bundled.
  external: ['@napi-rs/keyring', '@libsql/*'],
  // The keychain's module loads it with the bundle's `require`, and makes one from import.meta.url
  // only when it runs as an ES module (the tests): the empty import.meta of the bundle is never read.
  logOverride: { 'empty-import-meta': 'silent' },
};

rmSync('dist', { recursive: true, force: true });
mkdirSync('dist/lazy', { recursive: true });
const { manifests, helpFiles, verbModules } = await verbManifests(common);
// Each noun's help-only text (long descriptions, examples), read when help is shown (verb-manifest.mjs).
mkdirSync('dist/help');
for (const [noun, text] of helpFiles) writeFileSync(`dist/help/${noun}.json`, text);
const verbsAsData = verbManifestPlugin(manifests);
// The core and the chunks (scripts/split.mjs), in four passes: the core, to learn what it holds and
// what it imports on demand; everything it imports on demand in one bundle, not written, to learn
// which chunk holds what (scripts/chunks.mjs); the chunks, each taking from the core and the other
// chunks what they hold; the core again, leaving its modules where the chunks find them.
const core = (entry, targets, owners, names) => ({
  ...common,
  ...asFunction,
  ...entry,
  outfile: 'dist/cli.cjs',
  plugins: [
    requireLazy,
    jqWorkerFile,
    bundledLibsql,
    noExecutableSubcommands,
    verbsAsData,
    dynamicImportsToChunks(targets, owners, names),
  ],
});
const targets = new Set();
const firstCore = await build({ ...core({ entryPoints: ['src/cli.ts'] }, targets), write: false });
const coreFiles = projectFiles(firstCore.metafile);
const chunkBuild = (keys, outfile, plugin) => ({
  ...common,
  ...asFunction,
  stdin: { contents: chunkEntry(keys), resolveDir: '.', loader: 'ts', sourcefile: 'commands-chunk.ts' },
  outfile,
  plugins: [requireLazy, jqWorkerFile, bundledLibsql, noExecutableSubcommands, verbsAsData, plugin],
});
const whole = await build({
  ...chunkBuild(targets, 'dist/commands.cjs', modulesFromElsewhere(coreFiles, new Set())),
  write: false,
});
const { owners, exported } = assignChunks(
  whole.metafile,
  whole.metafile.outputs['dist/commands.cjs'],
  targets,
  verbModules,
);
const shared = new Set();
const chunks = [...exported.keys()].sort();
const results = await Promise.all([
  ...chunks.map((chunk) =>
    build(
      chunkBuild(
        exported.get(chunk),
        `dist/${chunkFile(chunk)}`,
        modulesFromElsewhere(coreFiles, shared, owners, chunk),
      ),
    ),
  ),
  build({
    ...common,
    entryPoints: ['src/output/jq-worker.ts'],
    outfile: JQ_WORKER,
    plugins: [jqWasmFile],
  }),
  ...Object.entries(lazyModules).map(([name, contents]) =>
    build({
      ...common,
      ...asFunction,
      stdin: { contents, resolveDir: '.', loader: 'ts', sourcefile: `lazy-${name}.ts` },
      outfile: `dist/lazy/${name}.cjs`,
      plugins: [noSchemaValidation, noConfEncryption, noSignalResend, bundledLibsql],
    }),
  ),
]);
const finalCore = await build(
  core(
    {
      stdin: {
        contents: coreEntry('src/cli.ts', shared),
        resolveDir: '.',
        loader: 'ts',
        sourcefile: 'core.ts',
      },
    },
    new Set(),
    owners,
    new Map(await Promise.all([...targets].map(async (target) => [target, await exportNames(target)]))),
  ),
);
const grown = [...projectFiles(finalCore.metafile)].filter((file) => !coreFiles.has(file));
if (grown.length > 0) throw new Error(`the core grew when it shared its modules: ${grown.join(', ')}`);
// Each module of promo's in one file alone.
const where = new Map([...coreFiles].map((file) => [file, 'dist/cli.cjs']));
for (const [i, chunk] of chunks.entries()) {
  for (const file of projectFiles(results[i].metafile)) {
    if (where.has(file)) throw new Error(`${file} is in both ${where.get(file)} and ${chunkFile(chunk)}`);
    where.set(file, chunkFile(chunk));
  }
}
results.push(finalCore);
// Each module's namespace made cheaper to build at start-up (scripts/lean-namespaces.mjs).
const chunkFiles = new Set(chunks.map((chunk) => `dist/${chunkFile(chunk)}`));
for (const file of results.flatMap((r) => Object.keys(r.metafile.outputs)).filter((f) => f.endsWith('.cjs')))
  leanNamespacesOf(file, { chunk: chunkFiles.has(file) });
// Sources of 32-128 KiB out of V8's young generation (scripts/large-sources.mjs); not the jq
// worker's, which a worker reads, not bin/load-cached.js.
padLargeSources('dist', { skip: [JQ_WORKER.slice('dist/'.length)] });
writeFileSync('dist/package.json', '{ "type": "commonjs" }\n');
writeThirdPartyNotices(
  results.map((r) => r.metafile),
  'dist/THIRD-PARTY-NOTICES',
);
// BUILD_METAFILE=FILE keeps what esbuild says of each output (its inputs and their sizes), to see
// what a file holds and why (https://esbuild.github.io/analyze/ reads it).
if (process.env.BUILD_METAFILE) {
  const outputs = Object.assign({}, ...results.map((r) => r.metafile.outputs));
  const inputs = Object.assign({}, ...results.map((r) => r.metafile.inputs));
  writeFileSync(process.env.BUILD_METAFILE, JSON.stringify({ inputs, outputs }));
}
