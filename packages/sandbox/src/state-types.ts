// What a state store is and promises (state.ts opens one): the types, in a module of their own.
import type { SeedData } from './seed.js';
import type { SandboxState } from './types.js';

export interface Committed<T> {
  value: T;
  /** Whether the work changed the state (faults that strike after acting need to know). */
  changed: boolean;
}

export interface TransactOptions {
  /** The work changes nothing (a route marked readOnly): it reads a snapshot, and what it wrote is dropped. */
  readOnly?: boolean;
}

export interface StateStore {
  /**
   * The state as the database holds it now, outside any transaction (tests read it): each read
   * asks the database, each write is a transaction of its own.
   */
  readonly current: SandboxState;
  /**
   * Runs `work` on a view of the freshest state inside one database transaction, and writes what it
   * changed. If `work` throws, nothing is written, so a route that fails half-way leaves nothing
   * behind (the service is transactional). Routes change the state by setting and deleting keys of
   * its slices (`state.vouchers[code] = v`, `delete state.bin[code]`, `state.events.push(e)`), never
   * by editing an entry they read.
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
  /** The SQLite file; none keeps the state in memory for this process alone. */
  statePath?: string;
  /**
   * Where an older promo kept the same state as JSON (the built-in profile's `sandbox-state.json`):
   * migrated once into `statePath` when that does not exist yet. A `statePath` that holds such JSON
   * is migrated in place.
   */
  legacyPath?: string;
  /** Several processes may use statePath at once; always true of an SQLite file, kept for callers. */
  shared?: boolean;
  /** Freeze every entry a route reads (tests); default PROMO_SANDBOX_VERIFY=1. */
  verify?: boolean;
  /** Where to say that a JSON state was migrated (stderr, for promo). */
  notice?: (line: string) => void;
}
