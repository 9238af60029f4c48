// Which chunk holds each module the commands load on demand (scripts/split.mjs makes the files).
// Read from one bundle of everything the core imports with `import()`, not written: its metafile
// gives each module's size and imports. The roots are the modules something loads with `import()`;
// each belongs to a group: its noun (src/commands/<noun>/: a noun's verbs, a one-word command's
// run), `bulk` (the bulk engine and its help), `help` (help topics, completion) or `run` (the
// runtime, the renderer, the errors of a request: what every command that runs loads). A module
// goes to the chunk of the groups that reach it through static imports: one group, that group's
// chunk; the `run` group among them, the run chunk (loaded anyway); several nouns, a chunk of its
// own for exactly those nouns (voucher and campaign share one). One smaller than FOLD_BELOW bytes
// (a file costs a look-up, two reads, a checksum of its cache: more than a few kilobytes of code)
// is folded into the `shared` chunk, which the commands of several nouns load; one smaller than
// TINY, into the run chunk. Folded into the run chunk, as they were, they made it ~200 KB that
// `token inspect` read for ~65 KB of runtime (2-5 ms of CPU more than with `shared`, measured on
// Node 20 with both builds side by side; `voucher get`, which needs `shared`, no slower). A
// chunking that merged chunks by a cost per file and per byte over the command lines that may
// load them was tried and measured: no better for token inspect, ~2 ms worse for voucher get (what
// a line may load is far more than what it does).

const FOLD_BELOW = 8000;
const TINY = 1000;
/** What a file costs a run, in bytes of code: ~0.3 ms a file, ~0.014 ms a kilobyte (Node 20). */
const FILE_BYTES = 20000;

function groupOf(root, verbModules) {
  const noun = /^src\/commands\/([^/]+)\//.exec(root)?.[1];
  // A verb's own module (scripts/verb-manifest.mjs): a group of its own, `voucher.get`.
  if (noun && verbModules.has(root)) return `${noun}.${root.split('/').at(-1).replace(/\.ts$/, '')}`;
  if (noun) return noun;
  if (root.startsWith('src/bulk/')) return 'bulk';
  if (/^src\/(registry|toolkit)\//.test(root)) return 'help';
  return 'run';
}

/** A chunk's name: its group, or the groups sharing it (the first three, and how many more). */
const chunkName = (groups) =>
  groups.length > 4 ? `${groups.slice(0, 3).join('+')}+${groups.length - 3}` : groups.join('+');

/**
 * `owners`: module key → chunk name; `exported`: chunk name → the keys other files take from it
 * (`targets`, what the core imports, and whatever another chunk imports).
 */
export function assignChunks(metafile, output, targets, verbModules = new Set()) {
  const own = (path) => path.startsWith('src/');
  const imports = new Map();
  for (const [key, input] of Object.entries(metafile.inputs)) {
    if (own(key))
      imports.set(
        key,
        input.imports.filter((i) => own(i.path)),
      );
  }
  const roots = new Set(targets);
  for (const list of imports.values())
    for (const i of list) if (i.kind === 'dynamic-import') roots.add(i.path);
  const groups = new Map();
  for (const root of roots) {
    const seen = new Set([root]);
    const todo = [root];
    while (todo.length > 0) {
      for (const i of imports.get(todo.pop()) ?? []) {
        if (i.kind === 'dynamic-import' || seen.has(i.path)) continue;
        seen.add(i.path);
        todo.push(i.path);
      }
    }
    for (const key of seen) groups.set(key, (groups.get(key) ?? new Set()).add(groupOf(root, verbModules)));
  }
  const owners = new Map();
  for (const [key, set] of groups) {
    // What several verbs reach goes with their noun (or nouns): one verb's alone, its verb's chunk.
    const nouns = set.size === 1 ? set : new Set([...set].map((group) => group.split('.')[0]));
    owners.set(key, nouns.has('run') ? 'run' : chunkName([...nouns].sort()));
  }
  const bytes = new Map();
  for (const [key, chunk] of owners)
    bytes.set(chunk, (bytes.get(chunk) ?? 0) + (output.inputs[key]?.bytesInOutput ?? 0));
  // A verb's own chunk goes into its noun's when the noun's other verbs would read its bytes for
  // less than the file it saves its own runs (token's two verbs: one file less for each).
  const nounOf = (chunk) => /^([^.+]+)\.[^+]+$/.exec(chunk)?.[1];
  const verbChunks = new Map();
  for (const chunk of bytes.keys())
    if (nounOf(chunk)) verbChunks.set(nounOf(chunk), (verbChunks.get(nounOf(chunk)) ?? 0) + 1);
  for (const [key, chunk] of owners) {
    const noun = nounOf(chunk);
    if (noun && bytes.has(noun) && bytes.get(chunk) * (verbChunks.get(noun) - 1) < FILE_BYTES)
      owners.set(key, noun);
  }
  for (const [key, chunk] of owners) {
    if (chunk.includes('+') && bytes.get(chunk) < FOLD_BELOW)
      owners.set(key, bytes.get(chunk) < TINY ? 'run' : 'shared');
  }
  const exported = new Map([...new Set(owners.values())].map((chunk) => [chunk, new Set()]));
  for (const target of targets) exported.get(owners.get(target)).add(target);
  for (const [key, list] of imports) {
    for (const i of list) {
      const chunk = owners.get(i.path);
      if (chunk !== undefined && chunk !== owners.get(key)) exported.get(chunk).add(i.path);
    }
  }
  return { owners, exported };
}
