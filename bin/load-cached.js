// Loads the bundled CommonJS files of dist/ with a code cache, so that a run does not parse and
// compile the same code again: that is over a third of promo's start-up. The cache lives in the
// user's cache directory, written by the first run that loads each file, for this very Node: a
// cache built elsewhere (by another Node) would only be rejected.
// - The bundles get V8's code cache (vm.Script cachedData), made at exit so that it holds the
//   functions the run compiled lazily too, on every Node line: Node's own compile cache (from
//   22.1, module.enableCompileCache) holds only what is compiled before a module runs, and is
//   turned on only for what is required the ordinary way. V8 trusts cache bytes: a file damaged
//   past its header can crash the process (exit 133). Each file here carries the length and a
//   checksum of its cache data, and the size and time of the source it was made from; anything
//   that does not match is ignored, never handed to V8.
// - A cache holds what the runs that made it compiled: a chunk that several commands load (the
//   runtime's) cached by the first, say `profile add`, would leave `voucher get` compiling its own
//   functions on every run (~5 ms of CPU). So each cache says which commands made it (their first
//   two words), and a run of another command writes it again at exit, with its functions added,
//   up to MAX_RUNS commands per file.
// NODE_DISABLE_COMPILE_CACHE=1, Node's own switch, turns both off. Any failure is only slower.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { isAscii } = require('node:buffer');

const MAGIC = 0x50434332; // "PCC2"

// What the build puts around each file this module loads (scripts/build.mjs): the function Node's
// loader would wrap the file in, written out, so that its source is compiled as it is read. Wrapped
// here instead (Module.wrap), the source is a second string as long as the file, copied when V8
// flattens it: ~470 KB more for the young generation in `voucher get`, a scavenge more and its
// copying (2-3 ms of CPU, Node 20). Required by Node's own loader (--debug, for the source maps),
// the same file calls that function with its module's arguments.
const WRAP_START =
  "((f) => typeof arguments === 'undefined' ? f : f.apply(this, arguments))(function (exports, require, module, __filename, __dirname) {";
const WRAP_END = '\n})';
const HEADER_BYTES = 28;
const MAX_RUNS = 16;

let cacheDir;
let runKey = '';
const loaded = new Map();

/**
 * Turns the code cache on for what loadCached() loads next; `dir` is made on first write. `argv`,
 * the command line, says which command this run is (see MAX_RUNS).
 */
function useCodeCache(dir, argv = []) {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return;
  // The first two words that are not options nor, likely, an option's value (`--profile sandbox`):
  // a guess, which at worst writes a cache again for nothing, up to MAX_RUNS times.
  runKey = argv
    .filter((word, i) => !word.startsWith('-') && !(argv[i - 1]?.startsWith('-') && !argv[i - 1].includes('=')))
    .slice(0, 2)
    .join(' ')
    .replace(/[^\x21-\x7e ]/g, '');
  if (typeof Module.enableCompileCache === 'function') {
    // For what is required the ordinary way (the keychain's native binding's JavaScript).
    try {
      // Node would make the directories readable by all; with PROMO_CONFIG_DIR they hold secrets too.
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      Module.enableCompileCache(dir);
      // Node writes its cache when the process ends, after it has put SIGXFSZ back to its default:
      // past a file-size limit (ulimit -f) that write would kill a run that already reported its
      // error. Written here, in the 'exit' event, promo still ignores SIGXFSZ: the write only fails.
      if (typeof Module.flushCompileCache === 'function') process.on('exit', flushCompileCache);
    } catch {}
  }
  // The bundles of dist/ get promo's own cache on every line: Node's holds only the functions
  // compiled before a module runs, and a bundle compiles most of its functions lazily, as they
  // are first called; this one is made at exit, with them (--help 5-6 ms, voucher get 8-9 ms of
  // CPU less than with Node's on Node 22, 24 and 26).
  cacheDir = path.join(dir, `${process.version}-${process.arch}`);
  process.on('exit', writeCaches);
}

