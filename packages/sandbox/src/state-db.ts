// The sandbox's tables, and the statements the store runs on them. One table holds every slice of
// the state (`vouchers`, `events`, ...): a row per entry, its JSON document beside the few fields a
// hot query reads (a voucher's campaign, creation date and id), indexed. A record slice keeps its
// entries in the order they were added (the rowid); an array slice (`campaigns`, `events`) is keyed
// by position; a slice that is one document (`project`) is one row with the empty key.
import type { SqlDatabase, SqlStatement, SqlValue } from './sqlite.js';

/** What PRAGMA user_version says of a file this version wrote; a higher one is refused, not read. */
export const SCHEMA_VERSION = 1;
/** PRAGMA application_id of a sandbox file: 'PRMO'. */
export const APPLICATION_ID = 0x50524d4f;

export type SliceKind = 'record' | 'array' | 'doc';

/** How each slice is kept; a slice not listed (added by a newer seed) is one document. */
export const SLICE_KINDS: Record<string, SliceKind> = {
  version: 'doc',
  tokens: 'record',
  vouchers: 'record',
  bin: 'record',
  campaigns: 'array',
  categories: 'array',
  templates: 'array',
  tierStructures: 'record',
  cursors: 'record',
  eventSchemas: 'array',
  events: 'array',
  asyncActions: 'record',
  importQueue: 'record',
  importSettings: 'doc',
  exports: 'record',
  project: 'doc',
  redemptions: 'record',
  customers: 'record',
  transactions: 'record',
  loyaltyLedger: 'record',
  publications: 'record',
  validationRules: 'record',
  ruleAssignments: 'record',
  products: 'record',
  skus: 'record',
  orders: 'record',
  rewards: 'record',
  rewardAssignments: 'record',
  loyaltyTiers: 'record',
  earningRules: 'record',
  segments: 'record',
};

export function sliceKind(name: string): SliceKind {
  return SLICE_KINDS[name] ?? 'doc';
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS entries (
  slice TEXT NOT NULL,
  key TEXT NOT NULL,
  doc TEXT NOT NULL,
  campaign TEXT,
  created TEXT,
  ref TEXT,
  UNIQUE (slice, key)
);
CREATE INDEX IF NOT EXISTS entries_order ON entries (slice);
CREATE INDEX IF NOT EXISTS entries_campaign ON entries (slice, campaign, created, key) WHERE campaign IS NOT NULL;
CREATE INDEX IF NOT EXISTS entries_created ON entries (slice, created, key);
CREATE INDEX IF NOT EXISTS entries_ref ON entries (slice, ref) WHERE ref IS NOT NULL;
`;

/**
 * A voucher's holder (a loyalty program's members by customer), indexed from the document itself:
 * an expression SQLite keeps up on every write, so a file an older promo writes stays indexed, and
 * the format keeps its version (an older promo still opens the file). Made on every open: a file
 * written before it gets it once, and `IF NOT EXISTS` writes nothing after that.
 */
export const HOLDER = "json_extract(doc, '$.holder_id')";
const HOLDER_INDEX = `CREATE INDEX IF NOT EXISTS entries_holder ON entries (slice, ${HOLDER}, created, key) WHERE ${HOLDER} IS NOT NULL`;

/**
 * The card transactions still keyed by their id alone (as a promo before 2026-11-27 wrote them):
 * none, once a file is opened, but an older promo may write more. The open's rekeying
 * (state-open.ts) finds them through this index; without it the statement read the key of every
 * transaction on every open (16 ms at 100,000, every command of the built-in profile). SQLite keeps
 * it up on every write, whichever promo writes.
 */
export const UNKEYED_TRANSACTIONS = "slice = 'transactions' AND instr(key, '/') = 0";
const UNKEYED_INDEX = `CREATE INDEX IF NOT EXISTS entries_unkeyed ON entries (slice) WHERE ${UNKEYED_TRANSACTIONS}`;

export function addLaterIndexes(db: SqlDatabase): void {
  db.exec(HOLDER_INDEX);
  db.exec(UNKEYED_INDEX);
}

/** Ends a transaction that SQLite may have rolled back itself (a full disk, an I/O error). */
export function rollback(db: SqlDatabase): void {
  try {
    db.exec('ROLLBACK');
  } catch {
    // Nothing left to end.
  }
}

/**
 * `work` in one transaction, begun as `begin` says; rolled back when it or the COMMIT fails (a
 * full disk), the error thrown the one that failed.
 */
export function transaction<T>(db: SqlDatabase, begin: 'BEGIN' | 'BEGIN IMMEDIATE', work: () => T): T {
  db.exec(begin);
  try {
    const value = work();
    db.exec('COMMIT');
    return value;
  } catch (error) {
    rollback(db);
    throw error;
  }
}

/**
 * The tables, indexes and the file's marks, in one transaction: a process that opens the file
 * meanwhile sees either none of it or all of it, never tables without the sandbox's mark (which
 * it would refuse as a database of something else).
 */
export function createSchema(db: SqlDatabase): void {
  transaction(db, 'BEGIN IMMEDIATE', () => {
    db.exec(SCHEMA);
    addLaterIndexes(db);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}; PRAGMA application_id = ${APPLICATION_ID};`);
  });
}

