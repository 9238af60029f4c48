// A rollback is never sent twice blindly either: when its answer is lost, the redemption is read
// back (ROLLED_BACK: it happened); not rolled back, sending it again is safe; the read-back failing,
// the outcome is unknown (exit 6, with the command that checks). `already_rolled_back` to a repeat
// sent after a lost answer means the first one did it: done earlier, not a failure.

import { ALREADY_ROLLED_BACK } from 'promo-sandbox/facts/redemption-keys';
import type { ApiClient } from '../../api/client.js';
import { rollbackRedemption, rollbackStackedRedemption } from '../../api/redemption-rollbacks.js';
import { getRedemption, type Redemption } from '../../api/redemptions.js';
import { ApiError } from '../../base/errors.js';
import { shellQuote } from '../../base/shell.js';
import { answerLost } from '../../bulk/settle.js';
import { OutcomeUnknownError } from '../../http/failures.js';

export interface RolledBack {
  id: string;
  /** The service's answer: a rollback, or a stacked one's parent rollback and its rollbacks. */
  answer?: unknown;
  /** The rollbacks made, one per code. */
  rollbacks: Redemption[];
  /** The answer was lost (or a repeat found it done): the redemption read back as ROLLED_BACK. */
  doneEarlier: boolean;
}

/** A stacked redemption is the parent over its codes' redemptions: it holds no voucher of its own. */
export function isStacked(redemption: Redemption): boolean {
  return redemption.object === 'redemption' && !redemption.voucher;
}

async function send(client: ApiClient, redemption: Redemption, reason?: string) {
  const body = reason === undefined ? {} : { reason };
  if (isStacked(redemption)) {
    const answer = await rollbackStackedRedemption(client, redemption.id, body);
    return { answer, rollbacks: answer.rollbacks };
  }
  const answer = await rollbackRedemption(client, redemption.id, body);
  return { answer, rollbacks: [answer] };
}

/** Rolls `redemption` back once, however many answers are lost on the way. */
export async function rollbackOnce(
  client: ApiClient,
  redemption: Redemption,
  options: { reason?: string; debug(line: string): void; attempts?: number; lostBefore?: boolean },
): Promise<RolledBack> {
  const { id } = redemption;
  let lost = options.lostBefore === true;
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    try {
      return { id, ...(await send(client, redemption, options.reason)), doneEarlier: false };
    } catch (error) {
      const already = error instanceof ApiError && error.body.key === ALREADY_ROLLED_BACK;
      if (already && (lost || error.afterLostAnswer)) return { id, rollbacks: [], doneEarlier: true };
      if (!answerLost(error)) throw error;
      lost = true;
      options.debug(`* the rollback's answer was lost; reading ${id} back`);
      let now: Redemption;
      try {
        now = await getRedemption(client, id);
      } catch (readBack) {
        throw unknown(error, id, readBack);
      }
      if (now.status === 'ROLLED_BACK') return { id, rollbacks: [], doneEarlier: true };
      if (attempt >= attempts) throw unknown(error, id);
      options.debug(`* ${id} is not rolled back: the rollback did not happen, so sending it again is safe`);
    }
  }
}

function unknown(lost: unknown, id: string, readBack?: unknown): Error {
  const why = readBack === undefined ? '' : ` Reading it back failed too: ${(readBack as Error).message}.`;
  const hint = `Whether it was rolled back is unknown.${why} Check with: promo redemption get ${shellQuote(id)} (status ROLLED_BACK: it was)`;
  if (lost instanceof OutcomeUnknownError) return lost.withHint(hint);
  return new OutcomeUnknownError({
    method: 'POST',
    path: `/v1/redemptions/${id}/rollback`,
    why: `the answer could not be used (${(lost as Error).message})`,
    lost: 'gateway',
    code: 'EANSWERLOST',
    hint,
  });
}