function flushCompileCache() {
  try {
    Module.flushCompileCache();
  } catch {}
}

// The checksum: two running sums over 32-bit words (Fletcher's), in 93 bytes of WebAssembly. It
// runs a few hundred kilobytes in well under a millisecond, with no module to load (node:zlib's
// CRC-32 costs ~1.5 ms to load; the same loop in JavaScript takes longer than the compile it saves).
const SUM_WASM =
  '0061736d0100000001060160017f017f030201000503010001070902016d0200017300000a37013501037f41012102' +
  '02400340200120004f0d01200220012802006a220220036a2103200141046a21010c000b0b20022003411f6c730b';
let wasmSum;

/** The checksum's memory, at least `bytes` long (grown by whole pages of 64 KiB). */
function sumMemory(bytes) {
  wasmSum ??= new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(SUM_WASM, 'hex'))).exports;
  const memory = wasmSum.m;
  const missing = Math.ceil(bytes / 65536) - memory.buffer.byteLength / 65536;
  if (missing > 0) memory.grow(missing);
  return memory;
}

/** The sums of the memory's first `length` bytes, zeros filling up its last word. */
function sumInMemory(length) {
  const padded = (length + 3) & ~3;
  new Uint8Array(sumMemory(padded).buffer, length, padded - length).fill(0);
  return wasmSum.s(padded) >>> 0;
}

function checksum(bytes) {
  const padded = (bytes.length + 3) & ~3;
  if (typeof WebAssembly === 'object') {
    new Uint8Array(sumMemory(padded).buffer).set(bytes);
    return sumInMemory(bytes.length);
  }
  // Without WebAssembly (node --jitless): the same sums, slowly.
  const copy = Buffer.alloc(padded);
  copy.set(bytes);
  let a = 1;
  let b = 0;
  for (let i = 0; i < padded; i += 4) {
    a = (a + copy.readInt32LE(i)) | 0;
    b = (b + a) | 0;
  }
  return (a ^ Math.imul(b, 31)) >>> 0;
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

/** Where the cache of `file` goes: its name and a hash of its full path (two installs may share). */
function cacheFile(file) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < file.length; i++) hash = Math.imul(hash ^ file.charCodeAt(i), 0x01000193);
  // The name after the last separator (path.basename compiles ~2 KB of Node's code on first use).
  const name = file.slice(Math.max(file.lastIndexOf('/'), path.sep === '\\' ? file.lastIndexOf('\\') : -1) + 1);
  return path.join(cacheDir, `${name}-${(hash >>> 0).toString(36)}.cache`);
}

/**
 * The cache data of `file` when the cache file is whole and was made from this very source, and
 * the commands whose runs made it.
 */
function readCache(file, source) {
  let bytes;
  try {
    bytes = typeof WebAssembly === 'object' ? readIntoSumMemory(cacheFile(file)) : fs.readFileSync(cacheFile(file));
  } catch {
    return undefined;
  }
  if (bytes.length < HEADER_BYTES) return undefined;
  const header = Buffer.from(bytes.buffer, bytes.byteOffset, HEADER_BYTES);
  if (header.readUInt32LE(0) !== MAGIC) return undefined;
  const runsEnd = HEADER_BYTES + header.readUInt32LE(24);
  if (runsEnd > bytes.length) return undefined;
  const runs = Buffer.from(bytes.buffer, bytes.byteOffset + HEADER_BYTES, runsEnd - HEADER_BYTES).toString('latin1');
  const length = bytes.length - runsEnd;
  if (
    header.readUInt32LE(8) !== source.size ||
    header.readDoubleLE(12) !== source.mtimeMs ||
    header.readUInt32LE(20) !== length
  )
    return undefined;
  const expected = header.readUInt32LE(4);
  let data;
  if (bytes.buffer === wasmSum?.m.buffer) {
    // Summed where it was read: moved to the start of the memory (the header is read by now), the
    // data is also what V8 reads, until the next file is read there.
    bytes.copyWithin(0, runsEnd);
    if (sumInMemory(length) !== expected) return undefined;
    data = new Uint8Array(wasmSum.m.buffer, 0, length);
  } else {
    data = bytes.subarray(runsEnd);
    if (checksum(data) !== expected) return undefined;
  }
  return { data, runs: runs.split('\n') };
}

