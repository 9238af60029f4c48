// How scripts/build.mjs splits promo into files without two copies of any module of its own:
// - dist/cli.cjs, the core: what every run needs (parsing, help, errors, output, the registry's
//   nouns and one-word commands as lists of options);
// - dist/commands-<chunk>.cjs, the chunks: whatever the project's own code imports with `import()`
//   (a noun's verbs, a command's run, the runtime), and what those import, loaded on first use, so
//   that `promo --help` reads none of them and a command reads only its noun's chunk and the ones
//   it shares (assignChunks says which module goes where).
// esbuild splits code only for ES modules, which start ~7 ms slower on Node 20, so the split is made
// here: a chunk takes each module held elsewhere from its holder at run time (the core leaves its
// modules on a global; a chunk exports a function per module others need), instead of bundling a
// copy. One errors.ts means `instanceof PromoError` holds across the files; one module state means
// one keep-alive agent, one token cache.
import { relative } from 'node:path';
import { build } from 'esbuild';

/** Where the core leaves its modules for the chunks; a symbol no other code could name by chance. */
const CORE_MODULES = "globalThis[Symbol.for('promo.core-modules')]";

/** What the stand-ins for another file's modules import to load it. */
const CHUNK_LOADER = 'promo:chunks';

/** The file of a chunk, in dist/ beside the core (its bundles find dist/lazy/ and bin/ from there). */
export const chunkFile = (name) => `commands-${name}.cjs`;

/** The key of a file: its path from the project's root, `/`-separated (`src/base/errors.ts`). */
const keyOf = (file) => relative(process.cwd(), file).replaceAll('\\', '/');

/** The names `file` exports (its types aside), read by esbuild without bundling it. */
export async function exportNames(file) {
  const { metafile } = await build({
    entryPoints: [file],
    bundle: false,
    write: false,
    metafile: true,
    format: 'esm',
    outdir: 'names',
    logLevel: 'silent',
  });
  return Object.values(metafile.outputs)[0].exports;
}

/**
 * An ES module that re-exports `names` of the namespace `expression` gives at run time. Values, not
 * live bindings: no module of promo assigns an export after it has run (a test holds that).
 */
function reexport(lines, expression, names) {
  return [
    ...lines,
    `const ns = ${expression};`,
    ...names.map((name) =>
      name === 'default' ? 'export default ns.default;' : `export const ${name} = ns.${name};`,
    ),
  ].join('\n');
}

/**
 * bin/load-cached.js's loader, as a bundle finds it: on the global the loader leaves when it loads.
 * A require() of it from each file would resolve its path again (Node caches a module, not its
 * resolution from another file: package scopes read, the path looked up), ~0.1 ms a command; the
 * require stays for a bundle loaded without bin/ (a test's).
 */
export const LOAD_CACHED =
  "(globalThis[Symbol.for('promo.load-cached')] ?? require(join(__dirname, '..', 'bin', 'load-cached.js')).loadCached)";

/** The one loader of chunks, with the code cache (bin/load-cached.js loads each file once). */
function chunkLoader(b) {
  b.onResolve({ filter: new RegExp(`^${CHUNK_LOADER}$`) }, (args) => ({
    path: args.path,
    namespace: 'chunk-loader',
  }));
  b.onLoad({ filter: /.*/, namespace: 'chunk-loader' }, () => ({
    contents: [
      "const { join } = require('node:path');",
      `const loadCached = ${LOAD_CACHED};`,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the template is the generated code's own
      'export const loadChunk = (name) => loadCached(join(__dirname, `commands-${name}.cjs`));',
    ].join('\n'),
    loader: 'js',
  }));
}

/** A stand-in for module `key`, which chunk `owner` holds: its exports, taken from there. */
const fromChunk = (owner, key, names) =>
  reexport(
    [`import { loadChunk } from '${CHUNK_LOADER}';`],
    `loadChunk(${JSON.stringify(owner)})[${JSON.stringify(key)}]()`,
    names,
  );

