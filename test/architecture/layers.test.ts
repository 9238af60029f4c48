// The dependency rules of src/, checked over the import graph (static, re-export, dynamic and
// `typeof import()`): imports point down the layers only, nothing imports in a circle (type-only
// imports included). The sandbox is a package of its own (packages/sandbox, promo-sandbox):
// packages.test.ts holds what may import what between the two. base/lazy.ts is
// the list of modules loaded on first use: what it loads is checked where its loaders are called
// instead, and nothing else imports those modules (statically from the bundles, or by import()).
// The rules that can hide a mistake are tried on made-up graphs too.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../../src');
/** The list of modules loaded on first use (its loaders are checked where they are called). */
const LAZY = 'base/lazy.ts';

/**
 * Layers from the top, each a folder of src/ (the root's files are the entry: cli.ts, main.ts); a
 * module may import its own layer and those below. What each room holds: ARCHITECTURE.md (its table
 * is this one).
 */
const LAYERS: Array<[string, RegExp]> = [
  ['entry', /^[^/]+\.ts$/],
  ['registry (the app: every command, help, docs)', /^registry\//],
  ['commands', /^commands\//],
  ['toolkit (how a command is defined)', /^toolkit\//],
  ['bulk, input', /^(bulk|input)\//],
  ['output, runtime', /^(output|runtime)\//],
  ['auth, config', /^(auth|config)\//],
  ['api', /^api\//],
  ['http', /^http\//],
  ['base', /^base\//],
];

function layerOf(file: string): number {
  const index = LAYERS.findIndex(([, pattern]) => pattern.test(file));
  if (index === -1) throw new Error(`src/${file} is in no layer: put it in a folder of LAYERS`);
  return index;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [relative(SRC, join(dir, entry.name))]
        : [],
  );
}

const IMPORT =
  /(^(?:import|export) type\b[^;]*?)?(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/gms;

const resolve = (file: string, spec: string) => normalize(join(dirname(file), spec)).replace(/\.js$/, '.ts');

/** The text of every module of src/, by its path relative to src/. */
const texts = new Map(sources(SRC).map((file) => [file, readFileSync(join(SRC, file), 'utf8')]));

/** Each module's imports of other modules of src/ (paths relative to src/); `values` leaves out type-only ones. */
function importGraph(modules: Map<string, string>, values: boolean): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of modules) {
    const targets = [...text.matchAll(IMPORT)]
      .filter((m) => !(values && m[1]))
      .map((m) => resolve(file, m[2]!));
    graph.set(file, file === LAZY ? [] : [...new Set(targets)]);
  }
  return graph;
}

const graph = importGraph(texts, false);
const valueGraph = importGraph(texts, true);

/** Every import from a lower layer to a higher one, as `from (layer) → to (layer)`. */
function upwardImports(edges: Map<string, string[]>): string[] {
  const upward: string[] = [];
  for (const [file, targets] of edges) {
    for (const target of targets) {
      if (layerOf(target) < layerOf(file)) {
        upward.push(`${file} (${LAYERS[layerOf(file)]![0]}) → ${target} (${LAYERS[layerOf(target)]![0]})`);
      }
    }
  }
  return upward;
}

/** What lazy.ts loads: packages by name (`cli-table3`, `node:http`), modules of src/ by path. */
const LAZY_TARGETS = [
  ...readFileSync(join(SRC, LAZY), 'utf8').matchAll(
    /^export const load\w+ = \(\) => import\('([^']+)'\);$/gm,
  ),
].map(([, spec]) => (spec!.startsWith('.') ? resolve(LAZY, spec!) : spec!));

/** Imports that run: static ones (not `import type`) and `import()` calls (not `typeof import()`). */
const STATIC = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\bfrom\s*)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /(?<!typeof\s*)\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * Imports of what lazy.ts loads made around it: an `import()` of one anywhere but lazy.ts, or a
 * static import of one from a module the bundles hold (those reached from the entry without going
 * through lazy.ts). The lazily loaded modules' own imports (the sandbox's of the lock, the proxy
 * code's of node:https) are inside the lazy bundle and allowed.
 */
function aroundTheLoader(modules: Map<string, string>, lazy: string[]): string[] {
  const target = (file: string, spec: string) => (spec.startsWith('.') ? resolve(file, spec) : spec);
  // A package's subpaths are the package (`ajv/dist/2020`), but for promo-sandbox, whose other
  // public entries are light by design and no part of what lazy.ts loads (packages.test.ts).
  const isLazy = (t: string) => lazy.some((l) => t === l || (l !== 'promo-sandbox' && t.startsWith(`${l}/`)));
  const runtime = (file: string, pattern: RegExp) =>
    [...modules.get(file)!.matchAll(pattern)].map((m) => target(file, m[1]!));
  const bundled = new Set<string>();
  const visit = (file: string) => {
    if (bundled.has(file) || !modules.has(file)) return;
    bundled.add(file);
    if (file === LAZY) return;
    // An import of a lazy module is reported below; what that module imports is its own bundle's.
    for (const next of [...runtime(file, STATIC), ...runtime(file, DYNAMIC)]) if (!isLazy(next)) visit(next);
  };
  for (const entry of modules.keys()) if (!entry.includes('/')) visit(entry);
  const wrong: string[] = [];
  for (const file of modules.keys()) {
    if (file === LAZY) continue;
    for (const t of runtime(file, DYNAMIC)) if (isLazy(t)) wrong.push(`${file} → import('${t}')`);
    if (bundled.has(file)) for (const t of runtime(file, STATIC)) if (isLazy(t)) wrong.push(`${file} → ${t}`);
  }
  return wrong;
}

/** lazy.ts's loaders: `loadProxy` → `http/proxy.ts` (those of modules outside src/ left out). */
const loaders = [
  ...readFileSync(join(SRC, LAZY), 'utf8').matchAll(
    /^export const (load\w+) = \(\) => import\('(\.[^']+)'\);$/gm,
  ),
].map(([, loader, spec]) => ({ loader: loader!, target: resolve(LAZY, spec!) }));

describe('dependency rules of src/', () => {
  it('reads the whole graph', () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get('main.ts')).toContain('registry/plain-line.ts');
    expect(graph.get('main.ts')).toContain('registry/with-commander.ts');
    // Every module of src/ is in a folder of a layer, but the entry's own files.
    expect([...graph.keys()].filter((file) => !file.includes('/')).sort()).toEqual([
      'cli-stdout.ts',
      'cli-terminal.ts',
      'cli.ts',
      'main.ts',
    ]);
  });

  // The build's commands chunk copies the core's exports as values (scripts/split.mjs): an export
  // assigned after its module has run would leave the chunk with the old value.
  it('exports no binding that can be reassigned (export let / var)', () => {
    const reassignable = [...graph.keys()].filter((file) =>
      /^export (let|var)\b/m.test(readFileSync(join(SRC, file), 'utf8')),
    );
    expect(reassignable).toEqual([]);
  });

  it('imports point down the layers only', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('finds an import that points up (the check itself)', () => {
    const made = new Map([
      ['commands/voucher/get.ts', ['api/vouchers.ts', 'output/output.ts']],
      ['api/vouchers.ts', ['http/transport.ts', 'output/table.ts']],
      ['base/errors.ts', ['registry/index.ts']],
    ]);
    expect(upwardImports(made)).toEqual([
      'api/vouchers.ts (api) → output/table.ts (output, runtime)',
      'base/errors.ts (base) → registry/index.ts (registry (the app: every command, help, docs))',
    ]);
  });

  it('imports what lazy.ts loads only through it: never statically from the bundles, never by import() elsewhere', () => {
    expect(LAZY_TARGETS).toEqual(
      expect.arrayContaining(['promo-sandbox', 'cli-table3', 'conf', 'node:worker_threads']),
    );
    expect(aroundTheLoader(texts, LAZY_TARGETS)).toEqual([]);
  });

  it('finds a lazily loaded module imported around its loader (the check itself)', () => {
    const made = new Map([
      ['cli.ts', "import { run } from './commands/a.js';\nconst lazy = await import('./base/lazy.js');"],
      [LAZY, "export const loadTable = () => import('cli-table3');"],
      [
        'commands/a.ts',
        [
          "import Table from 'cli-table3';",
          "import type Conf from 'conf';",
          "import {\n  type Options,\n  parse,\n} from 'csv-parse';",
          "type Sandbox = typeof import('../sandbox/index.js');",
          "const sandbox = await import('../sandbox/index.js');",
        ].join('\n'),
      ],
      // Inside the lazy bundle: its own static imports are its business.
      ['sandbox/index.ts', "import lockfile from 'proper-lockfile';"],
    ]);
    expect(
      aroundTheLoader(made, ['cli-table3', 'conf', 'csv-parse', 'proper-lockfile', 'sandbox/index.ts']),
    ).toEqual([
      "commands/a.ts → import('sandbox/index.ts')",
      'commands/a.ts → cli-table3',
      'commands/a.ts → csv-parse',
    ]);
  });

  // A noun's folder holds what that noun uses; what several nouns use lives in commands/shared/
  // (or beside it in commands/), so that a helper is found where its users expect it. Some nouns
  // are built on another: a campaign makes vouchers with the voucher's fields and views, a voucher
  // list names its campaign as the campaign commands do, login saves and shows a profile, and a
  // publication names a campaign and a code as their commands check them, and a SKU belongs to a
  // product, named and shown as the product commands do; an order's items are typed as a
  // validation's are, and it is named as a product is; a qualification's cart is a validation's
  // order, and its near misses are said as voucher validate says them; a loyalty program is named
  // and shown as a campaign is, its members listed as vouchers are and its points changed by voucher
  // balance's rule, and its reward redemptions marked and looked up as voucher redemptions are.
  it("imports no other noun's module, but where one noun is built on another", () => {
    const builtOn: Record<string, string[]> = {
      campaign: ['voucher'],
      voucher: ['campaign'],
      login: ['profile'],
      publication: ['campaign', 'voucher'],
      sku: ['product'],
      order: ['product', 'voucher'],
      qualify: ['voucher'],
      loyalty: ['campaign', 'voucher'],
    };
    const nounOf = (file: string) => /^commands\/([^/]+)\//.exec(file)?.[1];
    const crossing: string[] = [];
    for (const [file, targets] of graph) {
      const from = nounOf(file);
      if (!from || from === 'shared') continue;
      for (const target of targets) {
        const to = nounOf(target);
        if (to && to !== 'shared' && to !== from && !builtOn[from]?.includes(to))
          crossing.push(`${file} → ${target}`);
      }
    }
    expect(crossing).toEqual([]);
  });

  // output and runtime share a layer, but how to print (format, colour, stderr's lines, prompts) is
  // resolved in output (printing.ts) and handed up to the runtime: output asks runtime nothing.
  it('resolves how to print in output, which imports nothing from runtime (types included)', () => {
    const up = [...graph].flatMap(([file, targets]) =>
      file.startsWith('output/')
        ? targets.filter((t) => t.startsWith('runtime/')).map((t) => `${file} → ${t}`)
        : [],
    );
    expect(up).toEqual([]);
  });

  /** Every cycle of `edges`, each once, as `a → b → a`. */
  function cyclesOf(edges: Map<string, string[]>): string[] {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const target of edges.get(file) ?? []) visit(target, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of edges.keys()) visit(file, []);
    return cycles;
  }

  it('has no import cycle', () => {
    expect(cyclesOf(valueGraph)).toEqual([]);
  });

  // Type-only imports are erased before anything runs, but a circle of them still means two rooms
  // that need each other: the shared types belong in a module both import.
  it('has no cycle of type-only imports either', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('finds a cycle where there is one (the check itself)', () => {
    const made = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(cyclesOf(made)).toEqual(['a.ts → b.ts → c.ts → a.ts']);
  });

  it('calls each loader of lazy.ts only from the layer of what it loads, or above', () => {
    expect(loaders.map((l) => l.target)).toContain('http/proxy.ts');
    const upward: string[] = [];
    for (const file of graph.keys()) {
      if (file === LAZY) continue;
      const text = readFileSync(join(SRC, file), 'utf8');
      for (const { loader, target } of loaders) {
        if (new RegExp(`\\b${loader}\\b`).test(text) && layerOf(target) < layerOf(file)) {
          upward.push(`${file} → ${loader} (${target})`);
        }
      }
    }
    expect(upward).toEqual([]);
  });

  it('starts the sandbox only through what cli.ts hands in (ctx.sandbox), never from runtime or transport', () => {
    const loaders = [...graph.keys()].filter(
      (file) => file !== LAZY && readFileSync(join(SRC, file), 'utf8').includes('loadSandbox'),
    );
    expect(loaders).toEqual(['cli.ts']);
  });
});