/**
 * The file whole, read straight into the checksum's memory from `at` (grown to fit): no buffer of
 * its own for a cache read once and then dropped, and no copy to sum it. Valid until the next read.
 */
function readIntoSumMemory(path, at = 0) {
  const fd = fs.openSync(path, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const into = new Uint8Array(sumMemory(at + size + 4).buffer, at, size);
    let read = 0;
    while (read < size) {
      const got = fs.readSync(fd, into, read, size - read, read);
      if (got === 0) break;
      read += got;
    }
    return into.subarray(0, read);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The source of `file`, read into the checksum's memory past the cache's data: memory already
 * touched, where a buffer of its own (a bundle is padded to 128 KiB, past which the C library maps
 * fresh pages for each) would cost ~32 page faults a file. Else, or if that fails, read whole.
 * The cache's data is made again over the memory, which growing it may have replaced.
 */
function readSource(file, cached) {
  const length = cached?.data.length ?? 0;
  if (typeof WebAssembly === 'object' && (!cached || cached.data.buffer === wasmSum?.m.buffer)) {
    try {
      const bytes = readIntoSumMemory(file, (length + 7) & ~7);
      return decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
    } catch {
      // Read whole, below.
    } finally {
      if (cached) cached.data = new Uint8Array(wasmSum.m.buffer, 0, length);
    }
  }
  return decode(fs.readFileSync(file));
}

// The build writes ASCII (esbuild escapes the rest): decoded as Latin-1, a copy, not UTF-8 decoding.
const decode = (bytes) => (isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8'));

function loadCached(file) {
  if (!cacheDir) return require(file);
  if (loaded.has(file)) return loaded.get(file).module.exports;
  let entry;
  try {
    const { Script } = require('node:vm');
    const source = fs.statSync(file);
    const cached = readCache(file, source);
    const text = readSource(file, cached);
    const script = new Script(text.startsWith(WRAP_START) ? text : Module.wrap(text), {
      filename: file,
      cachedData: cached?.data,
    });
    const runs = cached && !script.cachedDataRejected ? cached.runs : [];
    const known = runs.includes(runKey) || runs.length >= MAX_RUNS;
    entry = { script, source, runs, write: !cached || script.cachedDataRejected || !known };
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
 * At exit, so that the cache also holds the functions this run compiled lazily; only when there was
 * no usable cache or this command had not added its own yet (making one costs a few milliseconds).
 */
function writeCaches() {
  for (const [file, { script, source, runs, write }] of loaded) {
    if (!write) continue;
    try {
      const data = script.createCachedData();
      const made = Buffer.from([...runs, runKey].join('\n'), 'latin1');
      const header = Buffer.alloc(HEADER_BYTES);
      header.writeUInt32LE(MAGIC, 0);
      header.writeUInt32LE(checksum(data), 4);
      header.writeUInt32LE(source.size, 8);
      header.writeDoubleLE(source.mtimeMs, 12);
      header.writeUInt32LE(data.length, 20);
      header.writeUInt32LE(made.length, 24);
      fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
      const target = cacheFile(file);
      const temporary = `${target}.${process.pid}`;
      fs.writeFileSync(temporary, Buffer.concat([header, made, data]), { mode: 0o600 });
      fs.renameSync(temporary, target);
    } catch {}
  }
}

// For the bundles' chunk loader (scripts/split.mjs): found without resolving this file's path again.
globalThis[Symbol.for('promo.load-cached')] = loadCached;

module.exports = { codeCacheDir, useCodeCache, loadCached, checksum, WRAP_START, WRAP_END };
