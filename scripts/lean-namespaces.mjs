// What esbuild writes for a module's namespace, rewritten in the bundles to cost less at start-up,
// with the same behaviour (scripts/build.mjs runs this on every file it writes):
// - `var m_exports={};__export(m_exports,{a:()=>a,…})`, run when a file loads for each module it
//   holds, defines each export as a getter with Object.defineProperty: a call into the runtime, a
//   descriptor object and a new hidden class an export. The same getters written as an object
//   literal, `var m_exports={get a(){return a},…}`, read the same bindings.
// - A chunk's table of modules (split.mjs, chunkEntry) returns `(init_m(),__toCommonJS(m_exports))`:
//   a second object, with a getter more an export over the first. The modules that take one from a
//   chunk read its exports once, by name (split.mjs, reexport): the namespace itself does.
// - A namespace read nowhere but through such a table (a chunk's, or the one the core leaves for
//   the chunks: split.mjs, coreEntry) is made there, on first read: `var m_exports;` where it was,
//   `m_exports??={get a(){return a},…}` in the table. A file holds many modules a run never takes
//   (`voucher get` loads ~570 exports' getters and takes ~100 modules of ~200): their getters are
//   no longer made at all.
// Measured on Node 20 (BENCHMARKS.md, 2026-11-28, night): ~570 exports defined and ~160 copied in
// `voucher get`, 2.8% of its instructions. Each rewrite changes the length of a line, so the file's
// source map is moved to match: --debug stacks still name the right src/ columns.
import { readFileSync, writeFileSync } from 'node:fs';
import { decode, encode } from '@jridgewell/sourcemap-codec';

const NAME = String.raw`[\w$]+`;
const EXPORTS = new RegExp(String.raw`var (${NAME})=\{\};__export\(\1,\{([^{}]*)\}\)`, 'g');
const GETTER = new RegExp(String.raw`^(${NAME}|"[^"\\]*"):\(\)=>(${NAME})$`);
const CHUNK_TABLE = 'module.exports={"';
const AS_COMMONJS = new RegExp(String.raw`\(\)=>\((init_${NAME})\(\),__toCommonJS\((${NAME})\)\)`, 'g');
/** The table the core leaves for the chunks (split.mjs, coreEntry), up to its end. */
const CORE_TABLE = /globalThis\[Symbol\.for\("promo\.core-modules"\)\]=\{[^{}]*\}/;
const CORE_ENTRY = new RegExp(String.raw`("[^"\\]*"):(${NAME})(?=[,}])`, 'g');

/** `{get a(){return a},…}` for the getters esbuild listed in `body`; undefined when one of them is not a plain `a:()=>a`. */
function literalOf(body) {
  const getters = [];
  for (const entry of body.split(',')) {
    const found = GETTER.exec(entry);
    if (!found) return undefined;
    getters.push(`get ${found[1]}(){return ${found[2]}}`);
  }
  return `{${getters.join(',')}}`;
}

/** How many times `name` stands in `code` as a whole identifier. */
const uses = (code, name) =>
  code.match(new RegExp(String.raw`(?<![\w$])${name.replaceAll('$', '\\$')}(?![\w$])`, 'g'))?.length ?? 0;

/**
 * The namespaces of `code` read nowhere but through a table (a chunk's, with `chunk`, or the
 * core's), each with its literal: made there, on first read. Such a name stands three times: where
 * it is declared, in __export's call, and in the table.
 */
function lazyNamespaces(code, chunk) {
  const inTable = new Set();
  const table = chunk ? code.slice(code.indexOf(CHUNK_TABLE)) : (CORE_TABLE.exec(code)?.[0] ?? '');
  if (chunk && code.includes(CHUNK_TABLE))
    for (const found of table.matchAll(AS_COMMONJS)) inTable.add(found[2]);
  if (!chunk) for (const found of table.matchAll(CORE_ENTRY)) inTable.add(found[2]);
  const lazy = new Map();
  for (const [, name, body] of code.matchAll(EXPORTS)) {
    const literal = literalOf(body);
    if (literal !== undefined && inTable.has(name) && uses(code, name) === 3) lazy.set(name, literal);
  }
  return lazy;
}

