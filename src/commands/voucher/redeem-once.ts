// A redemption is never sent twice: the service takes no idempotency key, so each redemption promo
// sends carries a mark of its own (metadata REDEMPTION_MARK) and, when the answer is lost (the
// connection broke after sending, a 502 or 504, a timeout), promo looks the mark up before anything
// else: found, it happened (its redemptions are the answer); not found, it did not, and sending it
// again is safe; the lookup unreachable, the outcome is unknown (exit 6, with the command that checks).

import type { ApiClient } from '../../api/client.js';
import {
  listRedemptions,
  REDEMPTION_MARK,
  type RedeemAnswer,
  type Redemption,
  redeem,
} from '../../api/redemptions.js';
import type { RedeemBody } from '../../api/validations.js';
import { nodeCrypto } from '../../base/crypto.js';
import { shellQuote } from '../../base/shell.js';
import { answerLost } from '../../bulk/settle.js';
import { OutcomeUnknownError } from '../../http/failures.js';

/** A fresh mark for one redemption. */
export function newMark(): string {
  return `pr_${nodeCrypto().randomUUID()}`;
}

/** The body with promo's mark in its metadata. */
export function markedBody(body: RedeemBody, mark: string): RedeemBody {
  return { ...body, metadata: { ...(body.metadata ?? {}), [REDEMPTION_MARK]: mark } };
}

/**
 * How far before the send the lookup reaches: the service's clock may be behind promo's, and the
 * mark alone picks the redemption out; the window only spares the service a search of all time.
 */
const CLOCK_SLACK_MS = 24 * 60 * 60 * 1000;

/** The command a person runs to see whether the marked redemption happened. */
export function checkCommand(mark: string): string {
  return `promo redemption list --filter ${shellQuote(`metadata.${REDEMPTION_MARK}=${mark}`)}`;
}

/** The redemptions promo marked with `mark` (a stacked one's parent and each code's), in an answer's shape. */
export async function lookUpMarked(
  client: ApiClient,
  mark: string,
  sentAt: number,
): Promise<RedeemAnswer | undefined> {
  const found = await listRedemptions(client, {
    limit: 100,
    createdAfter: new Date(sentAt - CLOCK_SLACK_MS).toISOString(),
    filters: [{ field: `metadata.${REDEMPTION_MARK}`, operator: '$is', values: [mark] }],
  });
  return found.items.length === 0 ? undefined : answerOf(found.items);
}

function answerOf(found: Redemption[]): RedeemAnswer {
  const redemptions = found.filter((r) => r.voucher);
  const parent = found.find((r) => !r.voucher);
  return {
    redemptions: redemptions.length > 0 ? redemptions : found,
    ...(parent ? { parent_redemption: parent } : {}),
    order: parent?.order ?? (redemptions.length === 1 ? redemptions[0]?.order : undefined),
  };
}

export interface RedeemOnce {
  answer: RedeemAnswer;
  /** The answer was lost and the redemption found by its mark. */
  foundByMark: boolean;
}

/** Redeems `body` (marked with `mark`) at most once, however many answers are lost on the way. */
export async function redeemOnce(
  client: ApiClient,
  body: RedeemBody,
  mark: string,
  options: { now(): number; debug(line: string): void; attempts?: number },
): Promise<RedeemOnce> {
  const marked = markedBody(body, mark);
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    const sentAt = options.now();
    try {
      return { answer: await redeem(client, marked), foundByMark: false };
    } catch (error) {
      if (!answerLost(error)) throw error;
      options.debug(`* the redemption's answer was lost; looking it up by its mark ${mark}`);
      let found: RedeemAnswer | undefined;
      try {
        found = await lookUpMarked(client, mark, sentAt);
      } catch (lookup) {
        throw unknownOutcome(error, mark, lookup);
      }
      if (found) return { answer: found, foundByMark: true };
      if (attempt >= attempts) throw unknownOutcome(error, mark);
      options.debug('* not found by its mark: it did not happen, so sending it again is safe');
    }
  }
}

function unknownOutcome(lost: unknown, mark: string, lookup?: unknown): Error {
  const why = lookup === undefined ? '' : ` Looking it up failed too: ${(lookup as Error).message}.`;
  const hint = `Whether it happened is unknown.${why} Check with: ${checkCommand(mark)}`;
  if (lost instanceof OutcomeUnknownError) return lost.withHint(hint);
  return new OutcomeUnknownError({
    method: 'POST',
    path: '/v1/redemptions',
    why: `the answer could not be used (${(lost as Error).message})`,
    lost: 'gateway',
    code: 'EANSWERLOST',
    hint,
  });
}
