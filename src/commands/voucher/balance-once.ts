// One manual change of a card's balance, never applied twice, whichever route carries it: a
// voucher's balance (`voucher balance`) or a loyalty member's points (`loyalty points`). The service
// takes no idempotency key, so each change carries a source_id (promo's own unless the caller gave a
// label); after a lost answer promo reads the card's transactions back for it and never sends it
// again (bulk/marked-write.ts). A label of the caller's names one change (balance-label.ts).
import { BALANCE_KEY_WORDS } from 'promo-sandbox/facts/balances';
import {
  type Balance,
  balanceRequest,
  changeBalance,
  changeOf,
  findTransactions,
} from '../../api/balances.js';
import type { ApiClient, ApiRequest } from '../../api/client.js';
import { nodeCrypto } from '../../base/crypto.js';
import { ApiError, type PromoError, RefusedError } from '../../base/errors.js';
import { shellQuote } from '../../base/shell.js';
import { type MarkedWrite, writeOnce } from '../../bulk/marked-write.js';
import type { Runtime } from '../../runtime/runtime.js';
import { heldUnderLabel, underLabelLock } from './balance-label.js';

/** A change as it goes out: signed, in the card's unit, with its mark. */
export interface SentChange {
  amount: number;
  source_id: string;
  reason?: string;
  /** Points only: `YYYY-MM-DD` or `never` (none: the program's rules). */
  expires?: string;
}

/** How a change reaches the card, and the command that shows the card's trail. */
export interface ChangeRoute {
  request(code: string, change: SentChange): ApiRequest;
  send(client: ApiClient, code: string, change: SentChange): Promise<Balance>;
  /** `promo voucher transactions` or `promo loyalty history`: followed by the code. */
  trail: string;
  /** The service's refusals in words, where this route says them otherwise (BALANCE_KEY_WORDS). */
  words?: Record<string, string>;
}

export interface OneChange {
  code: string;
  /** Signed, in the card's unit. */
  amount: number;
  reason?: string;
  expires?: string;
  /** The caller's label; none: promo makes one. */
  sourceId?: string;
  /** The amount in words (`+10.00`, `-250`). */
  show(amount: number): string;
}

/** Changes go to `POST /v1/vouchers/{code}/balance`. */
export const VOUCHER_ROUTE: ChangeRoute = {
  request: (code, { amount, source_id, reason }) =>
    balanceRequest(code, { amount, source_id, ...(reason === undefined ? {} : { reason }) }),
  send: (client, code, { amount, source_id, reason }) =>
    changeBalance(client, code, { amount, source_id, ...(reason === undefined ? {} : { reason }) }),
  trail: 'promo voucher transactions',
};

export function refusedInWords(error: ApiError, code: string, said = BALANCE_KEY_WORDS): PromoError {
  const key = error.body.key ?? '';
  const words = said[key];
  if (!words) return error;
  return new RefusedError(`Refused: ${code}: ${words} (${key}); nothing changed`, error, error.hint);
}

/** Sends the change once; after a lost answer, reads the trail for its source_id (marked-write.ts). */
async function sendOnce(
  rt: Runtime,
  route: ChangeRoute,
  change: OneChange,
  sourceId: string,
): Promise<Balance> {
  const client = await rt.client();
  const { code, amount, reason, expires } = change;
  const sent: SentChange = { amount, source_id: sourceId, reason, ...(expires ? { expires } : {}) };
  const write: MarkedWrite<Balance> = {
    what: 'the balance change',
    check: `${route.trail} ${shellQuote(code)} (source_id ${sourceId})`,
    send: () => route.send(client, code, sent),
    lookUp: async () => ({
      writes: (await findTransactions(client, code, sourceId)).flatMap((t) => changeOf(t) ?? []),
    }),
  };
  const debug = (line: string) => {
    if (rt.globals.debug) rt.out.stderrText(line);
  };
  const { answer, foundByMark } = await writeOnce(write, debug);
  if (foundByMark)
    rt.out.notice(
      `The answer was lost; the card's transactions hold the change ${sourceId} once: it happened once.`,
    );
  return answer;
}

/** The change made once (or found made under its label); a refusal in words with the service's key. */
export async function changeOnce(rt: Runtime, route: ChangeRoute, change: OneChange): Promise<Balance> {
  const { code, amount, sourceId } = change;
  try {
    if (sourceId === undefined)
      return await sendOnce(rt, route, change, `promo-${nodeCrypto().randomBytes(8).toString('hex')}`);
    const client = await rt.client();
    // A label of your own names one change (balance-label.ts): held on the card already, the
    // same change is not sent again and another is refused; one run at a time per label.
    return await underLabelLock(rt, code, sourceId, async (sends) => {
      const held = await heldUnderLabel(client, code, sourceId, amount, change.show);
      if (!held) {
        sends.refuseWhileInFlight(`${route.trail} ${shellQuote(code)} (source_id ${sourceId})`);
        sends.sending();
        const made = await sendOnce(rt, route, change, sourceId).catch((error: unknown) => {
          // A definite refusal: nothing is in flight; a lost answer keeps the record.
          if (error instanceof ApiError) sends.settled();
          throw error;
        });
        sends.settled();
        return made;
      }
      rt.out.notice(
        `The card already holds this change (${change.show(amount)}) with source_id ${sourceId}: not sent again.`,
      );
      return held;
    });
  } catch (error) {
    throw error instanceof ApiError
      ? refusedInWords(error, code, { ...BALANCE_KEY_WORDS, ...route.words })
      : error;
  }
}
