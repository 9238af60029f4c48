// Reading a sandbox state file the way a person would with the sqlite3 shell: through libsql
// directly, not the store's own code, so that the tests check the file, not the code against itself.
// One table, `entries`: a row per entry of each slice (its JSON in `doc`); an array slice is keyed
// by position, a slice that is one document by the empty key.
import { createRequire } from 'node:module';
import { APP_HEADERS } from './core-helpers.js';

type Bag = Record<string, unknown>;
interface Db {
  prepare(sql: string): { all(...params: unknown[]): Bag[]; get(...params: unknown[]): Bag | undefined };
  close(): void;
}
const Database = createRequire(import.meta.url)('libsql') as new (path: string) => Db;

const ARRAYS = new Set(['campaigns', 'categories', 'templates', 'eventSchemas', 'events']);
const RECORDS = new Set([
  'tokens',
  'vouchers',
  'bin',
  'tierStructures',
  'cursors',
  'asyncActions',
  'importQueue',
  'exports',
  'redemptions',
  'customers',
  'transactions',
  'loyaltyLedger',
  'publications',
  'validationRules',
  'ruleAssignments',
  'products',
  'skus',
  'orders',
  'rewards',
  'rewardAssignments',
  'loyaltyTiers',
  'earningRules',
  'segments',
]);

export interface StateFileView {
  userVersion: number;
  /** Every row, in the table's order. */
  rows: Array<{ slice: string; key: string; doc: unknown }>;
  /** The rows put together as the state they hold. */
  state: Bag;
  integrity: string;
}

export function readStateFileView(path: string): StateFileView {
  const db = new Database(path);
  try {
    const userVersion = Number(db.prepare('PRAGMA user_version').get()?.user_version);
    const integrity = String(db.prepare('PRAGMA integrity_check').get()?.integrity_check);
    const rows = db
      .prepare('SELECT slice, key, doc FROM entries ORDER BY rowid')
      .all()
      .map((row) => ({ slice: String(row.slice), key: String(row.key), doc: JSON.parse(String(row.doc)) }));
    const state: Bag = {};
    for (const { slice, key, doc } of rows) {
      if (ARRAYS.has(slice)) {
        state[slice] ??= [];
        (state[slice] as unknown[])[Number(key)] = doc;
      } else if (RECORDS.has(slice)) {
        state[slice] ??= {};
        (state[slice] as Bag)[key] = doc;
      } else state[slice] = doc;
    }
    for (const slice of ARRAYS) state[slice] ??= [];
    for (const slice of RECORDS) state[slice] ??= {};
    return { userVersion, rows, state, integrity };
  } finally {
    db.close();
  }
}

/** A plain copy of what a sandbox's state view reads now. */
export function plainState(state: object): Bag {
  return JSON.parse(JSON.stringify(state)) as Bag;
}

export function createVoucher(url: string, code: string) {
  return fetch(`${url}/v1/vouchers`, {
    method: 'POST',
    headers: { ...APP_HEADERS, 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'DISCOUNT_VOUCHER', code, discount: { type: 'PERCENT', percent_off: 5 } }),
  });
}

export function deleteVoucher(url: string, code: string, force = false) {
  return fetch(`${url}/v1/vouchers/${encodeURIComponent(code)}${force ? '?force=true' : ''}`, {
    method: 'DELETE',
    headers: APP_HEADERS,
  });
}

export async function controlState(url: string): Promise<Bag> {
  return (await (await fetch(`${url}/_sandbox/state`, { headers: APP_HEADERS })).json()) as Bag;
}
