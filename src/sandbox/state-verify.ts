// A check for the test suite (PROMO_SANDBOX_VERIFY=1): the journal only sees keys of the top-level
// slices, so a route that edits an entry in place would be neither undone nor saved. Here every
// transaction is also compared the old, slow way, whole state before and after, and a route that
// slips past the journal fails loudly, naming the slice and key.
import { applyChanges, type Change } from './state-journal.js';

type Bag = Record<string, unknown>;

export interface TransactionCheck {
  /** After a commit: the state must be exactly the one before plus the journal's changes. */
  committed(state: object, changes: Change[]): void;
  /** After a rollback: the state must be exactly the one before. */
  rolledBack(state: object): void;
}

export function verifyingFromEnvironment(): boolean {
  return process.env.PROMO_SANDBOX_VERIFY === '1';
}

export function checkTransaction(state: object): TransactionCheck {
  const before = JSON.stringify(state);
  return {
    committed(after, changes) {
      const expected = JSON.parse(before) as Bag;
      applyChanges(expected, JSON.parse(JSON.stringify(changes)) as Change[]);
      compare(expected, JSON.parse(JSON.stringify(after)) as Bag, 'saved');
    },
    rolledBack(after) {
      compare(JSON.parse(before) as Bag, JSON.parse(JSON.stringify(after)) as Bag, 'undone');
    },
  };
}

/** Key order inside a slice is not compared: a rollback may put a deleted key back at the end. */
function compare(expected: Bag, actual: Bag, what: string): void {
  for (const slice of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    const want = expected[slice];
    const have = actual[slice];
    if (isRecord(want) && isRecord(have)) {
      for (const key of new Set([...Object.keys(want), ...Object.keys(have)])) {
        if (JSON.stringify(want[key]) !== JSON.stringify(have[key]))
          missed(`${slice}[${JSON.stringify(key)}]`, what);
      }
    } else if (JSON.stringify(want) !== JSON.stringify(have)) {
      missed(slice, what);
    }
  }
}

function isRecord(value: unknown): value is Bag {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function missed(where: string, what: string): never {
  throw new Error(
    `sandbox state: a change to state.${where} was not ${what} with the transaction; a route must replace ` +
      'an entry (state.slice[key] = next) instead of editing the object it read',
  );
}