type Doc = Record<string, unknown>;

function textOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The columns a query reads beside the document, taken from the entry itself. */
function indexed(value: unknown): [SqlValue, SqlValue, SqlValue] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [null, null, null];
  const doc = value as Doc;
  return [textOf(doc.campaign_id), textOf(doc.created_at), textOf(doc.id)];
}

/** The prepared statements of one connection. */
export class Tables {
  private readonly statements = new Map<string, SqlStatement>();

  constructor(readonly db: SqlDatabase) {}

  private stmt(sql: string): SqlStatement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  doc(slice: string, key: string): string | undefined {
    const row = this.stmt('SELECT doc FROM entries WHERE slice = ? AND key = ?').get(slice, key);
    return row === undefined ? undefined : (row.doc as string);
  }

  keys(slice: string): string[] {
    const rows = this.stmt('SELECT key FROM entries WHERE slice = ? ORDER BY rowid').all(slice);
    return rows.map((row) => row.key as string);
  }

  /** Every entry of a slice in its order, read as it is iterated. */
  *rows(slice: string): Generator<[string, string]> {
    // A statement of its own: a walk may run while another walk of the same slice is under way.
    const statement = this.db.prepare('SELECT key, doc FROM entries WHERE slice = ? ORDER BY rowid');
    for (const row of statement.iterate(slice)) yield [row.key as string, row.doc as string];
  }

  /** An array slice's documents in position order. */
  arrayDocs(slice: string): string[] {
    const sql = 'SELECT doc FROM entries WHERE slice = ? ORDER BY CAST(key AS INTEGER)';
    return this.stmt(sql)
      .all(slice)
      .map((row) => row.doc as string);
  }

  /** Every slice the table holds an entry of (a walk over the whole state). */
  sliceNames(): string[] {
    return this.stmt('SELECT DISTINCT slice FROM entries')
      .all()
      .map((row) => row.slice as string);
  }

  count(slice: string): number {
    return Number(this.stmt('SELECT count(*) AS n FROM entries WHERE slice = ?').get(slice)?.n ?? 0);
  }

  /** Writes an entry (`text` is its JSON); an entry already there keeps its place unless `moveToEnd`. */
  put(slice: string, key: string, text: string, value: unknown, moveToEnd = false): void {
    if (moveToEnd) this.remove(slice, key);
    const sql =
      'INSERT INTO entries (slice, key, doc, campaign, created, ref) VALUES (?, ?, ?, ?, ?, ?) ' +
      'ON CONFLICT (slice, key) DO UPDATE SET doc = excluded.doc, campaign = excluded.campaign, ' +
      'created = excluded.created, ref = excluded.ref';
    this.stmt(sql).run(slice, key, text, ...indexed(value));
  }

