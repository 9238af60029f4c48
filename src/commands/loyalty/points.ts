// promo loyalty points <card> (--add N | --remove N): one manual change of a member's points, with a
// reason and, for added points, when they expire. Never applied twice: the change carries a
// source_id (promo's own unless --source-id) and after a lost answer promo reads the card's
// transactions back for it (voucher/balance-once.ts, which voucher balance uses too). --input makes
// many through the journal (voucher/balance-input.ts).
import type { Balance } from '../../api/balances.js';
import { UsageError } from '../../base/errors.js';
import { parseBulkFlags } from '../../bulk/index.js';
import type { Column } from '../../output/table.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { againOption, bulkOptions } from '../bulk-options.js';
import { balanceMany } from '../voucher/balance-input.js';
import { parseExpires } from '../voucher/balance-lines.js';
import { changeOnce } from '../voucher/balance-once.js';
import { POINTS_INPUT, POINTS_ROUTE } from './points-route.js';
import { CARD_ARG, withCardHint } from './refs.js';

const options = defineOptions({
  add: { type: 'value', value: 'n', help: 'add this many points (a whole number above 0)' },
  remove: { type: 'value', value: 'n', help: 'remove this many points, soonest-expiring first' },
  reason: { type: 'value', value: 'text', help: 'why: kept on the transaction' },
  expires: {
    type: 'value',
    value: 'date',
    help: "with --add: the day the points expire (YYYY-MM-DD), or never (default: the program's rules)",
  },
  sourceId: {
    type: 'value',
    value: 'id',
    help: 'your label for the change (an order number, a ticket): the same label is never applied twice',
  },
  input: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'many changes: NDJSON or CSV (code, add or remove, reason, source_id, expires), or - for stdin',
  },
  dryRun: { type: 'switch', help: 'with --input: print the requests, send nothing' },
  ...bulkOptions,
  ...againOption,
});

/** A point count: a whole number above 0, named by its flag when it is not. */
function pointCount(text: string, flag: string): number {
  if (!/^\d{1,15}$/.test(text.trim()) || Number(text) === 0)
    throw new UsageError(`${flag} takes a whole number of points above 0, such as 250; not '${text}'`);
  return Number(text);
}

const columns: Column<Balance>[] = [
  { header: 'Change', value: (b) => (b.amount > 0 ? '+' : '') + String(b.amount) },
  { header: 'Balance', value: (b) => String(b.balance) },
  { header: 'Total', value: (b) => String(b.total ?? '') },
];

export default defineCommand({
  path: ['loyalty', 'points'],
  summary: "Add points to a member's card or remove them, never twice",
  description: `One manual change with a reason kept on the card's trail (promo loyalty history). Added points
expire on the day --expires gives, never with --expires never, else as the program's rules say;
removed points are taken soonest-expiring first. Removing more than the balance is refused by the
service (exit 1, its key and what it means). A change whose answer was lost is never sent again:
it carries a source_id (promo's own unless --source-id) and promo reads the card's transactions
back; not there yet, the outcome is unknown (exit 6, with the command that checks). A --source-id
the card already holds with the same change is not sent again (exit 0, said so): give the order or
ticket number and the command can be repeated safely.
--input FILE|- makes one change per line (NDJSON or CSV: code, add or remove, reason, source_id,
expires), through the journal: each line applied once across kills and --resume.`,
  examples: [
    'promo loyalty points LOYAL-1 --add 250 --reason "missed order 1042" --source-id order-1042',
    'promo loyalty points LOYAL-1 --add 100 --expires 2026-12-31',
    'promo loyalty points LOYAL-1 --remove 50 --reason "returned item"',
    'promo loyalty points --input missed-points.csv --results missed-points.ndjson',
  ],
  args: {
    card: { ...CARD_ARG.card, required: false, help: "the member's loyalty card code (none with --input)" },
  },
  options,
  run: async ({ card, add, remove, reason, expires, sourceId, input, dryRun, ...flags }, rt) => {
    const bulk = parseBulkFlags({ ...flags, input });
    if (input !== undefined) {
      const single =
        card ??
        [
          add && '--add',
          remove && '--remove',
          reason && '--reason',
          expires && '--expires',
          sourceId && '--source-id',
        ].find(Boolean);
      if (single)
        throw new UsageError(`${card ? 'a card' : single} goes without --input: each line says its own`);
      return balanceMany(input, { bulk, dryRun }, rt, POINTS_INPUT);
    }
    if (dryRun) throw new UsageError('--dry-run goes with --input');
    if (card === undefined) throw new UsageError("give the member's card code, or --input");
    if ((add === undefined) === (remove === undefined))
      throw new UsageError('give --add or --remove (one of them)');
    const flag = add !== undefined ? '--add' : '--remove';
    const size = pointCount((add ?? remove) as string, flag);
    if (expires !== undefined && remove !== undefined)
      throw new UsageError('--expires goes with --add: removed points have no expiry');
    if (sourceId !== undefined && sourceId.trim() === '')
      throw new UsageError('--source-id must not be empty');
    const change = {
      code: card,
      amount: add !== undefined ? size : -size,
      reason,
      sourceId,
      ...(expires === undefined ? {} : { expires: parseExpires(expires, '--expires') }),
      show: (n: number) => `${n > 0 ? '+' : ''}${n}`,
    };
    const client = await rt.client();
    const answer = await withCardHint(client, card, () => changeOnce(rt, POINTS_ROUTE, change));
    await rt.out.record(answer, columns);
  },
});
