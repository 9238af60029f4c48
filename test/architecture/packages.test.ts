// The two packages of the workspace and what may import what between them (ARCHITECTURE.md draws
// it): promo (src/) reaches promo-sandbox through the entries its package.json exports alone, the
// main one lazily (base/lazy.ts); promo-sandbox (packages/sandbox/src/) imports nothing of promo;
// the facts both need are a leaf of the package; the options entry, which promo's core holds,
// loads nothing of the sandbox itself.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = join(ROOT, 'src');
const PACKAGE = join(ROOT, 'packages/sandbox');
const PACKAGE_SRC = join(PACKAGE, 'src');
const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8'));

const sources = (dir: string): string[] =>
  (readdirSync(dir, { recursive: true }) as string[])
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => file.endsWith('.ts'));

/** Every import of a module (static, re-export, dynamic, `typeof import()`, type-only), as written. */
const SPEC = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(SPEC)].map((m) => m[1]!);

/** Whether `spec` names an entry that promo-sandbox's package.json exports (`./facts/*` a pattern). */
function exported(spec: string): boolean {
  const subpath = `.${spec.slice('promo-sandbox'.length)}`;
  return Object.keys(manifest.exports).some((key) =>
    key.includes('*')
      ? new RegExp(`^${key.replace('*', '[a-z-]+')}$`).test(subpath)
      : key === subpath && key !== './package.json',
  );
}

describe('the workspace: promo and promo-sandbox', () => {
  it('promo imports promo-sandbox through the entries its package.json exports only, and nothing under packages/', () => {
    const wrong: string[] = [];
    const used = new Set<string>();
    for (const file of sources(CLI)) {
      for (const spec of importsOf(join(CLI, file))) {
        if (spec.startsWith('.')) {
          const target = normalize(join(dirname(join(CLI, file)), spec));
          if (relative(CLI, target).startsWith('..')) wrong.push(`src/${file} → ${spec}`);
        } else if (spec === 'promo-sandbox' || spec.startsWith('promo-sandbox/')) {
          used.add(spec.split('/').slice(0, 2).join('/'));
          if (!exported(spec)) wrong.push(`src/${file} → ${spec}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect([...used].sort()).toEqual(['promo-sandbox', 'promo-sandbox/facts', 'promo-sandbox/options']);
  });

  it('promo-sandbox imports nothing of promo: its own modules, Node built-ins and its dependencies', () => {
    const allowed = new Set([...Object.keys(manifest.dependencies ?? {}), ...builtinModules]);
    const wrong: string[] = [];
    for (const file of sources(PACKAGE_SRC)) {
      for (const spec of importsOf(join(PACKAGE_SRC, file))) {
        if (spec.startsWith('.')) {
          const target = normalize(join(dirname(join(PACKAGE_SRC, file)), spec));
          if (relative(PACKAGE_SRC, target).startsWith('..')) wrong.push(`${file} → ${spec}`);
        } else if (!allowed.has(spec.replace(/^node:/, '')) && !allowed.has(spec.split('/')[0]!)) {
          wrong.push(`${file} → ${spec}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  // promo's tests use the sandbox as anyone would: its public entries, and its test helpers (which
  // use those entries alone), never its modules.
  it("promo's tests import none of promo-sandbox's modules, only its public entries and test helpers", () => {
    const TESTS = join(ROOT, 'test');
    const wrong = sources(TESTS).flatMap((file) =>
      importsOf(join(TESTS, file))
        .filter((spec) =>
          spec.startsWith('.')
            ? relative(ROOT, normalize(join(dirname(join(TESTS, file)), spec))).startsWith(
                'packages/sandbox/src',
              )
            : spec.startsWith('promo-sandbox') && !exported(spec),
        )
        .map((spec) => `test/${file} → ${spec}`),
    );
    expect(wrong).toEqual([]);
  });

  it('keeps the facts a leaf that both sides import', () => {
    const facts = sources(join(PACKAGE_SRC, 'facts'));
    expect(facts.length).toBeGreaterThan(5);
    const outward = facts.flatMap((file) =>
      importsOf(join(PACKAGE_SRC, 'facts', file))
        .filter((spec) => !/^\.\/[a-z-]+\.js$/.test(spec) && !spec.startsWith('node:'))
        .map((spec) => `facts/${file} → ${spec}`),
    );
    expect(outward).toEqual([]);
    const fromSandbox = sources(PACKAGE_SRC).some((file) =>
      importsOf(join(PACKAGE_SRC, file)).some((spec) => spec.includes('facts/')),
    );
    const fromPromo = sources(CLI).some((file) =>
      importsOf(join(CLI, file)).some((spec) => spec.startsWith('promo-sandbox/facts/')),
    );
    expect([fromSandbox, fromPromo]).toEqual([true, true]);
  });

  // promo's core bundles promo-sandbox/options (`promo sandbox --help` reads it): it must not drag
  // the sandbox in with it. Type-only imports are erased.
  it("keeps promo-sandbox/options light: values from the facts and the options' own modules only", () => {
    const dir = join(PACKAGE_SRC, 'options');
    const heavy = sources(dir).flatMap((file) =>
      [
        ...readFileSync(join(dir, file), 'utf8').matchAll(
          /^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms,
        ),
      ]
        .map((m) => m[1]!)
        .filter((spec) => !/^\.\/[a-z-]+\.js$/.test(spec) && !/^\.\.\/facts\//.test(spec))
        .map((spec) => `options/${file} → ${spec}`),
    );
    expect(heavy).toEqual([]);
  });
});
