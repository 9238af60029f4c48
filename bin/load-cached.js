// Loads the bundled CommonJS files of dist/ with a code cache, so that a run does not parse and
// compile the same code again: that is over a third of promo's start-up. The cache lives in the
// user's cache directory, written by the first run that loads each file, for this very Node: a
// cache built elsewhere (by another Node) would only be rejected.
// - The bundles get V8's code cache (vm.Script cachedData), made at exit so that it holds the
//   functions the run compiled lazily too, on every Node line: Node's own compile cache (from
//   22.1, module.enableCompileCache) holds only what is compiled before a module runs, and is
//   turned on only for what is required the ordinary way. V8 trusts cache bytes: a file damaged
//   past its header can crash the process (exit 133). Each file here carries the length and a
//   checksum of its cache data, and the length and checksum of the source it was made from;
//   anything that does not match is ignored, never handed to V8.
// - A cache holds what the run that made it compiled: a chunk that several commands load (the
//   runtime's) cached by the first, say `profile add`, would leave `voucher get` compiling its own
//   functions on every run (~5 ms of CPU). So a file has a cache per command (its first two words):
//   one made by every command a user runs would make each of them read and deserialize all the
//   others' functions too (`voucher get` ~1.4% more instructions after ten commands). Up to
//   MAX_COMMANDS a file; a new one takes the place of the one written longest ago.
// - What this file does on every run is kept to Node functions that are few and cheap to compile:
//   each one first called here is compiled on every run (no cache holds Node's own functions), and
//   those add up. Four calls a file (open, read, read, close), no stat, no Buffer methods but the
//   decoding (ARCHITECTURE.md, "promo's code cache, every line").
// NODE_DISABLE_COMPILE_CACHE=1, Node's own switch, turns both off. Any failure is only slower.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { isAscii } = require('node:buffer');

const MAGIC = 0x50434335; // "PCC5"

// What the build puts around each file this module loads (scripts/build.mjs): the function Node's
// loader would wrap the file in, written out, so that its source is compiled as it is read. Wrapped
// here instead (Module.wrap), the source is a second string as long as the file, copied when V8
// flattens it: ~470 KB more for the young generation in `voucher get`, a scavenge more and its
// copying (2-3 ms of CPU, Node 20). Required by Node's own loader (--debug, for the source maps),
// the same file calls that function with its module's arguments.
const WRAP_START =
  "((f) => typeof arguments === 'undefined' ? f : f.apply(this, arguments))(function (exports, require, module, __filename, __dirname) {";
const WRAP_END = '\n})';
// A cache file: this header (six 32-bit words, little-endian: the magic number, the checksum of the
// cache data, the source's length and checksum, the data's length, the length of the command that
// made it), that command (Latin-1), then V8's cache data from the next multiple of 8
// bytes: V8 copies data that is not so aligned into a buffer of its own (~40 fresh pages a file).
const HEADER_BYTES = 24;
const MAX_COMMANDS = 16;

let cacheDir;
let runKey = '';
const loaded = new Map();

/**
 * Turns the code cache on for what loadCached() loads next; `dir` is made on first write. `argv`,
 * the command line, says which command this run is: its caches are its own (see MAX_COMMANDS).
 */