/**
 * One line rewritten, and where it changed: edits as [column, old length, new length], in order,
 * on the line as it was. In a chunk (`chunk`), its table of modules (the line's end, from
 * CHUNK_TABLE on) is the only place where a namespace is returned as itself: elsewhere
 * __toCommonJS may serve code that looks for its __esModule. `lazy`: the namespaces made in their
 * table (lazyNamespaces).
 */
function rewriteLine(line, chunk, lazy) {
  const edits = [];
  const replace = (text, from, pattern, make) =>
    text.replace(pattern, (whole, ...groups) => {
      const made = make(...groups.slice(0, -2));
      if (made === undefined) return whole;
      edits.push([from + groups.at(-2), whole.length, made.length]);
      return made;
    });
  const declare = (name, body) => {
    if (lazy.has(name)) return `var ${name}`;
    const literal = literalOf(body);
    return literal === undefined ? undefined : `var ${name}=${literal}`;
  };
  const made = (name) => (lazy.has(name) ? `${name}??=${lazy.get(name)}` : name);
  let start;
  let end;
  let rewriteTable;
  if (chunk) {
    start = line.indexOf(CHUNK_TABLE);
    end = line.length;
    rewriteTable = (text, from) =>
      replace(text, from, AS_COMMONJS, (init, exports) => `()=>(${init}(),${made(exports)})`);
  } else {
    const found = CORE_TABLE.exec(line);
    start = found ? found.index : -1;
    end = found ? found.index + found[0].length : line.length;
    rewriteTable = (text, from) =>
      replace(text, from, CORE_ENTRY, (key, exports) =>
        lazy.has(exports) ? `get ${key}(){return ${made(exports)}}` : undefined,
      );
  }
  if (start < 0) return { text: replace(line, 0, EXPORTS, declare), edits };
  const text =
    replace(line.slice(0, start), 0, EXPORTS, declare) +
    rewriteTable(line.slice(start, end), start) +
    replace(line.slice(end), end, EXPORTS, declare);
  return { text, edits };
}

/** A generated column moved past `edits`; one inside a rewritten span goes to its start. */
function moved(column, edits) {
  let shift = 0;
  for (const [at, was, is] of edits) {
    if (column >= at + was) shift += is - was;
    else if (column > at) return at + shift;
    else break;
  }
  return column + shift;
}

/** Rewrites `code`; returns it and the edits of each line (by index), for the map. */
export function leanNamespaces(code, { chunk = false } = {}) {
  const lazy = lazyNamespaces(code, chunk);
  const lines = code.split('\n');
  const editsByLine = new Map();
  for (const [i, line] of lines.entries()) {
    const { text, edits } = rewriteLine(line, chunk, lazy);
    if (edits.length === 0) continue;
    lines[i] = text;
    editsByLine.set(i, edits);
  }
  return { code: lines.join('\n'), editsByLine };
}

/** A source map's `mappings` with each line's generated columns moved past its edits. */
export function moveMappings(mappings, editsByLine) {
  if (editsByLine.size === 0) return mappings;
  const decoded = decode(mappings);
  for (const [i, edits] of editsByLine) {
    for (const segment of decoded[i] ?? []) segment[0] = moved(segment[0], edits);
  }
  return encode(decoded);
}

/** Rewrites the bundle `file` in place, and its source map beside it when there is one. */
export function leanNamespacesOf(file, { chunk = false } = {}) {
  const { code, editsByLine } = leanNamespaces(readFileSync(file, 'latin1'), { chunk });
  if (editsByLine.size === 0) return;
  writeFileSync(file, code, 'latin1');
  let map;
  try {
    map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  } catch {
    return;
  }
  map.mappings = moveMappings(map.mappings, editsByLine);
  writeFileSync(`${file}.map`, JSON.stringify(map));
}
