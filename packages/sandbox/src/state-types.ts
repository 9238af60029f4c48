// What a state store is and promises (state.ts opens one; state-memory.ts and state-shared.ts are
// the two kinds): the types they share, in a module none of them owns.
import type { SeedData } from './seed.js';
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
