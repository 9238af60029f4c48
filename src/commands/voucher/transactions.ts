// promo voucher transactions <code> [--all]: a gift or loyalty card's trail, newest first (balance
// changes with their reason and source_id, redemptions and refunds), streamed page by page with --all.

import { BALANCE_MONEY, GIFT_BALANCE_TYPE } from 'promo-sandbox/facts/money';
import {
  changeOf,
  listTransactions,
  nextTransactions,
  TRANSACTION_FIELDS,
  type Transaction,
} from '../../api/balances.js';
import { inUnits } from '../../output/money.js';
import { printPagedList } from '../../output/paging.js';
import { type Column, formatDate, formatMoney } from '../../output/table.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { parsePagingFlags } from '../paging.js';
import { checkCode } from './code.js';

const options = defineOptions({
  limit: { type: 'value', short: 'l', value: 'n', help: 'transactions per page, 1 to 100 (default 10)' },
  all: { type: 'switch', help: 'follow has_more to the first transaction and print every one' },
  raw: { type: 'switch', help: "print the service's whole list object of one page" },
});

/** A gift card's amounts in currency units (the service keeps hundredths), a loyalty card's in points. */
function shown(t: Transaction, value: number | null | undefined): string {
  if (typeof value !== 'number') return '';
  return t.details?.balance?.type === 'gift_voucher' ? formatMoney(value) : String(value);
}

const columns: Column<Transaction>[] = [
  { header: 'ID', value: (t) => t.id, id: true },
  // At 80 columns the date gives way before the reason: why a card changed is what is asked.
  { header: 'Created', value: (t) => formatDate(t.created_at), drop: 1 },
  { header: 'Type', value: (t) => t.type },
  { header: 'Amount', value: (t) => shown(t, changeOf(t)?.amount) },
  { header: 'Balance', value: (t) => shown(t, t.details?.balance?.balance) },
  { header: 'Source ID', value: (t) => t.source_id ?? '', drop: 2 },
  { header: 'Reason', value: (t) => t.reason ?? '', text: true, min: 10 },
];

const BALANCE_PATHS = BALANCE_MONEY.map((path) => `details.balance.${path}`);

/** CSV: the amount and balance as the table has them (a gift card's in currency units). */
const csvView = {
  columns: [
    'id',
    'created_at',
    'type',
    'details.balance.amount',
    'details.balance.balance',
    'source_id',
    'reason',
  ],
  units: (t: Transaction) => (t.details?.balance?.type === GIFT_BALANCE_TYPE ? inUnits(t, BALANCE_PATHS) : t),
};

export default defineCommand({
  path: ['voucher', 'transactions'],
  fields: TRANSACTION_FIELDS,
  summary: "A gift or loyalty card's transactions, newest first",
  description: `The card's trail: each balance change (with its reason and source_id), newest first.
In a table and in -o csv a gift card's amounts are in currency units and a loyalty card's in points;
with -o json as the service keeps them (a gift card's in hundredths). One page,
or every page with --all (streamed with -o ndjson or -o csv).`,
  examples: ['promo voucher transactions GIFT-7Q2', 'promo voucher transactions GIFT-7Q2 --all -o ndjson'],
  args: { code: { help: 'gift card or loyalty card code', required: true, parse: checkCode } },
  options,
  run: async ({ code, ...flags }, rt) => {
    rt.out.csvView = csvView;
    const paging = parsePagingFlags(flags);
    const client = await rt.client();
    await printPagedList<Transaction>(rt.out, {
      all: paging.all,
      raw: paging.raw,
      fetch: async (start) => {
        const list = await listTransactions(client, code, paging.limit, start);
        return { items: list.items, raw: list.page, next: nextTransactions(list) };
      },
      columns,
      empty: `No transactions on ${code}.`,
      progress: { noun: 'transactions', now: rt.ctx.now },
      moreHint: () => `More transactions: add --all for every one.`,
    });
  },
});
