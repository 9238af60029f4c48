// The stores of one process: in memory only, or with a state file this process alone writes.
import { closeSync, fstatSync, openSync } from 'node:fs';
import { stateFromSeed } from './seed.js';
import {
  appendAt,
  dueForCompaction,
  type FilePosition,
  type LoadedState,
  logLine,
  writeSnapshot,
} from './state-file.js';
import { type Change, Journal, Recorder } from './state-journal.js';
import type { Committed, StateStore, StoreOptions, TransactOptions } from './state-types.js';
import { freezeEntries, inPlaceEdit, verifyingFromEnvironment } from './state-verify.js';
import type { SandboxState } from './types.js';

export class MemoryStore implements StateStore {
  protected state: SandboxState;
  private readonly recorder = new Recorder();
  private readonly verify: boolean;

  /** `saved`: the state a file held; the seed (which may generate many vouchers) is only used without one. */
  constructor(
    protected readonly options: StoreOptions,
    saved?: SandboxState,
  ) {
    this.state = saved ?? stateFromSeed(options.seed);
    this.verify = options.verify ?? verifyingFromEnvironment();
  }

  get current(): SandboxState {
    return this.state;
  }

  async transact<T>(work: (state: SandboxState) => T, options?: TransactOptions): Promise<T> {
    return (await this.commit(work, options)).value;
  }

  async commit<T>(work: (state: SandboxState) => T, options?: TransactOptions): Promise<Committed<T>> {
    return this.runNow(work, options);
  }

  async reset(): Promise<void> {
    Object.assign(this.state, stateFromSeed(this.options.seed));
    this.saveWhole();
  }

  close(): void {}

  protected runNow<T>(work: (state: SandboxState) => T, options: TransactOptions = {}): Committed<T> {
    const state = this.state as unknown as Record<string, unknown>;
    // Verify mode: stored entries are frozen, so that an edit in place throws where it is made.
    if (this.verify) freezeEntries(state);
    try {
      if (options.readOnly) return { value: work(this.state), changed: false };
      const journal = new Journal();
      try {
        const value = this.recorder.record(state, journal, work as (view: object) => T);
        const changes = journal.changes(state);
        if (changes.length > 0) this.persist(changes);
        return { value, changed: changes.length > 0 };
      } catch (error) {
        journal.rollback(state);
        throw error;
      }
    } catch (error) {
      throw (this.verify && inPlaceEdit(error)) || error;
    } finally {
      if (this.verify) freezeEntries(state);
    }
  }

  protected persist(_changes: Change[]): void {}

  protected saveWhole(): void {}
}

/** One process owns the file: it appends what each transaction changed. */
export class FileStore extends MemoryStore {
  private position: FilePosition;
  private fd: number;
  private size: number;

  constructor(
    options: StoreOptions,
    private readonly path: string,
    loaded: LoadedState | undefined,
  ) {
    super(options, loaded?.state);
    this.position = !loaded || loaded.legacy ? writeSnapshot(path, this.state) : loaded;
    this.fd = openSync(path, 'r+');
    this.size = fstatSync(this.fd).size;
  }

  protected override persist(changes: Change[]): void {
    const line = logLine(changes);
    appendAt(this.path, this.fd, line, this.position.end, this.size);
    this.position.end += line.length;
    this.position.logBytes += line.length;
    this.size = this.position.end;
    if (dueForCompaction(this.position, this.options.compactAfterBytes)) this.saveWhole();
  }

  protected override saveWhole(): void {
    this.position = writeSnapshot(this.path, this.state);
    closeSync(this.fd);
    this.fd = openSync(this.path, 'r+');
    this.size = this.position.end;
  }

  override close(): void {
    closeSync(this.fd);
  }
}
