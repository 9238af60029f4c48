// The one door to SQLite. Node's own `node:sqlite` where the line has it (22.13 and later: nothing to
// install, nothing native of ours to load), else the npm package `libsql` (prebuilt binaries per
// platform from the npm registry, the better-sqlite3 API; Node 20 has no `node:sqlite`). Both are
// SQLite 3 with the same file format, so a file moves between Node lines. PROMO_SANDBOX_SQLITE=libsql
// or =node picks one (the tests run both).
import { readFileSync } from 'node:fs';
import { requireLibsql } from './libsql-package.js';

export type SqlValue = string | number | bigint | null | Uint8Array;
export type SqlRow = Record<string, SqlValue>;

export interface SqlStatement {
  run(...params: SqlValue[]): unknown;
  get(...params: SqlValue[]): SqlRow | undefined;
  all(...params: SqlValue[]): SqlRow[];
  iterate(...params: SqlValue[]): IterableIterator<SqlRow>;
}

export interface SqlDatabase {
  exec(sql: string): void;
  prepare(sql: string): SqlStatement;
  close(): void;
}

export type SqliteEngine = 'node' | 'libsql';

type Constructor = new (path: string) => SqlDatabase;

let nodeSqlite: Constructor | null | undefined;

/** `node:sqlite`'s DatabaseSync, or null where the line has none; its ExperimentalWarning never shows. */
function loadNodeSqlite(): Constructor | null {
  if (nodeSqlite !== undefined) return nodeSqlite;
  const getBuiltin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  const emitWarning = process.emitWarning;
  // Loading it warns once that SQLite is experimental; that line must never reach promo's stderr.
  process.emitWarning = function (this: unknown, warning: string | Error, ...rest: unknown[]) {
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    if (type === 'ExperimentalWarning' && String(warning).includes('SQLite')) return;
    return (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    const module = getBuiltin?.call(process, 'node:sqlite') as { DatabaseSync?: Constructor } | undefined;
    nodeSqlite = module?.DatabaseSync ?? null;
  } catch {
    nodeSqlite = null;
  } finally {
    process.emitWarning = emitWarning;
  }
  return nodeSqlite;
}

function loadLibsql(): Constructor {
  try {
    return withCheapLibcCheck(() => requireLibsql() as Constructor);
  } catch (error) {
    throw new Error(
      `The sandbox keeps its data in SQLite, which Node ${process.version} does not have built in (Node 22.13 and later do), and the package libsql that stands in for it cannot be loaded (${(error as Error).message.split('\n')[0]}); install promo with its optional dependencies, or use a newer Node`,
    );
  }
}

/**
 * libsql picks its binary for Linux by asking Node for a whole diagnostic report (to learn whether
 * the C library is glibc or musl): ~10 ms of every built-in-profile command on Node 20. What the
 * report would say is read from /usr/bin/ldd instead when that file tells, as detect-libc does first
 * (musl's names musl, glibc's the GNU C Library); else the report is asked. The stand-in says it
 * as a real report does (glibc's version in the header, musl's loader among the shared objects),
 * for every reader of the report while libsql loads (promo's build answers detect-libc from it).
 */
function withCheapLibcCheck<T>(load: () => T): T {
  const report = process.report;
  if (process.platform !== 'linux' || !report) return load();
  let ldd: string;
  try {
    ldd = readFileSync('/usr/bin/ldd', 'latin1');
  } catch {
    return load();
  }
  const glibc = ldd.includes('musl') ? false : ldd.includes('GNU C Library') ? true : undefined;
  if (glibc === undefined) return load();
  const getReport = report.getReport;
  const said = glibc
    ? { header: { glibcVersionRuntime: 'from /usr/bin/ldd' }, sharedObjects: [] }
    : { header: {}, sharedObjects: ['ld-musl- (from /usr/bin/ldd)'] };
  report.getReport = (() => said) as never;
  try {
    return load();
  } finally {
    report.getReport = getReport;
  }
}

/** The engine this process uses: PROMO_SANDBOX_SQLITE if set, else node:sqlite where there is one. */
export function sqliteEngine(): SqliteEngine {
  const wanted = process.env.PROMO_SANDBOX_SQLITE;
  if (wanted === 'libsql') return 'libsql';
  if (wanted === 'node' || loadNodeSqlite()) return 'node';
  return 'libsql';
}

export function openDatabase(path: string): SqlDatabase {
  if (sqliteEngine() === 'node') {
    const DatabaseSync = loadNodeSqlite();
    if (!DatabaseSync) throw new Error(`node:sqlite is not available on Node ${process.version}`);
    return new DatabaseSync(path);
  }
  return new (loadLibsql())(path);
}

// SQLite's primary result codes that the store tells apart (https://sqlite.org/rescode.html).
const CODES: Record<number, string> = {
  5: 'SQLITE_BUSY',
  8: 'SQLITE_READONLY',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  26: 'SQLITE_NOTADB',
};

/** The primary result code of an error either engine threw (`SQLITE_FULL`...), or undefined. */
export function sqliteCode(error: unknown): string | undefined {
  const e = error as { errcode?: unknown; rawCode?: unknown; code?: unknown } | null;
  const raw =
    typeof e?.errcode === 'number' ? e.errcode : typeof e?.rawCode === 'number' ? e.rawCode : undefined;
  if (raw !== undefined) return CODES[raw & 0xff] ?? `SQLITE_${raw & 0xff}`;
  return typeof e?.code === 'string' && e.code.startsWith('SQLITE_')
    ? e.code.replace(/^(SQLITE_[A-Z]+).*$/, '$1')
    : undefined;
}
