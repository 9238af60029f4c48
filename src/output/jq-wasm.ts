// jq itself, as the jq-wasm package ships it (jq 1.7.1 compiled to WebAssembly by Emscripten), run
// the way it can run correctly and fast. Only the jq worker (jq-worker.ts) loads this file.
// - One fresh instance per run: jq's main() does not survive being called twice on one instance
//   (after some hundred runs: `memory access out of bounds`, `Unknown function type`). The module
//   is compiled once; an instance costs ~3 ms, and a spare one is made while the worker waits.
// - Input and output go straight between jq's file descriptors and our buffers: the package's own
//   stdin and stdout copy their whole buffer for every byte, which made --jq quadratic.
// - The package caps jq's memory at 256 MiB; a list of 100,000 vouchers needs more. The module's
//   limit is raised to 2 GiB (the glue's pointers are signed above that) and the heap grows here.
import createJq from 'jq-wasm/dist/build/jq.js';
import { type JqPipe, PipeReader } from './jq-pipe.js';
import { jqWasmBytes } from './jq-wasm-file.js';
import { withMemoryLimit } from './wasm-memory-limit.js';

/** What jq printed and how it ended. */
export interface JqRun {
  /** jq's exit status (0 ok, 2 usage, 3 compile error, 5 error on the data). */
  status: number;
  stdout: Uint8Array;
  /** jq's messages: errors, and what `debug` and `stderr` print. */
  stderr: string;
  /** stdout up to the first error on the data, when there was one (jq goes on; promo stops there). */
  stdoutBeforeError?: number;
}