/**
 * For the core: every `import('./…')` of a project file becomes the copy its chunk holds (`owners`:
 * key → chunk, unknown on the first pass); `targets` collects them.
 */
export function dynamicImportsToChunks(targets, owners = new Map(), names = new Map()) {
  return {
    name: 'dynamic-imports-to-chunks',
    setup(b) {
      b.onResolve({ filter: /^\./ }, async (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        const found = await b.resolve(args.path, {
          resolveDir: args.resolveDir,
          importer: args.importer,
          kind: 'import-statement',
        });
        if (found.errors.length > 0) return { errors: found.errors };
        const key = keyOf(found.path);
        targets.add(key);
        return { path: key, namespace: 'in-a-chunk' };
      });
      b.onLoad({ filter: /.*/, namespace: 'in-a-chunk' }, (args) => ({
        contents: fromChunk(owners.get(args.path) ?? 'unknown', args.path, names.get(args.path) ?? []),
        loader: 'js',
      }));
      chunkLoader(b);
    },
  };
}

/**
 * A chunk's entry: under each of `keys`, a function that evaluates the module (and what it imports)
 * on first call and returns its namespace. A require() of an ES module is what makes esbuild wrap
 * it to run on demand: loading a chunk must not run every module in it.
 */
export function chunkEntry(keys) {
  return `module.exports = {\n${[...keys]
    .sort()
    .map((key) => `  ${JSON.stringify(key)}: () => require('./${key}'),`)
    .join('\n')}\n};`;
}

/**
 * For a chunk: a project file the core holds is taken from the core (`used` collects those), one
 * another chunk holds (`owners`, key → chunk; none on the analysing pass) from that chunk.
 */
export function modulesFromElsewhere(coreFiles, used, owners = new Map(), self = undefined) {
  const names = new Map();
  return {
    name: 'modules-from-elsewhere',
    setup(b) {
      b.onResolve({ filter: /^\./ }, async (args) => {
        if (args.pluginData === 'plain' || args.namespace === 'from-core' || args.namespace === 'from-chunk')
          return undefined;
        const found = await b.resolve(args.path, {
          resolveDir: args.resolveDir,
          importer: args.importer,
          kind: args.kind,
          pluginData: 'plain',
        });
        const key = found.errors.length === 0 ? keyOf(found.path) : undefined;
        if (!key) return undefined;
        const owner = coreFiles.has(key) ? 'core' : owners.get(key);
        if (owner === undefined || owner === self) return undefined;
        if (owner === 'core') used.add(key);
        if (!names.has(key)) names.set(key, await exportNames(found.path));
        return { path: key, namespace: owner === 'core' ? 'from-core' : 'from-chunk', pluginData: owner };
      });
      b.onLoad({ filter: /.*/, namespace: 'from-core' }, (args) => ({
        contents: reexport([], `${CORE_MODULES}[${JSON.stringify(args.path)}]`, names.get(args.path)),
        loader: 'js',
      }));
      b.onLoad({ filter: /.*/, namespace: 'from-chunk' }, (args) => ({
        contents: fromChunk(owners.get(args.path), args.path, names.get(args.path)),
        loader: 'js',
      }));
      chunkLoader(b);
    },
  };
}

/** The core's entry: `entry`'s exports, and the modules the chunks take from the core left where they find them. */
export function coreEntry(entry, shared) {
  const keys = [...shared].sort();
  return [
    `export * from './${entry}';`,
    ...keys.map((key, i) => `import * as m${i} from './${key}';`),
    `${CORE_MODULES} = { ${keys.map((key, i) => `${JSON.stringify(key)}: m${i}`).join(', ')} };`,
  ].join('\n');
}

/** The project's own files in a bundle, by key. */
export function projectFiles(metafile) {
  return new Set(
    Object.keys(metafile.inputs)
      .filter((input) => input.startsWith('src/'))
      .map((input) => input.replaceAll('\\', '/')),
  );
}
