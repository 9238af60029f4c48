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
import type { StateStore, StoreOptions } from './state-types.js';

export type { Committed, StateStore, StoreOptions, TransactOptions } from './state-types.js';

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