function useCodeCache(dir, argv = []) {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return;
  // The first two words that are not options nor, likely, an option's value (`--profile sandbox`):
  // a guess, which at worst makes a cache more for the same command.
  runKey = argv
    .filter((word, i) => !word.startsWith('-') && !(argv[i - 1]?.startsWith('-') && !argv[i - 1].includes('=')))
    .slice(0, 2)
    .join(' ')
    .replace(/[^\x21-\x7e ]/g, '');
  // Node's own compile cache, for what is required the ordinary way (the keychain's native
  // binding's JavaScript). node:module is not loaded on Node 20, which has no such cache: loading
  // it there would cost ~0.3 ms for nothing.
  const Module = Number.parseInt(process.versions.node, 10) >= 22 ? require('node:module') : undefined;
  if (typeof Module?.enableCompileCache === 'function') {
    try {
      // Node would make the directories readable by all; with PROMO_CONFIG_DIR they hold secrets too.
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      Module.enableCompileCache(dir);
      // Node writes its cache when the process ends, after it has put SIGXFSZ back to its default:
      // past a file-size limit (ulimit -f) that write would kill a run that already reported its
      // error. Written here, in the 'exit' event, promo still ignores SIGXFSZ: the write only fails.
      if (typeof Module.flushCompileCache === 'function') {
        process.on('exit', () => {
          try {
            Module.flushCompileCache();
          } catch {}
        });
      }
    } catch {}
  }
  // The bundles of dist/ get promo's own cache on every line: Node's holds only the functions
  // compiled before a module runs, and a bundle compiles most of its functions lazily, as they
  // are first called; this one is made at exit, with them (--help 5-6 ms, voucher get 8-9 ms of
  // CPU less than with Node's on Node 22, 24 and 26).
  cacheDir = `${dir}${path.sep}${process.version}-${process.arch}`;
  process.on('exit', writeCaches);
}

// The checksum: two running sums over 64-bit words (Fletcher's), folded to 32 bits, in 103 bytes of
// WebAssembly: `s(start, end)` sums the memory from `start` to `end`, a multiple of 8 bytes apart.
// It runs a few hundred kilobytes in well under a millisecond, with no module to load (node:zlib's
// CRC-32 costs ~1.5 ms to load; the same loop in JavaScript takes longer than the compile it saves).
// Its memory (`m`, 512 KiB to start with, grown as a file needs) is also where files are read:
// memory touched once, where a buffer of each file's own would cost fresh pages (page faults).
const SUM_WASM =
  '0061736d0100000001070160027f7f017f030201000503010008070902016d0200017300000a40013e01027e4201' +
  '210202400340200020014f0d01200220002903007c220220037c2103200041086a21000c000b0b2002200342' +
  '1f7e852202200242208885a70b';
let wasm;

/** The WebAssembly checksum's exports, or undefined without WebAssembly (node --jitless). */
function summer() {
  if (wasm === undefined) {
    try {
      wasm = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(SUM_WASM, 'hex'))).exports;
    } catch {
      wasm = null;
    }
  }
  return wasm ?? undefined;
}

/** The memory's bytes, at least `bytes` long. */
function memoryOf(w, bytes) {
  const missing = Math.ceil(bytes / 65536) - w.m.buffer.byteLength / 65536;
  if (missing > 0) w.m.grow(missing);
  return new Uint8Array(w.m.buffer);
}

/** The checksum of `length` bytes of the memory from `at`, zeros filling up its last word. */
function sumAt(w, at, length) {
  const end = at + ((length + 7) & ~7);
  memoryOf(w, end).fill(0, at + length, end);
  return w.s(at, end) >>> 0;
}

/** The same checksum of `bytes` held apart (in JavaScript on a line without WebAssembly). */
function sumOf(bytes) {
  const w = summer();
  if (w) {
    memoryOf(w, bytes.length + 8).set(bytes);
    return sumAt(w, 0, bytes.length);
  }
  const padded = new Uint8Array((bytes.length + 7) & ~7);
  padded.set(bytes);
  const words = new DataView(padded.buffer);
  const mask = (1n << 64n) - 1n;
  let a = 1n;
  let b = 0n;
  for (let i = 0; i < padded.length; i += 8) {
    a = (a + words.getBigUint64(i, true)) & mask;
    b = (b + a) & mask;
  }
  const folded = a ^ ((b * 31n) & mask);
  return Number((folded ^ (folded >> 32n)) & 0xffffffffn);
}

/**
 * promo's cache directory, as src/base/dirs.ts says (a test holds the two together), with
 * code-cache/ inside: worked out here, before any bundle is loaded, so that the first one already
 * comes from the cache.
 */
function codeCacheDir(env = process.env, platform = process.platform, home = undefined) {
  if (env.PROMO_CONFIG_DIR) return path.join(env.PROMO_CONFIG_DIR, 'code-cache');
  const userHome = () => home ?? (env.HOME || require('node:os').homedir());
  let cache;
  if (platform === 'win32') {
    cache = path.join(env.LOCALAPPDATA || path.join(userHome(), 'AppData', 'Local'), 'promo', 'Cache');
  } else if (platform === 'darwin') {
    cache = path.join(userHome(), 'Library', 'Caches', 'promo');
  } else {
    const xdg = env.XDG_CACHE_HOME;
    cache = path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(userHome(), '.cache'), 'promo');
  }
  return path.join(cache, 'code-cache');
}

