// The trail of gift and loyalty cards (`vtx_...`), one slice for both. Each transaction is keyed
// `${voucher_id}/${id}`, so that a card's trail is a range of the slice's key index (state-query.ts
// keysWithPrefix): a card's history or a look-up by source_id reads that card's entries alone, not
// every card's (10,000 point changes make 10,000 entries).
import { keysWithPrefix } from './state-query.js';
import type { SandboxState } from './types.js';
import type { Json } from './voucher-check.js';

function keyOf(voucherId: string, id: string): string {
  return `${voucherId}/${id}`;
}

/** Keeps one transaction, stored whole (the state's entries are replaced, never edited). */
export function putTransaction(state: SandboxState, transaction: Json): void {
  const key = keyOf(String(transaction.voucher_id), String(transaction.id));
  Object.defineProperty(state.transactions, key, {
    value: transaction,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** A card's transactions, in the order they happened. */
export function transactionsOfCard(state: SandboxState, voucherId: string): Json[] {
  return keysWithPrefix(state.transactions, `${voucherId}/`).map((key) => state.transactions[key] as Json);
}
