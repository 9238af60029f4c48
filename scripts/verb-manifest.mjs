// A noun's verbs as data, for the build: each src/commands/<noun>/verbs.ts is replaced in dist/ by
// its definitions' data (path, summary, help, examples, arguments and options: what commander,
// help and completion read) and, per verb, a `load` that imports the verb's own module for its
// `run` and its value parsers. So `voucher get` loads get.ts and what it imports, not the module
// of every voucher verb. The data is read from the definitions themselves at build time (never
// written by hand); a noun whose verbs are not each some module's export (export's verbs are made
// by a function) keeps its verbs.ts as it is. A command of one word (src/commands/<name>/, whose
// index.ts gives the registry the definition in its command.ts) is carried the same way: its
// index.ts becomes its data and a `load` of command.ts, so that neither its options' parsers nor
// what they import (qualify's answers, the sandbox's flags, the completion scripts) are in the
// core every command loads. test/registry/verb-manifest.test.ts holds that the data is the
// definitions but for their functions.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

/** A definition as data: what JSON keeps of it (no `run`, no `parse`). */
export const definitionData = (def) => JSON.parse(JSON.stringify(def));

/** esbuild's options when not given the build's (the test's): what reading the definitions needs. */
const STANDALONE = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  conditions: ['promo-source'],
  external: ['@napi-rs/keyring', 'libsql'],
  define: { __PROMO_VERSION__: '"0.0.0"' },
  logLevel: 'warning',
  logOverride: { 'empty-import-meta': 'silent' },
};

/** Data as code: JSON.parse of a string, which V8 reads faster than the same object literal. */
const asJson = (data) => `JSON.parse(${JSON.stringify(JSON.stringify(data))})`;

/**
 * The fields only help reads (a definition's long text and its examples: two thirds of the voucher
 * noun's data), kept apart: parsed on first read, through getters, not each time a command of the
 * noun runs (~370 KB of the young generation for `voucher get` when parsed with the rest).
 */
const HELP_ONLY = ['description', 'examples'];

function splitHelp(data) {
  const run = { ...data };
  const help = {};
  for (const key of HELP_ONLY)
    if (key in run) {
      help[key] = run[key];
      delete run[key];
    }
  return { run, help };
}

/**
 * What a command line is matched by (src/registry/plain-line.ts): a verb's other fields
 * (its options, arguments, summary) are parsed when read, so that `voucher get` parses get's own
 * options, not those of every voucher verb (~300 KB of the young generation, a scavenge).
 */
const EAGER = ['path', 'aliases'];

/**
 * The code at the top of a manifest: the help-only fields of its definitions, read and parsed on
 * first read from dist/help/<noun>.json (written by the build from `helps`), not carried in the
 * noun's chunk, which a command of the noun reads, compiles from its cache and keeps whole (half of
 * the voucher chunk); a verb's fields but EAGER, parsed on first read of any of them.
 */
const helpPreamble = (noun) => `import { readFileSync as readHelpFile } from 'node:fs';
import { join as joinHelpPath } from 'node:path';
let help;
const withHelp = (target, i, keys) => {
  for (const key of keys)
    Object.defineProperty(target, key, { get: () => (help ??= readHelp())[i][key], enumerable: true, configurable: true });
  return target;
};
const readHelp = () => JSON.parse(readHelpFile(joinHelpPath(__dirname, 'help', ${JSON.stringify(`${noun}.json`)}), 'utf8'));
const lazyData = (target, keys, text) => {
  let data;
  for (const key of keys)
    Object.defineProperty(target, key, { get: () => (data ??= JSON.parse(text))[key], enumerable: true, configurable: true });
  return target;
};
`;

/** A verb's data: EAGER as an object, the rest behind lazyData's getters. */
function verbData(run) {
  const eager = {};
  const rest = {};
  for (const [key, value] of Object.entries(run)) (EAGER.includes(key) ? eager : rest)[key] = value;
  return `lazyData(${asJson(eager)}, ${JSON.stringify(Object.keys(rest))}, ${JSON.stringify(JSON.stringify(rest))})`;
}

/** The modules a verbs.ts imports from its own folder, and the names it takes from each. */
function verbImports(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const [, what, spec] of text.matchAll(/^import (.+) from '(\.\/[\w-]+)\.js';$/gm)) {
    const names = what.startsWith('{')
      ? what
          .slice(1, -1)
          .split(',')
          .map((n) => n.trim().split(/\s+as\s+/)[0])
          .filter((n) => n && !n.startsWith('type '))
      : ['default'];
    found.push({ spec, names });
  }
  return found;
}

/**
 * `manifests`: `<noun>/verbs` or `<command>/index` → the module text that stands for that file of
 * src/commands/ in the build; `helpFiles`: noun or command folder → the text of its
 * dist/help/<name>.json (see helpPreamble); `verbModules`: the verb modules they load (project
 * keys, `src/commands/voucher/get.ts`), for scripts/chunks.mjs; `data`: noun folder → the data
 * they hold and, per verb, the module and export its `load` takes; `commandData`: the same for each
 * command of one word (both for the test).
 */
