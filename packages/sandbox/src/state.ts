// Where the sandbox keeps what it holds: an SQLite file (state-open.ts, state-db.ts), or a database
// in memory when no file is named. Each request is one transaction on the file: BEGIN IMMEDIATE
// (processes sharing the file take turns; the CLI's built-in profile starts a sandbox per command),
// the route on a view that reads what it asks for (state-view.ts), its changes written, COMMIT. A
// request costs the same whether the state holds ten vouchers or a million, and a kill -9 at any
// moment leaves the last committed transaction.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type SeedData, stateFromSeed } from './seed.js';
import { rollback, sliceKind, type Tables } from './state-db.js';
import { connect, legacySource, migrateLegacy, patiently, storageError } from './state-open.js';
import type { Committed, StateStore, StoreOptions, TransactOptions } from './state-types.js';
import { inPlaceEdit, verifyingFromEnvironment } from './state-verify.js';
import { StateView } from './state-view.js';
import type { SandboxState } from './types.js';
import { generatedEntries } from './voucher-generate.js';

export { SandboxStateError } from './state-open.js';
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

/** Writes a whole state into empty tables. */
function writeState(tables: Tables, state: SandboxState): void {
  for (const [name, value] of Object.entries(state)) {
    const kind = sliceKind(name);
    if (kind === 'doc') {
      tables.put(name, '', JSON.stringify(value), value);
      continue;
    }
    const entries = kind === 'array' ? (value as unknown[]).entries() : Object.entries(value as object);
    for (const [key, entry] of entries) tables.put(name, String(key), JSON.stringify(entry), entry);
  }
}

class SqlStore implements StateStore {
  private readonly verify: boolean;

  constructor(
    private readonly tables: Tables,
    private readonly options: StoreOptions,
    private readonly path: string,
  ) {
    this.verify = options.verify ?? verifyingFromEnvironment();
  }

  get current(): SandboxState {
    const live = (write: () => void) => this.inTransaction(true, write);
    return new StateView(this.tables, { freeze: false, live }).state;
  }

  async transact<T>(work: (state: SandboxState) => T, options?: TransactOptions): Promise<T> {
    return (await this.commit(work, options)).value;
  }

  async commit<T>(work: (state: SandboxState) => T, options: TransactOptions = {}): Promise<Committed<T>> {
    const writing = !options.readOnly;
    return this.inTransaction(writing, () => {
      const view = new StateView(this.tables, { freeze: this.verify });
      let value: T;
      try {
        value = work(view.state);
      } catch (error) {
        throw (this.verify && inPlaceEdit(error)) || error;
      }
      return { value, changed: writing && view.flush() };
    });
  }

  async reset(): Promise<void> {
    this.inTransaction(true, () => this.seed(true));
  }

  /** Fills an empty database from the seed; `force` empties it first. */
  seed(force = false): void {
    if (!force && this.tables.doc('version', '') !== undefined) return;
    this.tables.clearAll();
    // Generated vouchers (up to a million) go in one by one, first, as stateFromSeed orders them.
    const { generatedVouchers, ...rest } = this.options.seed;
    for (const [code, voucher] of generatedEntries(generatedVouchers))
      this.tables.put('vouchers', code, JSON.stringify(voucher), voucher);
    writeState(this.tables, stateFromSeed(rest));
  }

  close(): void {
    this.tables.db.close();
  }

  /** One transaction: a writing one takes the file's write lock first (processes take turns). */
  inTransaction<T>(writing: boolean, work: () => T): T {
    const { db } = this.tables;
    try {
      // SQLite can answer BUSY at once, without its busy handler (another process opening the file in
      // WAL mode, a checkpoint): taken as a wait, not as a broken file.
      patiently(() => db.exec(writing ? 'BEGIN IMMEDIATE' : 'BEGIN'));
    } catch (error) {
      throw storageError(this.path, error);
    }
    let value: T;
    try {
      value = work();
    } catch (error) {
      rollback(db);
      throw storageError(this.path, error);
    }
    try {
      db.exec('COMMIT');
    } catch (error) {
      // A failed COMMIT (a full disk) may leave the transaction open: end it, nothing written.
      rollback(db);
      throw storageError(this.path, error);
    }
    return value;
  }
}

export async function openStateStore(options: StoreOptions): Promise<StateStore> {
  const { statePath } = options;
  if (!statePath) {
    const store = new SqlStore(connect(':memory:'), options, ':memory:');
    store.inTransaction(true, () => store.seed());
    return store;
  }
  try {
    mkdirSync(dirname(statePath), { recursive: true, mode: 0o700 });
  } catch (error) {
    throw storageError(statePath, error);
  }
  const source = legacySource(statePath, options.legacyPath);
  if (source !== undefined) {
    const backup = migrateLegacy(source, statePath, writeState);
    options.notice?.(
      `Sandbox state ${source} was written by an older promo as JSON: moved into the SQLite file ${statePath}; the old file is kept as ${backup}`,
    );
  }
  const store = new SqlStore(connect(statePath), options, statePath);
  try {
    store.inTransaction(true, () => store.seed());
  } catch (error) {
    store.close();
    throw error;
  }
  return store;
}