/** A short hash of `text` (FNV-1a), in base 36. */
function hashOf(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * What the caches of `file` are called: its name and a hash of its full path (two installs may
 * share the directory), then a hash of the command's words.
 */
function cachePrefix(file) {
  // The name after the last separator (path.basename compiles ~2 KB of Node's code on first use).
  const name = file.slice(Math.max(file.lastIndexOf('/'), path.sep === '\\' ? file.lastIndexOf('\\') : -1) + 1);
  return `${name}-${hashOf(file)}-`;
}

/** Where this command's cache of `file` goes. */
const cacheFile = (file) => `${cacheDir}${path.sep}${cachePrefix(file)}${hashOf(runKey)}.cache`;

/**
 * Reads `file` whole into the memory from `at` (grown as it fills): no stat first, read until the
 * end. Returns its length.
 */
function readInto(w, file, at) {
  const fd = fs.openSync(file, 'r');
  try {
    let end = at;
    for (;;) {
      let memory = memoryOf(w, end + 8);
      if (memory.length - end < 65536) memory = memoryOf(w, end + 262144);
      const got = fs.readSync(fd, memory, end, memory.length - end - 8, null);
      if (got === 0) return end - at;
      end += got;
    }
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The data of a cache file held in `bytes` (past the command that made it, which is there for
 * people), when it is whole and was made from this very source; else undefined. `sumData(at,
 * length)` sums that many of its bytes from `at`.
 */
function parseCache(bytes, sourceLength, sourceSum, sumData) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  if (bytes.length < HEADER_BYTES || view.getUint32(0, true) !== MAGIC) return undefined;
  const commandEnd = HEADER_BYTES + view.getUint32(20, true);
  const dataAt = (commandEnd + 7) & ~7;
  const length = bytes.length - dataAt;
  if (
    dataAt > bytes.length ||
    view.getUint32(8, true) !== sourceLength ||
    view.getUint32(12, true) !== sourceSum ||
    view.getUint32(16, true) !== length ||
    sumData(dataAt, length) !== view.getUint32(4, true)
  )
    return undefined;
  return { data: bytes.subarray(dataAt) };
}

/**
 * The source of `file` (a string), its length and checksum, and its cache when one is there, whole
 * and made from it. With WebAssembly both are read into its memory, the cache first: its data is
 * valid until the next file is read.
 */
function readWithCache(file) {
  const w = summer();
  if (!w) {
    const bytes = fs.readFileSync(file);
    const sourceSum = sumOf(bytes);
    let cached;
    try {
      const cache = fs.readFileSync(cacheFile(file));
      cached = parseCache(cache, bytes.length, sourceSum, (at, length) => sumOf(cache.subarray(at, at + length)));
    } catch {}
    return { text: decode(bytes), sourceLength: bytes.length, sourceSum, cached };
  }
  let cacheLength = 0;
  try {
    cacheLength = readInto(w, cacheFile(file), 0);
  } catch {}
  // The source after the cache, a word apart: the cache's last word, summed, ends before it.
  const at = (cacheLength + 15) & ~7;
  const sourceLength = readInto(w, file, at);
  const sourceSum = sumAt(w, at, sourceLength);
  const text = decode(Buffer.from(w.m.buffer, at, sourceLength));
  // Summed where it lies: the zeros that fill up the data's last word fall in that gap.
  const cached =
    cacheLength > 0
      ? parseCache(new Uint8Array(w.m.buffer, 0, cacheLength), sourceLength, sourceSum, (start, length) =>
          sumAt(w, start, length),
        )
      : undefined;
  return { text, sourceLength, sourceSum, cached };
}

// The build writes ASCII (esbuild escapes the rest): decoded as Latin-1, a copy, not UTF-8 decoding.
const decode = (bytes) =>
  isAscii(bytes)
    ? typeof bytes.latin1Slice === 'function'
      ? bytes.latin1Slice(0, bytes.length)
      : bytes.toString('latin1')
    : bytes.toString('utf8');

function loadCached(file) {
  if (!cacheDir) return require(file);
  if (loaded.has(file)) return loaded.get(file).module.exports;
  let entry;
  try {
    const { Script } = require('node:vm');
    const { text, sourceLength, sourceSum, cached } = readWithCache(file);
    const script = new Script(text.startsWith(WRAP_START) ? text : require('node:module').wrap(text), {
      filename: file,
      cachedData: cached?.data,
    });
    entry = { script, sourceLength, sourceSum, write: !cached || script.cachedDataRejected };
  } catch {
    return require(file);
  }
  const module = { exports: {}, filename: file, id: file, loaded: false };
  entry.module = module;
  loaded.set(file, entry);
  // This file's own require() serves the bundles: they require Node's modules, files by absolute
  // path (from their __dirname) and promo's dependencies by name, which resolve alike from bin/ and
  // dist/ (siblings, under the same node_modules). Module.createRequire, one a file, cost ~0.3-0.5
  // ms on its first use (Node 20 and 24), on every run.
  entry.script
    .runInThisContext()
    .call(module.exports, module.exports, require, module, file, path.dirname(file));
  module.loaded = true;
  return module.exports;
}

/**
 * At exit, so that the cache also holds the functions this run compiled lazily; only when this
 * command had no usable cache of the file (making one costs a few milliseconds).
 */
function writeCaches() {
  // The directory's names, read once for every file written (makeRoomFor).
  let names;
  for (const [file, { script, sourceLength, sourceSum, write }] of loaded) {
    if (!write) continue;
    try {
      const data = script.createCachedData();
      const made = Buffer.from(runKey, 'latin1');
      const dataAt = (HEADER_BYTES + made.length + 7) & ~7;
      const bytes = new Uint8Array(dataAt + data.length);
      const header = new DataView(bytes.buffer, 0, HEADER_BYTES);
      header.setUint32(0, MAGIC, true);
      header.setUint32(4, sumOf(data), true);
      header.setUint32(8, sourceLength, true);
      header.setUint32(12, sourceSum, true);
      header.setUint32(16, data.length, true);
      header.setUint32(20, made.length, true);
      bytes.set(made, HEADER_BYTES);
      bytes.set(data, dataAt);
      if (names === undefined) {
        fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
        names = fs.readdirSync(cacheDir);
      }
      const target = cacheFile(file);
      makeRoomFor(file, target, names);
      const temporary = `${target}.${process.pid}`;
      fs.writeFileSync(temporary, bytes, { mode: 0o600 });
      fs.renameSync(temporary, target);
    } catch {}
  }
}

/**
 * Keeps the caches of `file` to MAX_COMMANDS with `target` among them, `names` the directory's:
 * those written longest ago go (a command whose cache went makes it again on its next run). Run
 * only before a write; the one cache of the file that builds before 2026-11-29 kept
 * (`<name>-<hash>.cache`) goes too.
 */
function makeRoomFor(file, target, names) {
  const prefix = cachePrefix(file);
  const before = `${prefix.slice(0, -1)}.cache`;
  if (names.includes(before)) {
    try {
      fs.unlinkSync(`${cacheDir}${path.sep}${before}`);
    } catch {}
  }
  const others = names
    .filter((name) => name.startsWith(prefix) && name.endsWith('.cache'))
    .map((name) => `${cacheDir}${path.sep}${name}`)
    .filter((other) => other !== target)
    .map((other) => ({ other, time: fs.statSync(other, { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => a.time - b.time);
  for (const { other } of others.slice(0, Math.max(0, others.length - (MAX_COMMANDS - 1)))) {
    try {
      fs.unlinkSync(other);
    } catch {}
  }
}

// For the bundles' chunk loader (scripts/split.mjs): found without resolving this file's path again.
globalThis[Symbol.for('promo.load-cached')] = loadCached;

module.exports = { codeCacheDir, useCodeCache, loadCached, checksum: sumOf, WRAP_START, WRAP_END };
