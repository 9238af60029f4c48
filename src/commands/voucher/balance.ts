// promo voucher balance <code> (--add A | --remove A): a manual change of a gift card's credits (in
// currency units) or a loyalty card's points, with a reason. The service takes no idempotency key,
// so each change carries a source_id (promo's own unless --source-id); after a lost answer promo
// reads the card's transactions back for it and never sends it again (balance-once.ts).
import type { Balance } from '../../api/balances.js';
import { getVoucher } from '../../api/vouchers.js';
import { UsageError } from '../../base/errors.js';
import { parseBulkFlags } from '../../bulk/index.js';
import { type Column, formatMoney } from '../../output/table.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { againOption, bulkOptions } from '../bulk-options.js';
import { parseMoney } from '../shared/values.js';
import { BALANCE_INPUT_HELP, balanceMany } from './balance-input.js';
import { changeOnce, VOUCHER_ROUTE } from './balance-once.js';
import { BALANCE_CSV, showBalance } from './balance-show.js';
import { checkCode } from './code.js';
import { withMissingHint } from './missing.js';

const options = defineOptions({
  add: {
    type: 'value',
    value: 'amount',
    help: 'add this: currency units on a gift card (10.50), points on a loyalty card',
  },
  remove: { type: 'value', value: 'amount', help: 'remove this (the service refuses more than the balance)' },
  reason: { type: 'value', value: 'text', help: 'why: kept on the transaction' },
  sourceId: {
    type: 'value',
    value: 'id',
    help: 'your label for the change (default: one promo makes), how a lost answer is looked up',
  },
  input: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'many changes: NDJSON or CSV (code, add or remove, reason, source_id), or - for stdin',
  },
  dryRun: { type: 'switch', help: 'with --input: print the requests, send nothing' },
  ...bulkOptions,
  ...againOption,
});

function points(text: string, flag: string): number {
  if (!/^\d{1,15}$/.test(text.trim()) || Number(text) === 0) {
    throw new UsageError(`${flag} on a loyalty card takes whole points such as 250, not '${text}'`);
  }
  return Number(text);
}

/** The signed change, in the card's unit: hundredths for a gift card, points for a loyalty card. */
function signedAmount(type: unknown, text: string, flag: string): number {
  if (type === 'LOYALTY_CARD') return points(text, flag);
  if (type !== 'GIFT_VOUCHER') {
    throw new UsageError('only gift cards and loyalty cards have a balance; this code is a discount');
  }
  const hundredths = parseMoney(text, flag);
  if (hundredths === 0) throw new UsageError(`${flag} must be more than 0`);
  return hundredths;
}

export default defineCommand({
  path: ['voucher', 'balance'],
  summary: "Show a gift card's credits or a loyalty card's points, or add to or remove from them",
  description: `With no --add or --remove: the card's balance (currency units on a gift card, points on a
loyalty card; -o json: the voucher's gift or loyalty_card object). With one: one manual change, with a reason kept on the card's trail (promo voucher transactions).
Gift cards take currency units (10.50), loyalty cards whole points; a loyalty card needs a holder. The
service refuses a removal beyond the balance, and promo says so in words. Prints the service's answer
(amount, total, balance). A change whose answer was lost (a timeout, a connection lost, a 502 or 504, a
2xx that cannot be read) is never sent again: each carries a source_id (promo's own unless
--source-id) and promo reads the transactions back; not there yet, the outcome is unknown (exit 6,
with the command that checks), as the change may still land. A --source-id names one change: the card
already holding the same change (same amount, added or removed) under it, it is not sent again
(exit 0, said so), so a script may repeat the command safely; another change under a label the card
holds is refused (exit 2, nothing sent). On one machine, runs with the same label for the same card
go one at a time.
${BALANCE_INPUT_HELP}`,
  examples: [
    'promo voucher balance GIFT-7Q2',
    'promo voucher balance GIFT-7Q2 --add 10.00 --reason "late delivery"',
    'promo voucher balance LOYAL-1 --remove 250 --reason "granted by mistake"',
    'promo voucher balance GIFT-7Q2 --remove 5 --source-id ticket-4411 -o json',
    'promo voucher balance --input top-ups.csv --results top-ups.ndjson',
  ],
  args: { code: { help: 'gift card or loyalty card code (none with --input)', parse: checkCode } },
  options,
  run: async ({ code, add, remove, reason, sourceId, input, dryRun, ...flags }, rt) => {
    const bulk = parseBulkFlags({ ...flags, input });
    if (input !== undefined) {
      const single =
        code ??
        [add && '--add', remove && '--remove', reason && '--reason', sourceId && '--source-id'].find(Boolean);
      if (single)
        throw new UsageError(`${code ? 'a code' : single} goes without --input: each line says its own`);
      return balanceMany(input, { bulk, dryRun }, rt);
    }
    if (dryRun) throw new UsageError('--dry-run goes with --input');
    if (code === undefined) throw new UsageError("give the card's code, or --input");
    if (add === undefined && remove === undefined) {
      if (reason !== undefined || sourceId !== undefined)
        throw new UsageError(
          `${reason !== undefined ? '--reason' : '--source-id'} goes with --add or --remove`,
        );
      return showBalance(code, rt);
    }
    if (add !== undefined && remove !== undefined) throw new UsageError('give --add or --remove, not both');
    if (sourceId !== undefined && sourceId.trim() === '')
      throw new UsageError('--source-id must not be empty');
    const flag = add !== undefined ? '--add' : '--remove';
    // Checked before anything is sent: any amount is money-shaped (points are whole numbers too).
    parseMoney((add ?? remove) as string, flag);
    const client = await rt.client();
    const voucher = await withMissingHint(client, code, () => getVoucher(client, code));
    const size = signedAmount(voucher.type, (add ?? remove) as string, flag);
    const amount = add !== undefined ? size : -size;
    const gift = voucher.type === 'GIFT_VOUCHER';
    const show = (n: number) => `${n > 0 ? '+' : ''}${gift ? formatMoney(n) : n}`;
    const answer = await changeOnce(rt, VOUCHER_ROUTE, { code, amount, reason, sourceId, show });
    rt.out.csvView = BALANCE_CSV;
    await rt.out.record(answer, balanceColumns(gift));
  },
});

function balanceColumns(gift: boolean): Column<Balance>[] {
  const show = (value: unknown) => (gift ? formatMoney(value) : String(value ?? ''));
  return [
    { header: 'Change', value: (b) => (b.amount > 0 ? '+' : '') + show(b.amount) },
    { header: 'Balance', value: (b) => show(b.balance) },
    { header: 'Total', value: (b) => show(b.total) },
    { header: 'Card', value: (b) => b.type ?? '' },
  ];
}