  remove(slice: string, key: string): void {
    this.stmt('DELETE FROM entries WHERE slice = ? AND key = ?').run(slice, key);
  }

  /** Array positions from `length` on. */
  truncate(slice: string, length: number): void {
    this.stmt('DELETE FROM entries WHERE slice = ? AND CAST(key AS INTEGER) >= ?').run(slice, length);
  }

  clear(slice: string): void {
    this.stmt('DELETE FROM entries WHERE slice = ?').run(slice);
  }

  clearAll(): void {
    this.stmt('DELETE FROM entries').run();
  }

  /** Whether any of the slices holds the key: one query for a code's uniqueness (live and bin). */
  anyHas(slices: string[], key: string): boolean {
    const sql = `SELECT 1 AS n FROM entries WHERE slice IN (${slices.map(() => '?').join(', ')}) AND key = ? LIMIT 1`;
    return this.stmt(sql).get(...slices, key) !== undefined;
  }

  /** The key of the entry whose `id` is `ref` (a voucher by its `v_...` id). */
  keyByRef(slice: string, ref: string): string | undefined {
    const row = this.stmt('SELECT key FROM entries WHERE slice = ? AND ref = ?').get(slice, ref);
    return row === undefined ? undefined : (row.key as string);
  }

  keysOfCampaign(slice: string, campaignId: string): string[] {
    const sql = 'SELECT key FROM entries WHERE slice = ? AND campaign = ? ORDER BY rowid';
    return this.stmt(sql)
      .all(slice, campaignId)
      .map((row) => row.key as string);
  }

  countOfCampaign(slice: string, campaignId: string): number {
    const sql = 'SELECT count(*) AS n FROM entries WHERE slice = ? AND campaign = ?';
    return Number(this.stmt(sql).get(slice, campaignId)?.n ?? 0);
  }

  /**
   * The keys that start with `prefix`, in the slice's order: a range of the (slice, key) index, so a
   * card's transactions (keyed `${voucher_id}/${id}`) are read without walking everyone's.
   */
  keysWithPrefix(slice: string, prefix: string): string[] {
    const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
    const sql = 'SELECT key FROM entries WHERE slice = ? AND key >= ? AND key < ? ORDER BY rowid';
    return this.stmt(sql)
      .all(slice, prefix, end)
      .map((row) => row.key as string);
  }

  /**
   * The next entries of a walk by creation date (an export's), keys with their documents: those
   * created no later than `createdBy`, after `from` (the last creation date and key handed out),
   * ties by key in the same direction; a range of the (slice, created, key) index, no sort.
   */
  createdRun(slice: string, run: CreatedRun): Array<{ key: string; created: string; doc: string }> {
    const direction = run.descending ? 'DESC' : 'ASC';
    // Each bound where SQLite takes it as the range of the index: descending, a later run's start
    // implies `created <= createdBy` and must stand alone (with both, SQLite scans from createdBy
    // down, every run again: 100,000 vouchers took 6 s instead of 0.4 s).
    const bounds: Array<[string, SqlValue[]]> = [];
    if (!run.from || !run.descending) bounds.push(['created <= ?', [run.createdBy]]);
    if (run.from) bounds.push([`(created, key) ${run.descending ? '<' : '>'} (?, ?)`, run.from]);
    const where = bounds.map(([condition]) => ` AND ${condition}`).join('');
    const sql = `SELECT key, created, doc FROM entries WHERE slice = ?${where} ORDER BY created ${direction}, key ${direction} LIMIT ?`;
    const params: SqlValue[] = [slice, ...bounds.flatMap(([, values]) => values), run.limit];
    return this.stmt(sql).all(...params) as Array<{ key: string; created: string; doc: string }>;
  }

