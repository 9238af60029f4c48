// A rollback is never sent twice blindly either: when its answer is lost, the redemption is read
// back (ROLLED_BACK: it happened); not rolled back, the rollback may still land, so the outcome is
// unknown (exit 6, with the command that checks; bulk/marked-write.ts). `already_rolled_back` to a
// repeat sent after a lost answer means the first one did it: done earlier, not a failure.

import { ALREADY_ROLLED_BACK } from 'promo-sandbox/facts/redemption-keys';
import type { ApiClient } from '../../api/client.js';
import { rollbackRedemption, rollbackStackedRedemption } from '../../api/redemption-rollbacks.js';
import { getRedemption, type Redemption } from '../../api/redemptions.js';
import { ApiError } from '../../base/errors.js';
import { shellQuote } from '../../base/shell.js';
import { type MarkedWrite, writeOnce } from '../../bulk/marked-write.js';

export interface RolledBack {
  id: string;
  /** The service's answer: a rollback, or a stacked one's parent rollback and its rollbacks. */
  answer?: unknown;
  /** The rollbacks made, one per code. */
  rollbacks: Redemption[];
  /** The answer was lost (or a repeat found it done): the redemption read back as ROLLED_BACK. */
  doneEarlier: boolean;
}

/** The mark of a rollback: its redemption's status, once it happened. */
export const isRolledBack = (redemption: Pick<Redemption, 'status'>): boolean =>
  redemption.status === 'ROLLED_BACK';

/** A stacked redemption is the parent over its codes' redemptions: it holds no voucher of its own. */
export function isStacked(redemption: Redemption): boolean {
  return redemption.object === 'redemption' && !redemption.voucher;
}

/** The rollback's request, once; what follows a lost answer is the caller's. */
export async function sendRollback(client: ApiClient, redemption: Redemption, reason?: string) {
  const body = reason === undefined ? {} : { reason };
  if (isStacked(redemption)) {
    const answer = await rollbackStackedRedemption(client, redemption.id, body);
    return { answer, rollbacks: answer.rollbacks };
  }
  const answer = await rollbackRedemption(client, redemption.id, body);
  return { answer, rollbacks: [answer] };
}

/** The command that shows whether a redemption was rolled back. */
export function rollbackCheck(id: string): string {
  return `promo redemption get ${shellQuote(id)} (status ROLLED_BACK: it was rolled back)`;
}

/** Rolls `redemption` back once: a lost answer is read back, never sent again (marked-write.ts). */
export async function rollbackOnce(
  client: ApiClient,
  redemption: Redemption,
  options: { reason?: string; debug(line: string): void; lostBefore?: boolean },
): Promise<RolledBack> {
  const { id } = redemption;
  const earlier: RolledBack = { id, rollbacks: [], doneEarlier: true };
  // The mark of a rollback is its redemption's status: ROLLED_BACK once it happened.
  const write: MarkedWrite<RolledBack> = {
    what: `the rollback of ${id}`,
    check: rollbackCheck(id),
    send: async () => ({
      id,
      ...(await sendRollback(client, redemption, options.reason)),
      doneEarlier: false,
    }),
    lookUp: async () => ({
      writes: isRolledBack(await getRedemption(client, id)) ? [earlier] : [],
    }),
  };
  try {
    return (await writeOnce(write, options.debug)).answer;
  } catch (error) {
    // A rollback repeated after a lost answer (an earlier run's): the first one did it.
    const already = error instanceof ApiError && error.body.key === ALREADY_ROLLED_BACK;
    if (already && (options.lostBefore === true || error.afterLostAnswer)) return earlier;
    throw error;
  }
}
