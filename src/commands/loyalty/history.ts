// promo loyalty history <card> [--all]: a member's trail, newest first: each change of its points
// with the reason, the points, the balance after and the source_id; every page with --all.
import { changeOf, nextTransactions, TRANSACTION_FIELDS, type Transaction } from '../../api/balances.js';
import { memberTransactions } from '../../api/loyalties.js';
import { printPagedList } from '../../output/paging.js';
import { type Column, formatDate } from '../../output/table.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { cursorListOptions, parsePagingFlags } from '../paging.js';
import { CARD_ARG, withCardHint } from './refs.js';

const options = defineOptions({
  ...cursorListOptions('transactions', 'follow has_more to the first transaction and print every one'),
});

const count = (value: number | null | undefined) => (typeof value === 'number' ? String(value) : '');

const columns: Column<Transaction>[] = [
  { header: 'Created', value: (t) => formatDate(t.created_at), drop: 1 },
  { header: 'Type', value: (t) => t.type },
  {
    header: 'Points',
    value: (t) => {
      const n = changeOf(t)?.amount;
      return typeof n === 'number' && n > 0 ? `+${n}` : count(n);
    },
  },
  { header: 'Balance', value: (t) => count(t.details?.balance?.balance) },
  { header: 'Source ID', value: (t) => t.source_id ?? '', drop: 2 },
  { header: 'Reason', value: (t) => t.reason ?? '', text: true, min: 10 },
];

export default defineCommand({
  path: ['loyalty', 'history'],
  fields: TRANSACTION_FIELDS,
  summary: "A member's points history: reason, points, balance after, source",
  description: `The card's transactions, newest first: points added, removed, moved in and out, expired,
activated and spent, each with its reason, the points, the balance after and its source_id (how a
change promo made is found again). One page, or every page with --all (streamed with -o ndjson or
-o csv). -o json: the service's transaction objects.`,
  examples: ['promo loyalty history LOYAL-1', 'promo loyalty history LOYAL-1 --all -o ndjson'],
  args: CARD_ARG,
  options,
  run: async ({ card, ...flags }, rt) => {
    const paging = parsePagingFlags(flags);
    const client = await rt.client();
    rt.out.csvView = {
      columns: [
        'created_at',
        'type',
        'details.balance.points',
        'details.balance.balance',
        'source_id',
        'reason',
      ],
    };
    await withCardHint(client, card, () =>
      printPagedList<Transaction>(rt.out, {
        all: paging.all,
        raw: paging.raw,
        fetch: async (start) => {
          const list = await memberTransactions(client, card, paging.limit, start);
          return { items: list.items, raw: list.page, next: nextTransactions(list) };
        },
        columns,
        empty: `No transactions on ${card}.`,
        progress: { noun: 'transactions', now: rt.ctx.now },
        moreHint: () => 'More transactions: add --all for every one.',
      }),
    );
  },
});
