// How scripts/build.mjs splits promo in two without two copies of anything:
// - dist/cli.cjs, the core: what every run needs (parsing, help, errors, output, the registry's
//   nouns and one-word commands as lists of options);
// - dist/commands.cjs: whatever the project's own code imports with `import()` (a noun's verbs, a
//   command's run), loaded on first use, so `promo --help` never reads or compiles it.
// esbuild splits code only for ES modules, which start ~7 ms slower on Node 20, so the split is made
// here: the chunk takes each module that is also in the core from the core, at run time, instead of
// bundling a copy. One errors.ts means `instanceof PromoError` holds across the two files; one
// module state means one keep-alive agent, one token cache.
import { relative } from 'node:path';
import { build } from 'esbuild';

/** Where the core leaves its modules for the chunk; a symbol no other code could name by chance. */
const CORE_MODULES = "globalThis[Symbol.for('promo.core-modules')]";

/** What the core's stand-ins for the chunk's modules import to load it. */
const CHUNK_LOADER = 'promo:commands-chunk';

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

/** For the core: every `import('./…')` of a project file becomes the chunk's copy of it; `targets` collects them. */
export function dynamicImportsToChunk(targets, names = new Map()) {
  return {
    name: 'dynamic-imports-to-commands-chunk',
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
        return { path: key, namespace: 'in-commands-chunk' };
      });
      b.onLoad({ filter: /.*/, namespace: 'in-commands-chunk' }, (args) => ({
        contents: reexport(
          [`import { commandsChunk } from '${CHUNK_LOADER}';`],
          `commandsChunk()[${JSON.stringify(args.path)}]()`,
          names.get(args.path) ?? [],
        ),
        loader: 'js',
      }));
      // One loader for them all, with the code cache (bin/load-cached.js loads each file once).
      b.onResolve({ filter: new RegExp(`^${CHUNK_LOADER}$`) }, (args) => ({
        path: args.path,
        namespace: 'commands-chunk-loader',
      }));
      b.onLoad({ filter: /.*/, namespace: 'commands-chunk-loader' }, () => ({
        contents: [
          "const { join } = require('node:path');",
          "const { loadCached } = require(join(__dirname, '..', 'bin', 'load-cached.js'));",
          "export const commandsChunk = () => loadCached(join(__dirname, 'commands.cjs'));",
        ].join('\n'),
        loader: 'js',
      }));
    },
  };
}

/**
 * The chunk's entry: under each target's key, a function that evaluates the target (and what it
 * imports) on first call and returns its namespace. A require() of an ES module is what makes
 * esbuild wrap it to run on demand: loading the chunk must not run every noun's verbs.
 */
export function chunkEntry(targets) {
  const keys = [...targets].sort();
  return `module.exports = {\n${keys.map((key) => `  ${JSON.stringify(key)}: () => require('./${key}'),`).join('\n')}\n};`;
}

/** For the chunk: a project file the core holds is taken from the core; `used` collects those. */
export function coreModulesFromCore(coreFiles, used) {
  const names = new Map();
  return {
    name: 'core-modules-from-core',
    setup(b) {
      b.onResolve({ filter: /^\./ }, async (args) => {
        if (args.pluginData === 'plain' || args.namespace === 'from-core') return undefined;
        const found = await b.resolve(args.path, {
          resolveDir: args.resolveDir,
          importer: args.importer,
          kind: args.kind,
          pluginData: 'plain',
        });
        const key = found.errors.length === 0 ? keyOf(found.path) : undefined;
        if (!key || !coreFiles.has(key)) return undefined;
        used.add(key);
        if (!names.has(key)) names.set(key, await exportNames(found.path));
        return { path: key, namespace: 'from-core' };
      });
      b.onLoad({ filter: /.*/, namespace: 'from-core' }, (args) => ({
        contents: reexport([], `${CORE_MODULES}[${JSON.stringify(args.path)}]`, names.get(args.path)),
        loader: 'js',
      }));
    },
  };
}

/** The core's entry: `entry`'s exports, and the modules the chunk takes from the core left where it finds them. */
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
