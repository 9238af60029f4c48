// The state file shared by several processes (the CLI's built-in profile starts one sandbox per
// command run, all on the same file): each transaction runs under the file lock, after replaying
// what the other processes appended since this one last read.
import { closeSync, fstatSync, openSync } from 'node:fs';
import lockfile from 'proper-lockfile';
import { stateFromSeed } from './seed.js';
import {
  appendAt,
  dueForCompaction,
  type FilePosition,
  type LoadedState,
  loadStateFile,
  logLine,
  readGeneration,
  readRange,
  replayLog,
  writeSnapshot,
} from './state-file.js';
import type { Change } from './state-journal.js';
import { MemoryStore } from './state-memory.js';
import type { Committed, StoreOptions, TransactOptions } from './state-types.js';
import type { SandboxState } from './types.js';

// Other processes hold the lock only for one request, so a short, patient retry is enough.
export const LOCK_OPTIONS = {
  realpath: false,
  stale: 10_000,
  retries: { retries: 200, factor: 1.3, minTimeout: 2, maxTimeout: 50 },
  onCompromised: () => {
    // A lost lock only means two processes may have raced on one request; never crash the server for it.
  },
};

/**
 * Several processes on one file: each transaction takes the file lock, replays what the others
 * appended since this process last read, runs, appends its own changes and lets go.
 */
export class SharedFileStore extends MemoryStore {
  private position: FilePosition = { generation: '', end: 0, snapshotBytes: 0, logBytes: 0 };
  // Requests of this process wait for each other here rather than spinning on the file lock.
  private queue: Promise<unknown> = Promise.resolve();
  private fd: number | undefined;
  private size = 0;

  constructor(
    options: StoreOptions,
    private readonly path: string,
    loaded: LoadedState | undefined,
  ) {
    super(options, loaded?.state);
    this.adopt(loaded, this.state);
  }

  override commit<T>(work: (state: SandboxState) => T, options?: TransactOptions): Promise<Committed<T>> {
    return this.underLock(() => this.runNow(work, options));
  }

  override reset(): Promise<void> {
    return this.underLock(() => {
      Object.assign(this.state, stateFromSeed(this.options.seed));
      this.saveWhole();
    });
  }

  protected override persist(changes: Change[]): void {
    const line = logLine(changes);
    appendAt(this.path, this.fd as number, line, this.position.end, this.size);
    this.position.end += line.length;
    this.position.logBytes += line.length;
    if (dueForCompaction(this.position, this.options.compactAfterBytes)) this.saveWhole();
  }

  protected override saveWhole(): void {
    this.position = writeSnapshot(this.path, this.state);
  }

  private underLock<T>(work: () => T): Promise<T> {
    const next = this.queue.then(async () => {
      const release = await lockfile.lock(this.path, LOCK_OPTIONS);
      try {
        this.catchUp();
        return work();
      } finally {
        if (this.fd !== undefined) closeSync(this.fd);
        this.fd = undefined;
        await release();
      }
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Brings the state up to what the file holds now, reading as little of it as possible. */
  private catchUp(): void {
    try {
      this.fd = openSync(this.path, 'r+');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // The file was removed under us: start again from the seed, as a first start would.
      this.adopt(undefined);
      this.fd = openSync(this.path, 'r+');
    }
    this.size = fstatSync(this.fd).size;
    const { generation, end } = this.position;
    if (readGeneration(this.fd) !== generation || this.size < end) {
      // Another process compacted or reset the file: read it whole, once.
      closeSync(this.fd);
      this.adopt(loadStateFile(this.path));
      this.fd = openSync(this.path, 'r+');
      this.size = fstatSync(this.fd).size;
    } else if (this.size > end) {
      const bytes = readRange(this.fd, end, this.size);
      const reached = replayLog(this.path, this.state, bytes, end);
      this.position.logBytes += reached - end;
      this.position.end = reached;
    }
  }

  private adopt(loaded: LoadedState | undefined, seeded?: SandboxState): void {
    this.state = loaded?.state ?? seeded ?? stateFromSeed(this.options.seed);
    this.position = !loaded || loaded.legacy ? writeSnapshot(this.path, this.state) : loaded;
  }
}

/** Opens the shared file under the lock: two processes may start at once on a missing file, and only one creates it. */
export async function openSharedStore(options: StoreOptions, path: string): Promise<SharedFileStore> {
  const release = await lockfile.lock(path, LOCK_OPTIONS);
  try {
    return new SharedFileStore(options, path, loadStateFile(path));
  } finally {
    await release();
  }
}