  /**
   * The next entries of a walk by key, after `fromKey`: a range of the (slice, key) index (an
   * export of vouchers by code), those created no later than `createdBy` or without a date; with
   * `createdBy` null, those without a date alone (the end of a walk by creation date).
   */
  keyRun(
    slice: string,
    run: { descending: boolean; createdBy: string | null; fromKey?: string; limit: number },
  ): Array<{ key: string; doc: string }> {
    const direction = run.descending ? 'DESC' : 'ASC';
    const after = run.fromKey === undefined ? '' : ` AND key ${run.descending ? '<' : '>'} ?`;
    const dated = run.createdBy === null ? '' : ' OR created <= ?';
    const sql = `SELECT key, doc FROM entries WHERE slice = ?${after} AND (created IS NULL${dated}) ORDER BY key ${direction} LIMIT ?`;
    const params: SqlValue[] = [slice];
    if (run.fromKey !== undefined) params.push(run.fromKey);
    if (run.createdBy !== null) params.push(run.createdBy);
    params.push(run.limit);
    return this.stmt(sql).all(...params) as Array<{ key: string; doc: string }>;
  }

  /**
   * The keys of a slice's entries in the order of a field of their documents, as text (ties by
   * key; those without the field last, first when descending), those created no later than
   * `createdBy` or without a date (`createdBy` null: all). SQLite sorts, outside JavaScript's heap:
   * an export by a field no index holds (vouchers by `updated_at`) keeps their keys alone.
   */
  keysByField(slice: string, field: string, descending: boolean, createdBy: string | null): string[] {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`not a field to sort by: ${field}`);
    const direction = descending ? 'DESC' : 'ASC';
    const value = `CAST(json_extract(doc, '$.${field}') AS TEXT)`;
    const dated = createdBy === null ? '' : ' AND (created IS NULL OR created <= ?)';
    const sql = `SELECT key FROM entries WHERE slice = ?${dated} ORDER BY (${value} IS NULL) ${direction}, ${value} ${direction}, key ${direction}`;
    const params: SqlValue[] = createdBy === null ? [slice] : [slice, createdBy];
    return (this.stmt(sql).all(...params) as Array<{ key: string }>).map((row) => row.key);
  }

  /** A page of keys by creation date (ties by key, in the same direction), and how many match. */
  pageByCreated(slice: string, page: CreatedPage): { keys: string[]; total: number } {
    const where = ['slice = ?'];
    const params: SqlValue[] = [slice];
    const and = (condition: string, value: string | undefined) => {
      if (value === undefined) return;
      where.push(condition);
      params.push(value);
    };
    and('campaign = ?', page.campaignId);
    // The same expression as the index's, word for word: SQLite uses it only then.
    and(`${HOLDER} = ?`, page.holderId);
    and('created > ?', page.after);
    and('created < ?', page.before);
    const condition = where.join(' AND ');
    const direction = page.descending ? 'DESC' : 'ASC';
    // A voucher without a creation date sorts first (NULL), as the list's own sort has it ('').
    const sql = `SELECT key FROM entries WHERE ${condition} ORDER BY created ${direction}, key ${direction} LIMIT ? OFFSET ?`;
    const keys = this.stmt(sql)
      .all(...params, page.limit, page.offset)
      .map((row) => row.key as string);
    const total = Number(
      this.stmt(`SELECT count(*) AS n FROM entries WHERE ${condition}`).get(...params)?.n ?? 0,
    );
    return { keys, total };
  }
}

export interface CreatedRun {
  descending: boolean;
  /** Entries created later are left out (an export holds what there was when it was made). */
  createdBy: string;
  /** Where the last run ended: its last entry's creation date and key. */
  from?: [string, string];
  limit: number;
}

export interface CreatedPage {
  campaignId?: string;
  /** A voucher's `holder_id`: a customer's cards. */
  holderId?: string;
  after?: string;
  before?: string;
  descending: boolean;
  limit: number;
  offset: number;
}