// WebAssembly as far as this file uses it (the project's TypeScript libraries do not declare it).
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmInstance {
  readonly exports: Record<string, unknown>;
}
type WasmModule = object;
interface WasmApi {
  Memory: abstract new (...args: never[]) => WasmMemory;
  compile(bytes: Uint8Array): Promise<WasmModule>;
  instantiate(module: WasmModule | Uint8Array, imports: object): Promise<WasmInstance>;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

const PAGE = 65_536;
const ENOTTY = 59;
const MAX_PAGES = 32_768;

interface JqModule {
  callMain(args: string[]): number;
}

interface Io {
  /** The input whole, or the ring it comes through as the main thread writes it (jq-pipe.ts). */
  input: Uint8Array | PipeReader;
  read: number;
  /** What jq wrote to stdout: the first stdoutBytes of a buffer that doubles as it fills. */
  stdout: Uint8Array;
  stdoutBytes: number;
  stderr: Uint8Array[];
  stdoutBeforeError?: number;
  /** Views of the instance's memory, made again once the memory grows (its buffer is then new). */
  heap?: { bytes: Uint8Array; view: DataView };
}

let compiled: Promise<WasmModule> | undefined;
let spare: Promise<{ module: JqModule; io: Io }> | undefined;

/** Makes the instance the first run will use (jq's module compiled), before that run is asked for. */
export function prepareJq(): void {
  spare ??= freshInstance();
  spare.catch(() => undefined);
}

/**
 * Runs jq with `args` on `input` (JSON texts, one after another, or a pipe they come through), in
 * an instance of its own.
 */
export async function runJq(input: Uint8Array | JqPipe, args: string[]): Promise<JqRun> {
  const next = spare ?? freshInstance();
  spare = undefined;
  const { module, io } = await next;
  const pipe = input instanceof Uint8Array ? undefined : new PipeReader(input);
  io.input = pipe ?? (input as Uint8Array);
  let status: number;
  try {
    status = module.callMain([...args]);
  } catch (error) {
    // An abort (out of memory, a failed assertion) ends this instance, not the worker.
    io.stderr.push(Buffer.from(`jq: error: ${(error as Error).message ?? error}\n`));
    status = 5;
  } finally {
    // jq may end before its input does (an abort): the main thread stops writing.
    pipe?.close();
  }
  // jq sets the worker's exit code on its way out; it is not promo's.
  process.exitCode = 0;
  prepareJq();
  return {
    status,
    // A buffer of its own (never Node's shared pool): it is transferred to the main thread.
    stdout: io.stdout.slice(0, io.stdoutBytes),
    stderr: Buffer.concat(io.stderr).toString('utf8'),
    stdoutBeforeError: io.stdoutBeforeError,
  };
}

function freshInstance(): Promise<{ module: JqModule; io: Io }> {
  const io: Io = { input: new Uint8Array(0), read: 0, stdout: new Uint8Array(0), stdoutBytes: 0, stderr: [] };
  let fail: (error: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  const module = createJq({
    // Nothing of jq's reaches the worker's console: every message is in io.stderr.
    printErr: () => undefined,
    print: () => undefined,
    instantiateWasm(info: { a: Record<string, unknown> }, receive: (instance: WasmInstance) => void) {
      compiledModule()
        .then((module) => instantiate(module, info, io, receive))
        .catch(fail);
      return {};
    },
  }) as Promise<JqModule>;
  return Promise.race([module, failed]).then((m) => ({ module: m, io }));
}

async function instantiate(
  module: WasmModule,
  info: { a: Record<string, unknown> },
  io: Io,
  receive: (instance: WasmInstance) => void,
): Promise<void> {
  let memory: WasmMemory | undefined;
  let refreshViews: () => void = () => undefined;
  const imports: Record<string, unknown> = { ...info.a };
  // The glue's names survive bundling (esbuild keeps identifiers); its import keys are minified.
  for (const [key, fn] of Object.entries(info.a)) {
    const name = (fn as { name?: string }).name;
    const original = fn as (...args: number[]) => number;
    if (name === '_fd_read')
      imports[key] = (fd: number, iov: number, count: number, done: number) =>
        fd === 0 ? readInput(memory!, io, iov, count, done) : original(fd, iov, count, done);
    else if (name === '_fd_write')
      imports[key] = (fd: number, iov: number, count: number, done: number) =>
        fd === 1 || fd === 2
          ? writeOutput(memory!, io, fd, iov, count, done)
          : original(fd, iov, count, done);
    // stdout is no terminal to jq: it is then written in blocks, not line by line (as jq run in a pipe).
    else if (name === '___syscall_ioctl')
      imports[key] = (fd: number, op: number, arg: number) => (fd === 1 ? -ENOTTY : original(fd, op, arg));
    else if (name === '_emscripten_resize_heap')
      imports[key] = (requested: number) => growHeap(memory!, requested >>> 0, refreshViews);
  }
  // A jq-wasm whose glue names them otherwise would silently bring back its slow stdin and stdout.
  const replaced = Object.keys(imports).filter((key) => imports[key] !== info.a[key]).length;
  if (replaced !== 4) throw new Error(`jq-wasm: ${replaced} of the 4 functions promo replaces were found`);
  const instance = await wasm.instantiate(module, { a: imports });
  memory = Object.values(instance.exports).find((e): e is WasmMemory => e instanceof wasm.Memory);
  // Handing the instance to the glue again is how its views of the heap are renewed after growth.
  refreshViews = () => receive(instance);
  receive(instance);
}

/** read(0, …): the next bytes of the input; from a pipe, what is in (waiting until something is). */
function readInput(memory: WasmMemory, io: Io, iov: number, count: number, done: number): number {
  const view = new DataView(memory.buffer);
  const { input } = io;
  let total = 0;
  for (let i = 0; i < count; i++) {
    const at = view.getUint32(iov + i * 8, true);
    const room = view.getUint32(iov + i * 8 + 4, true);
    let take: number;
    if (input instanceof PipeReader) {
      take = room === 0 ? 0 : input.readInto(new Uint8Array(memory.buffer), at, room, total === 0);
    } else {
      take = Math.min(room, input.length - io.read);
      new Uint8Array(memory.buffer, at, take).set(input.subarray(io.read, io.read + take));
    }
    io.read += take;
    total += take;
    if (take < room) break;
  }
  view.setUint32(done, total, true);
  return 0;
}

/**
 * write(1 or 2, …): kept; the length of stdout is noted at jq's first error on the data. jq writes
 * each result on its own (--unbuffered), often a few bytes: copied into one growing buffer through
 * one view of the memory, not a copy of its own each (that was three quarters of the worker's
 * time for `{code, active}` over 100,000 vouchers).
 */
function writeOutput(memory: WasmMemory, io: Io, fd: number, iov: number, count: number, done: number) {
  if (io.heap?.view.buffer !== memory.buffer)
    io.heap = { bytes: new Uint8Array(memory.buffer), view: new DataView(memory.buffer) };
  const { bytes: heap, view } = io.heap;
  let total = 0;
  for (let i = 0; i < count; i++) {
    const at = view.getUint32(iov + i * 8, true);
    const length = view.getUint32(iov + i * 8 + 4, true);
    if (length === 0) continue;
    if (fd === 1) {
      const end = io.stdoutBytes + length;
      if (end > io.stdout.length) {
        const grown = new Uint8Array(Math.max(end, 2 * io.stdout.length, 64 * 1024));
        grown.set(io.stdout.subarray(0, io.stdoutBytes));
        io.stdout = grown;
      }
      const out = io.stdout;
      const from = io.stdoutBytes;
      // A short write byte by byte: a view of its own would cost more than the copy.
      if (length < 64) for (let k = 0; k < length; k++) out[from + k] = heap[at + k] as number;
      else out.set(heap.subarray(at, at + length), from);
      io.stdoutBytes = end;
    } else {
      const bytes = heap.slice(at, at + length);
      if (io.stdoutBeforeError === undefined && startsWith(bytes, 'jq: error'))
        io.stdoutBeforeError = io.stdoutBytes;
      io.stderr.push(bytes);
    }
    total += length;
  }
  view.setUint32(done, total, true);
  return 0;
}

function startsWith(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes.subarray(0, text.length)).toString('latin1') === text;
}

/** The heap grows by half again (as Emscripten's own does), up to 2 GiB; 0 when it cannot. */
function growHeap(memory: WasmMemory, requested: number, refreshViews: () => void): number {
  const now = memory.buffer.byteLength;
  if (requested > MAX_PAGES * PAGE) return 0;
  const wanted = Math.min(MAX_PAGES * PAGE, Math.max(requested, now + Math.floor(now / 2)));
  for (const size of [wanted, requested]) {
    try {
      memory.grow(Math.ceil((size - now) / PAGE));
      refreshViews();
      return 1;
    } catch {
      // Not that much: try what was asked for.
    }
  }
  return 0;
}

/**
 * The module, compiled once, with its memory limit raised: its bytes are read from its file
 * (built), or from the glue's first run (from the sources: jq-wasm-file.ts).
 */
function compiledModule(): Promise<WasmModule> {
  compiled ??= (async () => {
    let bytes = jqWasmBytes();
    if (bytes) return wasm.compile(withMemoryLimit(bytes, MAX_PAGES));
    const real = wasm.instantiate;
    wasm.instantiate = async (source) => {
      bytes = new Uint8Array(source as Uint8Array);
      throw new Error('captured');
    };
    try {
      await createJq({ printErr: () => undefined }).catch(() => undefined);
    } finally {
      wasm.instantiate = real;
    }
    if (!bytes) throw new Error('jq-wasm: its WebAssembly module could not be read');
    return wasm.compile(withMemoryLimit(bytes, MAX_PAGES));
  })();
  return compiled;
}
