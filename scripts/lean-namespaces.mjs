// What esbuild writes for a module's namespace, rewritten in the bundles to cost less at start-up,
// with the same behaviour (scripts/build.mjs runs this on every file it writes):
// - `var m_exports={};__export(m_exports,{a:()=>a,…})`, run when a file loads for each module it
//   holds, defines each export as a getter with Object.defineProperty: a call into the runtime, a
//   descriptor object and a new hidden class an export. The same getters written as an object
//   literal, `var m_exports={get a(){return a},…}`, read the same bindings.
// - A chunk's table of modules (split.mjs, chunkEntry) returns `(init_m(),__toCommonJS(m_exports))`:
//   a second object, with a getter more an export over the first. The modules that take one from a
//   chunk read its exports once, by name (split.mjs, reexport): the namespace itself does.
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

/** `var m_exports={get a(){return a},…}` for the getters esbuild listed in `body`; undefined when one of them is not a plain `a:()=>a`. */
function literalNamespace(name, body) {
  const getters = [];
  for (const entry of body.split(',')) {
    const found = GETTER.exec(entry);
    if (!found) return undefined;
    getters.push(`get ${found[1]}(){return ${found[2]}}`);
  }
  return `var ${name}={${getters.join(',')}}`;
}

/**
 * One line rewritten, and where it changed: edits as [column, old length, new length], in order,
 * on the line as it was. In a chunk (`chunk`), its table of modules (the line's end, from
 * CHUNK_TABLE on) is the only place where a namespace is returned as itself: elsewhere
 * __toCommonJS may serve code that looks for its __esModule.
 */
function rewriteLine(line, chunk) {
  const edits = [];
  const replace = (text, from, pattern, make) =>
    text.replace(pattern, (whole, ...groups) => {
      const made = make(...groups.slice(0, -2));
      if (made === undefined) return whole;
      edits.push([from + groups.at(-2), whole.length, made.length]);
      return made;
    });
  const table = chunk ? line.indexOf(CHUNK_TABLE) : -1;
  const end = table >= 0 ? table : line.length;
  const text =
    replace(line.slice(0, end), 0, EXPORTS, literalNamespace) +
    replace(line.slice(end), end, AS_COMMONJS, (init, exports) => `()=>(${init}(),${exports})`);
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
  const lines = code.split('\n');
  const editsByLine = new Map();
  for (const [i, line] of lines.entries()) {
    const { text, edits } = rewriteLine(line, chunk);
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
