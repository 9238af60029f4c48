// The build writes each module's namespace as an object literal of getters, and a chunk's table
// returns the namespaces themselves (scripts/lean-namespaces.mjs): the same exports, read the same
// way, for less work at start-up; the source maps moved to match, so --debug stacks stay right.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { describe, expect, it } from 'vitest';
import { leanNamespaces, moveMappings } from '../../scripts/lean-namespaces.mjs';
import { BIN } from '../helpers/promo.js';

const DIST = join(BIN, '..', '..', 'dist');

// What esbuild writes for two modules, one exporting a binding it assigns later (a live binding).
const HELPERS =
  'var __defProp=Object.defineProperty;var __export=(target,all)=>{for(var name in all)__defProp(target,name,{get:all[name],enumerable:!0})};' +
  'var __toCommonJS=mod=>Object.assign({__esModule:!0},mod);';
const MODULES =
  'var a_exports={};__export(a_exports,{count:()=>count,default:()=>a_default,"odd-name":()=>odd});' +
  'var count=1,a_default="A",odd="O";' +
  'var b_exports={};__export(b_exports,{bump:()=>bump});var bump=()=>count++;';

describe('lean namespaces', () => {
  it('write the namespace as getters that read the module’s bindings, live, in the same order', () => {
    const { code, editsByLine } = leanNamespaces(HELPERS + MODULES);
    expect(code).toContain(
      'var a_exports={get count(){return count},get default(){return a_default},get "odd-name"(){return odd}}',
    );
    expect(code).toContain('var b_exports={get bump(){return bump}}');
    expect(code).not.toContain('__export(a_exports');
    expect(editsByLine.get(0)).toHaveLength(2);
    const ns = runInNewContext(`${code};({a:a_exports,b:b_exports})`);
    expect(Object.keys(ns.a)).toEqual(['count', 'default', 'odd-name']);
    expect([ns.a.count, ns.a.default, ns.a['odd-name']]).toEqual([1, 'A', 'O']);
    ns.b.bump();
    expect(ns.a.count).toBe(2);
  });

  it('leave a namespace they cannot read whole as esbuild wrote it', () => {
    const odd = 'var c_exports={};__export(c_exports,{x:()=>obj.x});';
    expect(leanNamespaces(odd)).toEqual({ code: odd, editsByLine: new Map() });
  });

  it('return the namespace itself from a chunk’s table only, never for other code that requires a module', () => {
    const line = `${MODULES}var init_a=()=>{};var lib=(init_a(),__toCommonJS(a_exports));module.exports={"src/a.ts":()=>(init_a(),__toCommonJS(a_exports))};`;
    const chunk = leanNamespaces(line, { chunk: true }).code;
    expect(chunk).toContain('var lib=(init_a(),__toCommonJS(a_exports))');
    expect(chunk).toContain('module.exports={"src/a.ts":()=>(init_a(),a_exports)}');
    expect(leanNamespaces(line).code).toContain(
      'module.exports={"src/a.ts":()=>(init_a(),__toCommonJS(a_exports))}',
    );
  });

  it('make a namespace read only through a table when it is first read, the same object after', () => {
    const table =
      '"src/a.ts":()=>(init_a(),__toCommonJS(a_exports)),"src/b.ts":()=>(init_b(),__toCommonJS(b_exports))';
    // b_exports is also read elsewhere in the file: it is made where it was, at once.
    const line = `${HELPERS}${MODULES}var init_a=()=>{},init_b=()=>{},seen=b_exports;module.exports={${table}};`;
    const { code } = leanNamespaces(line, { chunk: true });
    expect(code).toContain('var a_exports;var count=1');
    expect(code).toContain('var b_exports={get bump(){return bump}}');
    expect(code).toContain(
      '"src/a.ts":()=>(init_a(),a_exports??={get count(){return count},get default(){return a_default},get "odd-name"(){return odd}})',
    );
    expect(code).toContain('"src/b.ts":()=>(init_b(),b_exports)');
    const module = { exports: {} as Record<string, () => Record<string, unknown>> };
    runInNewContext(code, { module });
    const a = module.exports['src/a.ts']!();
    expect(a).toBe(module.exports['src/a.ts']!());
    expect(Object.keys(a)).toEqual(['count', 'default', 'odd-name']);
    (module.exports['src/b.ts']!().bump as () => void)();
    expect(a.count).toBe(2);
  });

  it('make the core’s namespaces when a chunk first asks for them', () => {
    const line = `${HELPERS}${MODULES}globalThis[Symbol.for("promo.core-modules")]={"src/a.ts":a_exports,"src/b.ts":b_exports};b_exports.bump();`;
    const { code } = leanNamespaces(line);
    expect(code).toContain(
      'globalThis[Symbol.for("promo.core-modules")]={get "src/a.ts"(){return a_exports??={get count(){return count},get default(){return a_default},get "odd-name"(){return odd}}},"src/b.ts":b_exports}',
    );
    const modules = runInNewContext(`${code};globalThis[Symbol.for("promo.core-modules")]`);
    expect(modules['src/a.ts']).toBe(modules['src/a.ts']);
    expect(modules['src/a.ts'].count).toBe(2);
  });

  it('move a source map’s columns past each rewrite, and one inside a rewrite to its start', () => {
    const before = 'var x=1;var a_exports={};__export(a_exports,{x:()=>x});f();';
    const { code, editsByLine } = leanNamespaces(`${before}\n${before}`);
    // Line 0: `var x` at 0, a column inside the rewrite, `f()` after it; line 1 keeps its column
    // (its edits are left out).
    const inside = before.indexOf('()=>x');
    const after = before.indexOf('f()');
    const mappings = encode([
      [
        [0, 0, 0, 0],
        [inside, 0, 1, 0],
        [after, 0, 2, 0],
      ],
      [[after, 0, 3, 0]],
    ]);
    const moved = decode(moveMappings(mappings, new Map([[0, editsByLine.get(0) ?? []]])));
    const line = code.split('\n')[0] as string;
    const columns = moved[0]?.map((segment) => segment[0]);
    expect(columns).toEqual([0, line.indexOf('var a_exports'), line.indexOf('f()')]);
    expect(moved[1]?.[0]?.[0]).toBe(after);
  });

  it('leave no defineProperty namespace in the built core and chunks, and their maps right', () => {
    const core = readFileSync(join(DIST, 'cli.cjs'), 'latin1');
    for (const file of ['cli.cjs', 'commands-run.cjs', 'commands-voucher.cjs', 'commands-shared.cjs'])
      expect(readFileSync(join(DIST, file), 'latin1')).not.toMatch(/__export\(\w+,/);
    expect(readFileSync(join(DIST, 'commands-token.cjs'), 'latin1')).toContain(
      'module.exports={"src/commands/token/verbs.ts":()=>(init_verbs(),verbs_exports??={get default(){return verbs_default}})}',
    );
    // The chunks' namespaces are made when taken (but those an import() in the file resolves to,
    // made where they stand); the core's, when a chunk asks for them.
    const shared = readFileSync(join(DIST, 'commands-shared.cjs'), 'latin1');
    const made = [...shared.matchAll(/([\w$]+_exports\d*)=\{get /g)].map((m) => m[1]);
    expect(
      made.filter(
        (name) => !new RegExp(`\\.then\\(\\(\\)=>\\(init_[\\w$]+\\(\\),${name}\\)\\)`).test(shared),
      ),
    ).toEqual([]);
    expect(core).toMatch(
      /globalThis\[Symbol\.for\("promo\.core-modules"\)\]=\{get "src\/[\w/.-]+"\(\)\{return \w+_exports\?\?=\{get /,
    );
    // `main` in the built core still maps to its line in src/main.ts.
    const map = JSON.parse(readFileSync(join(DIST, 'cli.cjs.map'), 'utf8'));
    const lines = core.split('\n');
    const line = lines.findIndex((text) => text.includes('async function main(argv,ctx)'));
    const column = (lines[line] as string).indexOf('async function main(argv,ctx)');
    const segment = decode(map.mappings)[line]?.find((s) => s[0] === column);
    expect(segment).toBeDefined();
    const source = map.sources[segment?.[1] as number] as string;
    expect(source).toMatch(/src\/main\.ts$/);
    const srcLine = readFileSync(join(DIST, '..', 'src', 'main.ts'), 'utf8').split('\n')[
      segment?.[2] as number
    ];
    expect(srcLine).toMatch(/export async function main\(/);
  });
});
