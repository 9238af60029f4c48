// Opening the sandbox's SQLite file: settings every connection needs (WAL, so that readers never
// wait for the writer and a kill -9 leaves the last committed transaction; a busy timeout, so that
// processes sharing the file take turns), the checks that refuse a file this version must not
// write, and the move of an older promo's JSON state into a new file, once.
import { closeSync, linkSync, openSync, readSync, renameSync, rmSync, statfsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { openDatabase, type SqlDatabase, sqliteCode } from './sqlite.js';
import {
  APPLICATION_ID,
  addLaterIndexes,
  createSchema,
  SCHEMA_VERSION,
  Tables,
  transaction,
  UNKEYED_TRANSACTIONS,
} from './state-db.js';
import { looksLikeSqlite, readLegacyState } from './state-legacy.js';
import type { SandboxState } from './types.js';

/** How long a process waits for another one's transaction before giving up. */
const BUSY_TIMEOUT_MS = 15_000;

/** A state file the sandbox cannot use, said in words that name it; promo exits 2 on it. */
export class SandboxStateError extends Error {
  constructor(
    message: string,
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SandboxStateError';
  }
}

const FULL = 'the disk is full, nothing of this change was saved; free some space and try again';

function diskFull(path: string): boolean {
  try {
    const { bavail, bsize } = statfsSync(dirname(path));
    return bavail * bsize < 64 * 1024;
  } catch {
    return false;
  }
}

/** The SQLite failure as a sentence naming the file; anything else thrown as it is. */
export function storageError(path: string, error: unknown): unknown {
  if (error instanceof SandboxStateError) return error;
  const code = sqliteCode(error);
  const detail = (error as Error)?.message ?? String(error);
  const say = (text: string) =>
    new SandboxStateError(`Sandbox state file ${path}: ${text}`, path, { cause: error });
  const errno = (error as NodeJS.ErrnoException | null)?.code;
  if (errno === 'ENOSPC') return say(FULL);
  if (errno === 'EACCES' || errno === 'EPERM' || errno === 'EROFS')
    return say(`cannot be opened (${detail}); it and its directory must be writable`);
  switch (code) {
    case 'SQLITE_FULL':
      return say(FULL);
    case 'SQLITE_NOTADB':
      return say(
        'not an SQLite database (nor the JSON state of an older promo); move it away or name another file',
      );
    case 'SQLITE_CANTOPEN':
      return say(`cannot be opened (${detail}); it and its directory must be writable`);
    case 'SQLITE_READONLY':
      return say(`cannot be written (${detail}); the file and its directory must be writable`);
    case 'SQLITE_CORRUPT':
      return say(`damaged (${detail}); move it away to start afresh`);
    case 'SQLITE_IOERR':
      // A write to a full disk fails so with some engines (node:sqlite): the disk says which.
      return say(diskFull(path) ? FULL : `cannot be read or written (${detail})`);
    case 'SQLITE_BUSY':
      return say(`another process held it for more than ${BUSY_TIMEOUT_MS / 1000} s`);
    default:
      return error;
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Runs `step`, again while another process holds the file in a way the busy timeout does not wait out. */
export function patiently<T>(step: () => T): T {
  for (let attempt = 1; ; attempt++) {
    try {
      return step();
    } catch (error) {
      if (sqliteCode(error) !== 'SQLITE_BUSY' || attempt >= 200) throw error;
      sleepSync(Math.min(50, attempt * 2));
    }
  }
}

function firstBytes(path: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw storageError(path, error);
  }
  try {
    const bytes = Buffer.alloc(16);
    return bytes.subarray(0, readSync(fd, bytes, 0, 16, 0));
  } finally {
    closeSync(fd);
  }
}

/** The schema version, the application id and how many tables, in one read transaction. */
function readMarks(db: SqlDatabase): { version: number; application: number; tables: number } {
  return transaction(db, 'BEGIN', () => ({
    version: Number(db.prepare('PRAGMA user_version').get()?.user_version ?? 0),
    application: Number(db.prepare('PRAGMA application_id').get()?.application_id ?? 0),
    tables: Number(db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get()?.n),
  }));
}

/** Opens a connection with the settings every one needs, and checks that this version may use the file. */
export function connect(path: string, wal = true): Tables {
  let db: SqlDatabase | undefined;
  try {
    // Made here, for its owner alone: SQLite would make it readable by all, and its -wal and -shm
    // files take the database's mode.
    if (path !== ':memory:') closeSync(openSync(path, 'a', 0o600));
    db = openDatabase(path);
    const opened = db;
    opened.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // The file's marks and its tables read together, as one snapshot: another process may be
    // creating them this very moment (createSchema, one transaction).
    const { version, application, tables } = patiently(() => readMarks(opened));
    if (version > SCHEMA_VERSION) {
      throw new SandboxStateError(
        `Sandbox state file ${path} was written by a newer promo (its format ${version}, this one reads ${SCHEMA_VERSION}); upgrade promo, or name another file`,
        path,
      );
    }
    if (application !== APPLICATION_ID && tables > 0) {
      throw new SandboxStateError(
        `Sandbox state file ${path} is an SQLite database of something else, not a sandbox's state; name another file`,
        path,
      );
    }
    if (path !== ':memory:' && wal) patiently(() => opened.exec('PRAGMA journal_mode = WAL'));
    // WAL with NORMAL sync: a crash of the process never loses a committed transaction.
    opened.exec('PRAGMA synchronous = NORMAL');
    if (version < SCHEMA_VERSION) patiently(() => createSchema(opened));
    else patiently(() => addLaterIndexes(opened));
    patiently(() => rekeyCardTransactions(opened));
    return new Tables(opened);
  } catch (error) {
    db?.close();
    throw storageError(path, error);
  }
}

/**
 * A card's transactions are keyed `voucher_id/id` (card-transactions.ts), so that its trail is a
 * range of the key index; a file an older promo wrote keys them by id alone. They are keyed anew,
 * once: every later open finds none through the index of those keyed by id alone
 * (`entries_unkeyed`, whose condition, UNKEYED_TRANSACTIONS, this statement shares so that SQLite
 * uses it). An older promo reads the new keys as well: it walks the slice.
 */
export const REKEY_CARD_TRANSACTIONS = `UPDATE entries SET key = json_extract(doc, '$.voucher_id') || '/' || key WHERE ${UNKEYED_TRANSACTIONS} AND json_extract(doc, '$.voucher_id') IS NOT NULL`;

function rekeyCardTransactions(db: SqlDatabase): void {
  db.exec(REKEY_CARD_TRANSACTIONS);
}

/**
 * Moves a JSON state of an older promo at `source` into a new SQLite file at `path`: written whole
 * beside it first, then the JSON renamed to `<source>.bak` and the new file put in place. Returns
 * the backup's path; throws when `source` is neither SQLite nor such JSON.
 */
export function migrateLegacy(
  source: string,
  path: string,
  write: (tables: Tables, state: SandboxState) => void,
): string {
  const state = readLegacyState(source);
  if (!state) {
    throw new SandboxStateError(
      `Sandbox state file ${source} is not an SQLite database (nor the JSON state of an older promo); move it away or name another file`,
      source,
    );
  }
  const temporary = `${path}.${process.pid}.migrating`;
  const backup = `${source}.bak`;
  const cleanUp = () => {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${temporary}${suffix}`, { force: true });
  };
  try {
    // Without a write-ahead log: the file must be whole when it is put in place.
    const tables = connect(temporary, false);
    try {
      tables.db.exec('BEGIN IMMEDIATE');
      write(tables, state);
      tables.db.exec('COMMIT');
    } finally {
      tables.db.close();
    }
    if (source === path) {
      renameSync(source, backup);
      renameSync(temporary, path);
    } else {
      // The new file appears before the JSON goes, and only if no other process put one there
      // first (a link fails where a file exists): every process sees one or the other.
      linkSync(temporary, path);
      cleanUp();
      renameSync(source, backup);
    }
  } catch (error) {
    cleanUp();
    const code = (error as NodeJS.ErrnoException).code;
    // Another process sharing the file migrated it first: use what it wrote.
    if ((code === 'EEXIST' || code === 'ENOENT') && waitForDatabase(path)) return backup;
    throw storageError(temporary, error);
  }
  return backup;
}

function waitForDatabase(path: string): boolean {
  for (let waited = 0; waited < 5000; waited += 20) {
    const bytes = firstBytes(path);
    if (bytes && bytes.length > 0 && looksLikeSqlite(bytes)) return true;
    sleepSync(20);
  }
  return false;
}

/** What to do with `path` before connecting: open it, or migrate a JSON state into it first. */
export function legacySource(path: string, legacyPath: string | undefined): string | undefined {
  const bytes = firstBytes(path);
  if (bytes !== undefined) return looksLikeSqlite(bytes) ? undefined : path;
  if (legacyPath === undefined) return undefined;
  try {
    return statSync(legacyPath).isFile() ? legacyPath : undefined;
  } catch {
    return undefined;
  }
}
