// Where the sandbox keeps what it holds: in memory, optionally mirrored to a JSON file that survives
// restarts, and optionally shared by several processes (the CLI's built-in profile starts one sandbox
// per command run, all on the same file).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import lockfile from 'proper-lockfile';
import { type SeedData, stateFromSeed } from './seed.js';
import type { SandboxState } from './types.js';

export interface StateStore {
  /** The live state; in shared mode the one loaded by the last transaction. */
  readonly current: SandboxState;
  /**
   * Runs `work` on the freshest state and persists what it changed. If `work` throws, the state is
   * rolled back, so a route that fails half-way leaves nothing behind (the service is transactional).
   */
  transact<T>(work: (state: SandboxState) => T, options?: { readOnly?: boolean }): Promise<T>;
  /** Back to the seed. */
  reset(): Promise<void>;
}

export interface StoreOptions {
  seed: SeedData;
  statePath?: string;
  shared?: boolean;
}

// Other processes hold the lock only for one request, so a short, patient retry is enough.
const LOCK_OPTIONS = {
  realpath: false,
  stale: 10_000,
  retries: { retries: 200, factor: 1.3, minTimeout: 2, maxTimeout: 50 },
  onCompromised: () => {
    // A lost lock only means two processes may have raced on one request; never crash the server for it.
  },
};

/** Reads a JSON file, turning every failure into a message that names the file and the problem. */
export function readJsonFile(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read ${what} ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${what} ${path} is not valid JSON (${(error as Error).message}); fix or remove it`);
  }
}

export function loadSeedFile(path: string): SeedData {
  const seed = readJsonFile(path, 'Sandbox seed file');
  if (!isPlainObject(seed)) {
    throw new Error(`Sandbox seed file ${path} must hold a JSON object (campaigns, templates, ...)`);
  }
  return seed as SeedData;
}

/** The state saved in `path`, or undefined when there is no such file yet. */
function readStateFile(path: string): SandboxState | undefined {
  if (!existsSync(path)) return undefined;
  const saved = readJsonFile(path, 'Sandbox state file');
  if (!isPlainObject(saved) || saved.version !== 1) {
    throw new Error(
      `Sandbox state file ${path} does not hold sandbox state (expected an object with "version": 1)`,
    );
  }
  // Slices added to the state after the file was written start empty.
  return { ...stateFromSeed({}), ...saved } as SandboxState;
}

/** Writes the whole file or nothing: a reader never sees half a state. */
function writeStateFile(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, text, { mode: 0o600 });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new Error(`Cannot save sandbox state file ${path}: ${(error as Error).message}`);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function openStateStore(options: StoreOptions): Promise<StateStore> {
  const { seed, statePath, shared = false } = options;
  if (shared && !statePath) throw new Error('A shared sandbox needs a state file (statePath)');
  if (!statePath) return new MemoryStore(seed);

  mkdirSync(dirname(statePath), { recursive: true, mode: 0o700 });
  if (!shared) {
    const saved = readStateFile(statePath);
    const store = new FileStore(seed, statePath, saved ?? stateFromSeed(seed));
    if (!saved) store.save();
    return store;
  }
  // Two processes may start at once on a missing file: only one of them creates it.
  const release = await lockfile.lock(statePath, LOCK_OPTIONS);
  try {
    const saved = readStateFile(statePath);
    const store = new SharedFileStore(seed, statePath, saved ?? stateFromSeed(seed));
    if (!saved) store.save();
    return store;
  } finally {
    await release();
  }
}

class MemoryStore implements StateStore {
  protected state: SandboxState;

  constructor(protected readonly seed: SeedData) {
    this.state = stateFromSeed(seed);
  }

  get current(): SandboxState {
    return this.state;
  }

  async transact<T>(work: (state: SandboxState) => T, options: { readOnly?: boolean } = {}): Promise<T> {
    return this.runAndPersist(work, options.readOnly);
  }

  async reset(): Promise<void> {
    await this.transact((state) => Object.assign(state, stateFromSeed(this.seed)));
  }

  protected runAndPersist<T>(work: (state: SandboxState) => T, readOnly = false): T {
    if (readOnly) return work(this.state);
    // A serialisation before and after is cheap at the sandbox's size and needs no help from routes.
    const before = JSON.stringify(this.state);
    try {
      const result = work(this.state);
      const after = JSON.stringify(this.state);
      if (after !== before) this.persist(after);
      return result;
    } catch (error) {
      this.state = JSON.parse(before) as SandboxState;
      throw error;
    }
  }

  protected persist(_text: string): void {}
}

class FileStore extends MemoryStore {
  constructor(
    seed: SeedData,
    protected readonly path: string,
    state: SandboxState,
  ) {
    super(seed);
    this.state = state;
  }

  save(): void {
    writeStateFile(this.path, JSON.stringify(this.state));
  }

  protected override persist(text: string): void {
    writeStateFile(this.path, text);
  }
}

class SharedFileStore extends FileStore {
  // Requests of this process wait for each other here rather than spinning on the file lock.
  private queue: Promise<unknown> = Promise.resolve();

  override transact<T>(work: (state: SandboxState) => T, options: { readOnly?: boolean } = {}): Promise<T> {
    const next = this.queue.then(() => this.underLock(work, options.readOnly));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async underLock<T>(work: (state: SandboxState) => T, readOnly?: boolean): Promise<T> {
    const release = await lockfile.lock(this.path, LOCK_OPTIONS);
    try {
      this.state = readStateFile(this.path) ?? stateFromSeed(this.seed);
      return this.runAndPersist(work, readOnly);
    } finally {
      await release();
    }
  }
}