export async function verbManifests(options = STANDALONE) {
  const nouns = readdirSync('src/commands').filter((noun) => {
    try {
      return readFileSync(`src/commands/${noun}/verbs.ts`, 'utf8').length > 0;
    } catch {
      return false;
    }
  });
  // The commands of one word: a folder with a command.ts (the definition its index.ts gives on).
  const oneWord = readdirSync('src/commands').filter((name) => existsSync(`src/commands/${name}/command.ts`));
  const commandData = new Map();
  const imports = new Map(nouns.map((noun) => [noun, verbImports(`src/commands/${noun}/verbs.ts`)]));
  const lines = [];
  for (const [i, noun] of nouns.entries()) {
    lines.push(`export { default as noun${i} } from './src/commands/${noun}/verbs.ts';`);
    for (const [k, { spec }] of imports.get(noun).entries())
      lines.push(`export * as noun${i}_${k} from './src/commands/${noun}/${spec.slice(2)}.ts';`);
  }
  for (const [i, name] of oneWord.entries())
    lines.push(`export { default as command${i} } from './src/commands/${name}/command.ts';`);
  const out = await build({
    ...options,
    stdin: { contents: lines.join('\n'), resolveDir: '.', loader: 'ts', sourcefile: 'verb-manifest.ts' },
    outfile: 'verb-manifest.cjs',
    external: [...options.external, 'esbuild'],
    sourcemap: false,
    metafile: false,
    write: false,
  });
  // Read in a folder of the project's, so that the bundle finds node_modules as dist/ does.
  const dir = mkdtempSync(resolve('.verb-manifest-'));
  let mod;
  try {
    writeFileSync(join(dir, 'm.cjs'), out.outputFiles[0].text);
    mod = createRequire(join(dir, 'm.cjs'))('./m.cjs');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const manifests = new Map();
  const helpFiles = new Map();
  const data = new Map();
  const verbModules = new Set();
  for (const [i, noun] of nouns.entries()) {
    const { commands, ...rest } = mod[`noun${i}`];
    const where = commands.map((def) => {
      for (const [k, { spec, names }] of imports.get(noun).entries())
        for (const name of names) if (mod[`noun${i}_${k}`][name] === def) return { spec, name };
      return undefined;
    });
    if (where.includes(undefined)) continue;
    const helps = [];
    const entries = commands.map((def, j) => {
      const { spec, name } = where[j];
      const load = `() => import('${spec}.js').then((m) => m.${name === 'default' ? 'default' : name})`;
      return entryText(helps, definitionData(def), `load: ${load}`, true);
    });
    const whole = entryText(helps, definitionData(rest), `commands: [\n${entries.join(',\n')}\n]`);
    manifests.set(`${noun}/verbs`, `${helpPreamble(noun)}export default ${whole};\n`);
    helpFiles.set(noun, JSON.stringify(helps));
    const modules = where.map(({ spec, name }) => ({
      file: `src/commands/${noun}/${spec.slice(2)}.ts`,
      name,
    }));
    for (const { file } of modules) verbModules.add(file);
    data.set(noun, { ...definitionData(rest), commands: commands.map(definitionData), modules });
  }
  for (const [i, name] of oneWord.entries()) {
    const def = mod[`command${i}`];
    const helps = [];
    const whole = entryText(
      helps,
      definitionData(def),
      "load: () => import('./command.js').then((m) => m.default)",
      true,
    );
    manifests.set(`${name}/index`, `${helpPreamble(name)}export default ${whole};\n`);
    helpFiles.set(name, JSON.stringify(helps));
    commandData.set(name, {
      ...definitionData(def),
      module: { file: `src/commands/${name}/command.ts`, name: 'default' },
    });
  }
  return { manifests, helpFiles, verbModules, data, commandData };
}

/**
 * A definition's `data` and `extra` as code, the help-only fields of `data` (pushed on `helps`)
 * behind getters; a verb's or a one-word command's (`lazy`) fields as verbData has them.
 */
function entryText(helps, data, extra, lazy = false) {
  const { run, help } = splitHelp(data);
  helps.push(help);
  const keys = JSON.stringify(Object.keys(help));
  // Object.assign, not a spread: a spread would call the getters.
  const target = lazy ? `Object.assign(${verbData(run)}, { ${extra} })` : `{ ...${asJson(run)}, ${extra} }`;
  return `withHelp(${target}, ${helps.length - 1}, ${keys})`;
}

/** The esbuild plugin that puts each manifest in place of its verbs.ts or index.ts. */
export const verbManifestPlugin = (manifests) => ({
  name: 'verb-manifests',
  setup(b) {
    b.onLoad(
      { filter: /[\\/]src[\\/]commands[\\/][\w-]+[\\/](verbs|index)\.ts$/, namespace: 'file' },
      (args) => {
        const [folder, file] = args.path.split(/[\\/]/).slice(-2);
        const contents = manifests.get(`${folder}/${file.slice(0, -'.ts'.length)}`);
        return contents === undefined ? undefined : { contents, loader: 'js' };
      },
    );
  },
});
