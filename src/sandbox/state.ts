// Where the sandbox keeps what it holds: in memory, optionally in a state file that survives
// restarts (state-file.ts), and optionally shared by several processes (the CLI's built-in profile
// starts one sandbox per command run, all on the same file). A transaction records what the route
// changed (state-journal.ts): that record undoes a failed route and is all that gets written, so a
// request costs the same whether the state holds ten vouchers or a hundred thousand.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SeedData } from './seed.js';
import { loadStateFile } from './state-file.js';
import { FileStore, MemoryStore } from './state-memory.js';
import { openSharedStore } from './state-shared.js';
import type { SandboxState } from './types.js';

export interface Committed<T> {
  value: T;
  /** Whether the work changed the state (faults that strike after acting need to know). */
  changed: boolean;
}

export interface TransactOptions {
  /** The work changes nothing (a route marked readOnly): it sees the state itself, unrecorded. */
  readOnly?: boolean;
}

export interface StateStore {
  /** The live state; in shared mode the one as of this process's last transaction. */
  readonly current: SandboxState;
  /**
   * Runs `work` on the freshest state and persists what it changed. If `work` throws, the state is
   * rolled back, so a route that fails half-way leaves nothing behind (the service is transactional).
   * Routes change the state by setting and deleting keys of its slices (`state.vouchers[code] = v`,
   * `delete state.bin[code]`, `state.events.push(e)`), never by editing an entry they read.
   */
  transact<T>(work: (state: SandboxState) => T, options?: TransactOptions): Promise<T>;
  /** transact, also telling whether anything changed. */
  commit<T>(work: (state: SandboxState) => T, options?: TransactOptions): Promise<Committed<T>>;
  /** Back to the seed. */
  reset(): Promise<void>;
  close(): void;
}

export interface StoreOptions {
  seed: SeedData;
  statePath?: string;
  shared?: boolean;
  /** Log bytes after which the file is rewritten; default the snapshot's size, at least 4 MiB. */
  compactAfterBytes?: number;
  /** Compare every transaction with a whole-state copy (tests); default PROMO_SANDBOX_VERIFY=1. */
  verify?: boolean;
}

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
  if (typeof seed !== 'object' || seed === null || Array.isArray(seed)) {
    throw new Error(`Sandbox seed file ${path} must hold a JSON object (campaigns, templates, ...)`);
  }
  return seed as SeedData;
}

export async function openStateStore(options: StoreOptions): Promise<StateStore> {
  const { statePath, shared = false } = options;
  if (shared && !statePath) throw new Error('A shared sandbox needs a state file (statePath)');
  if (!statePath) return new MemoryStore(options);

  mkdirSync(dirname(statePath), { recursive: true, mode: 0o700 });
  if (!shared) return new FileStore(options, statePath, loadStateFile(statePath));
  return openSharedStore(options, statePath);
}
