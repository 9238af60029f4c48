// promo voucher balance <code> (--add A | --remove A): a manual change of a gift card's credits (in
// currency units) or a loyalty card's points, with a reason. The service takes no idempotency key,
// so each change carries a source_id (promo's own unless --source-id); after a lost answer promo
// reads the card's transactions back for it and sends again only when the change is not there.

import { type Balance, changeBalance, findTransaction } from '../../api/balances.js';
import { getVoucher } from '../../api/vouchers.js';
import { nodeCrypto } from '../../base/crypto.js';
import { ApiError, ExitCode, PromoError, UsageError } from '../../base/errors.js';
import { BALANCE_KEY_WORDS } from '../../facts/balances.js';
import { OutcomeUnknownError } from '../../http/failures.js';
import { type Column, formatMoney } from '../../output/table.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { parseMoney } from '../shared/values.js';
import { checkCode } from './codes-input.js';
import { withMissingHint } from './missing.js';

/** Sends after a lost answer only when the transactions show the change did not happen; this many times at most. */
const MAX_SENDS = 3;

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

function refusedInWords(error: ApiError, code: string): PromoError {
  const key = error.body.key ?? '';
  const words = BALANCE_KEY_WORDS[key];
  if (!words) return error;
  return new PromoError(`Refused: ${code}: ${words} (${key}); nothing changed`, ExitCode.failure, error.hint);
}

/** Sends the change; after a lost answer, reads the trail for its source_id before sending again. */
async function sendUntilKnown(
  rt: Runtime,
  code: string,
  amount: number,
  sourceId: string,
  reason?: string,
): Promise<Balance> {
  const client = await rt.client();
  for (let sent = 1; ; sent++) {
    try {
      return await changeBalance(client, code, { amount, source_id: sourceId, reason });
    } catch (error) {
      if (!(error instanceof OutcomeUnknownError)) throw error;
      const found = await findTransaction(client, code, sourceId);
      if (found?.details?.balance) {
        rt.out.notice(`The answer was lost; the card's transactions show the change happened (${found.id}).`);
        return found.details.balance;
      }
      if (sent >= MAX_SENDS) {
        throw error.withHint(
          `Not in the card's transactions yet: \`promo voucher transactions ${code}\` shows whether source_id ${sourceId} arrived before you change it again.`,
        );
      }
      rt.out.notice(
        `The answer was lost and the card's transactions hold no change ${sourceId}: sending it again.`,
      );
    }
  }
}

export default defineCommand({
  path: ['voucher', 'balance'],
  summary: "Add to or remove from a gift card's credits or a loyalty card's points",
  description: `One manual change, with a reason kept on the card's trail (promo voucher transactions).
Gift cards take currency units (10.50), loyalty cards whole points; a loyalty card needs a holder. The
service refuses a removal beyond the balance, and promo says so in words. Prints the service's answer
(amount, total, balance). A change whose answer was lost is never sent again blindly: each carries a
source_id (promo's own unless --source-id) and promo reads the transactions back to learn whether it
happened before sending it again. Given --source-id, a change the card already holds under that
label is not sent again: a script may repeat the command safely.`,
  examples: [
    'promo voucher balance GIFT-7Q2 --add 10.00 --reason "late delivery"',
    'promo voucher balance LOYAL-1 --remove 250 --reason "granted by mistake"',
    'promo voucher balance GIFT-7Q2 --remove 5 --source-id ticket-4411 -o json',
  ],
  args: { code: { help: 'gift card or loyalty card code', required: true, parse: checkCode } },
  options,
  run: async ({ code, add, remove, reason, sourceId }, rt) => {
    if ((add === undefined) === (remove === undefined)) {
      throw new UsageError('give --add or --remove (one of them)');
    }
    if (sourceId !== undefined && sourceId.trim() === '')
      throw new UsageError('--source-id must not be empty');
    const flag = add !== undefined ? '--add' : '--remove';
    // Checked before anything is sent: any amount is money-shaped (points are whole numbers too).
    parseMoney((add ?? remove) as string, flag);
    const client = await rt.client();
    const voucher = await withMissingHint(client, code, () => getVoucher(client, code));
    const size = signedAmount(voucher.type, (add ?? remove) as string, flag);
    const amount = add !== undefined ? size : -size;
    const label = sourceId ?? `promo-${nodeCrypto().randomBytes(8).toString('hex')}`;
    let answer: Balance;
    try {
      // A label of your own may be on the card already (a run again after a lost answer): once is enough.
      const before = sourceId === undefined ? undefined : await findTransaction(client, code, sourceId);
      if (before?.details?.balance) {
        rt.out.notice(
          `The card already holds the change with source_id ${sourceId} (${before.id}): not sent again.`,
        );
        answer = before.details.balance;
      } else answer = await sendUntilKnown(rt, code, amount, label, reason);
    } catch (error) {
      throw error instanceof ApiError ? refusedInWords(error, code) : error;
    }
    await rt.out.record(answer, balanceColumns(voucher.type === 'GIFT_VOUCHER'));
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
