// A redemption is never sent twice: the service takes no idempotency key, so each redemption promo
// sends carries a mark of its own (metadata REDEMPTION_MARK) and, when the answer is lost, promo
// looks the mark up (the rule: bulk/marked-write.ts): found once, that is the answer; not found,
// the outcome is unknown (exit 6, with the command that checks), and nothing is sent again.

import type { ApiClient } from '../../api/client.js';
import {
  findMarkedRedemptions,
  REDEMPTION_MARK,
  type RedeemAnswer,
  type Redemption,
  redeem,
} from '../../api/redemptions.js';
import type { RedeemBody } from '../../api/validations.js';
import { nodeCrypto } from '../../base/crypto.js';
import { shellQuote } from '../../base/shell.js';
import { type MarkedWrite, type Seen, writeOnce } from '../../bulk/marked-write.js';

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

/** The redemptions promo marked with `mark`, from a little before it was sent (clocks differ). */
export function listMarked(client: ApiClient, mark: string, sentAt: number): Promise<Redemption[]> {
  return findMarkedRedemptions(client, mark, new Date(sentAt - CLOCK_SLACK_MS).toISOString());
}

/**
 * What the service holds under a mark, one answer per redemption request that took effect: a
 * redemption of one code, or a stacked one's parent with its codes' (oldest first). A SUCCESS
 * wins over the FAILUREs kept beside it (an earlier attempt the service refused); FAILUREs alone
 * are the refusal.
 */
export function seenOf(found: Redemption[]): Seen<RedeemAnswer> {
  const success = found.filter((r) => r.result === 'SUCCESS');
  const writes = success
    .filter((r) => !r.redemption)
    .sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''))
    .map((top): RedeemAnswer => {
      const children = success.filter((r) => r.redemption === top.id);
      if (children.length === 0) return { redemptions: [top], order: top.order };
      return { redemptions: children, parent_redemption: top, order: top.order };
    });
  const failures = found.filter((r) => r.result === 'FAILURE');
  return {
    writes,
    ...(failures.length > 0 ? { refused: { redemptions: failures, order: failures[0]?.order } } : {}),
  };
}

/** The redemption promo marked with `mark`, as a marked write (marked-write.ts). */
export function markedRedemption(
  client: ApiClient,
  body: RedeemBody,
  mark: string,
  sentAt: number,
): MarkedWrite<RedeemAnswer> {
  return {
    what: 'the redemption',
    check: checkCommand(mark),
    send: () => redeem(client, markedBody(body, mark)),
    lookUp: async () => seenOf(await listMarked(client, mark, sentAt)),
  };
}

export interface RedeemOnce {
  answer: RedeemAnswer;
  /** The answer was lost and the redemption found by its mark. */
  foundByMark: boolean;
}

/** Redeems `body` (marked with `mark`) once; a lost answer is looked up, never sent again. */
export function redeemOnce(
  client: ApiClient,
  body: RedeemBody,
  mark: string,
  options: { now(): number; debug(line: string): void },
): Promise<RedeemOnce> {
  return writeOnce(markedRedemption(client, body, mark, options.now()), options.debug);
}
