// Balance changes of gift and loyalty cards (`POST /v1/vouchers/{code}/balance`) and their trail
// (`GET /v1/vouchers/{code}/transactions`, newest first). The service takes no idempotency key for a
// change: the transport never repeats one, and a caller that lost an answer reads the transactions
// back, looking for the `source_id` it gave the change (findTransaction), before it sends again.
import {
  anything,
  type Checked,
  flag,
  type ListAnswer,
  maybe,
  number,
  object,
  readAnswer,
  readListAnswer,
  text,
} from './answer.js';
import { type ApiClient, type ApiRequest, encodePath } from './client.js';

export interface BalanceChange {
  /** Hundredths for a gift card, points for a loyalty card; negative removes. */
  amount: number;
  source_id?: string;
  reason?: string;
}

const BALANCE_ANSWER = object({
  amount: number,
  total: maybe(number),
  balance: number,
  type: maybe(text),
  object: maybe(text),
});
export type Balance = Checked<typeof BALANCE_ANSWER>;

export function balanceRequest(code: string, change: BalanceChange): ApiRequest {
  return {
    method: 'POST',
    path: encodePath`/v1/vouchers/${code}/balance`,
    json: change,
    auth: 'app',
    idempotent: false,
    mutates: true,
  };
}

/** Throws OutcomeUnknownError when the answer was lost: see findTransaction. */
export async function changeBalance(
  client: ApiClient,
  code: string,
  change: BalanceChange,
): Promise<Balance> {
  return readAnswer(
    await client.call(balanceRequest(code, change)),
    BALANCE_ANSWER,
    'POST /v1/vouchers/{code}/balance',
  );
}

/**
 * A transaction's balance: a gift card's change is its `amount`; a loyalty card's is its `points`
 * (the sandbox writes both, the service may write `points` alone). Read it with changeOf.
 */
const TRAIL_BALANCE = object({
  amount: maybe(number),
  points: maybe(number),
  total: maybe(number),
  balance: maybe(number),
  type: maybe(text),
  object: maybe(text),
});

export const TRANSACTION = object({
  id: text,
  source_id: maybe(text),
  type: text,
  reason: maybe(text),
  created_at: maybe(text),
  details: maybe(object({ balance: maybe(TRAIL_BALANCE) })),
  voucher_id: maybe(text),
  campaign_id: maybe(text),
  source: maybe(text),
  related_transaction_id: maybe(anything),
});
export type Transaction = Checked<typeof TRANSACTION>;

/** The change a transaction made, as a balance change answers it (`amount` in the card's unit). */
export function changeOf(t: Transaction): Balance | undefined {
  const b = t.details?.balance;
  const amount = b?.amount ?? b?.points;
  if (!b || typeof amount !== 'number' || typeof b.balance !== 'number') return undefined;
  return { ...b, amount, balance: b.balance };
}

/** The top-level fields of a transaction (for --fields). */
export const TRANSACTION_FIELDS = [
  'id',
  'source_id',
  'voucher_id',
  'campaign_id',
  'source',
  'reason',
  'type',
  'details',
  'related_transaction_id',
  'created_at',
] as const;

export const TRANSACTION_PAGE = object({ has_more: maybe(flag), more_starting_after: maybe(text) });
export type TransactionList = ListAnswer<Transaction, Checked<typeof TRANSACTION_PAGE>>;

export function transactionsRequest(code: string, limit?: number, startingAfter?: string): ApiRequest {
  const query = new URLSearchParams();
  if (limit !== undefined) query.set('limit', String(limit));
  if (startingAfter !== undefined) query.set('starting_after_id', startingAfter);
  return { method: 'GET', path: encodePath`/v1/vouchers/${code}/transactions`, query, auth: 'app' };
}

export async function listTransactions(
  client: ApiClient,
  code: string,
  limit?: number,
  startingAfter?: string,
): Promise<TransactionList> {
  return readListAnswer(
    await client.call(transactionsRequest(code, limit, startingAfter)),
    TRANSACTION,
    'data',
    'GET /v1/vouchers/{code}/transactions',
    TRANSACTION_PAGE,
  );
}

/** Where the page after this one starts, or undefined on the last page. */
export function nextTransactions(list: TransactionList): string | undefined {
  return list.page.has_more ? (list.page.more_starting_after ?? list.items.at(-1)?.id) : undefined;
}

/** Every transaction of the card carrying this source_id, oldest first (a lost answer's look-up). */
export async function findTransactions(
  client: ApiClient,
  code: string,
  sourceId: string,
): Promise<Transaction[]> {
  const found: Transaction[] = [];
  let start: string | undefined;
  do {
    const page = await listTransactions(client, code, 100, start);
    found.push(...page.items.filter((t) => t.source_id === sourceId));
    start = nextTransactions(page);
  } while (start !== undefined);
  return found.reverse();
}

/**
 * The card's transaction carrying this source_id, newest first, or undefined. Walks until it finds
 * it: a change promo just made is on the first page unless many changes came since.
 */
export async function findTransaction(
  client: ApiClient,
  code: string,
  sourceId: string,
): Promise<Transaction | undefined> {
  let start: string | undefined;
  do {
    const page = await listTransactions(client, code, 100, start);
    const found = page.items.find((t) => t.source_id === sourceId);
    if (found) return found;
    start = nextTransactions(page);
  } while (start !== undefined);
  return undefined;
}
