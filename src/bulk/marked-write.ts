// The one rule for the writes that move money or hand out codes (a redemption, a rollback, a
// balance change, a publication; points and reward redemptions later), which the service takes no
// idempotency key for. Each carries a mark of promo's (a redemption's metadata promo_request_id, a
// balance change's or a publication's source_id; a rollback's mark is its redemption's status).
//
// After a lost answer (--timeout, a connection lost after the request went out, a 502 or 504, a
// 2xx whose body cannot be read) promo looks the mark up: one write found is the answer (promo
// never sent it twice, so one seen is once). None found proves nothing: the request may still be on
// its way (a slow service lands it after promo stopped waiting), so it is NOT sent again; the
// outcome is unknown (exit 6 with the command that checks; `unknown` in a bulk journal). It is sent
// again only when promo knows the first cannot land any more: on a later --resume (or
// --resend-unknown), when the line's last send is older than the landing window. After such a
// resend promo looks again: two writes under one mark are said on stderr, and the extra one undone
// where the service allows it (settle-marked.ts).
import { UnreadableAnswerError } from '../api/answer.js';
import { ApiError, ExitCode, PromoError, UsageError } from '../base/errors.js';
import { OutcomeUnknownError } from '../http/failures.js';

/**
 * The request went out and no answer tells what became of it: the connection broke after it was
 * sent (or --timeout struck then), a gateway answered 502/504 in the service's place, or the
 * service answered 2xx with a body promo cannot read (it acted, but on what?). Bulk
 * requests are sent as not idempotent, so that the transport reports these instead of retrying.
 */
export function answerLost(error: unknown): boolean {
  if (error instanceof OutcomeUnknownError) return true;
  // The service said yes (2xx) with a body promo cannot read: it acted, on what it cannot say.
  if (error instanceof UnreadableAnswerError) return true;
  return error instanceof ApiError && (error.status === 502 || error.status === 504);
}

/** What the service holds under a mark. */
export interface Seen<W> {
  /** The writes that took effect, oldest first (undone ones included). */
  writes: W[];
  /** A refusal the service keeps under the mark (a FAILURE redemption), in its own shape. */
  refused?: W;
}

export interface MarkedWrite<W> {
  /** In words: 'the redemption', 'the balance change'. */
  what: string;
  /** The promo command that shows what the service holds under the mark. */
  check: string;
  send(): Promise<W>;
  lookUp(): Promise<Seen<W>>;
}

export interface Written<W> {
  answer: W;
  /** The answer was lost and the write found by its mark: exactly one there. */
  foundByMark: boolean;
}

/**
 * How long after its last send a request may still land. A request promo gave up on may wait in a
 * proxy, a load balancer or the service's own queue: those give up on a request within a minute or
 * two (60 s is the common default of load balancers and reverse proxies), so five minutes past
 * promo's own --timeout leave a wide margin. PROMO_LANDING_WINDOW (seconds) overrides it.
 */
export const LANDING_MARGIN_MS = 5 * 60 * 1000;
export const LANDING_WINDOW_ENV = 'PROMO_LANDING_WINDOW';

export function landingWindowMs(env: Record<string, string | undefined>, timeoutMs: number): number {
  const raw = env[LANDING_WINDOW_ENV];
  if (raw === undefined || raw.trim() === '') return timeoutMs + LANDING_MARGIN_MS;
  const seconds = /^\d{1,6}(\.\d{1,3})?$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(seconds))
    throw new UsageError(`${LANDING_WINDOW_ENV} must be a number of seconds (0 to 999999), not '${raw}'`);
  return Math.round(seconds * 1000);
}

/** The words of an unknown outcome: nothing sent again, and the command that checks. */
export function unknownWords(what: string, check: string): string {
  return `Whether ${what} happened is unknown: not found by its mark yet, and a service slower than --timeout may still act on it. Check with: ${check}`;
}

/**
 * One command's write: sent once, and after a lost answer looked up by its mark, never sent again.
 * Found once: that is the answer. A refusal under a fresh mark (none found) is this request's.
 */
export async function writeOnce<W>(
  write: MarkedWrite<W>,
  debug: (line: string) => void,
): Promise<Written<W>> {
  try {
    return { answer: await write.send(), foundByMark: false };
  } catch (error) {
    if (!answerLost(error)) throw error;
    debug(`* the answer to ${write.what} was lost; looking it up by its mark`);
    let seen: Seen<W>;
    try {
      seen = await write.lookUp();
    } catch (lookup) {
      throw unknownOutcome(write, error, lookup);
    }
    if (seen.writes.length === 1) return { answer: seen.writes[0]!, foundByMark: true };
    if (seen.writes.length === 0 && seen.refused !== undefined)
      return { answer: seen.refused, foundByMark: true };
    if (seen.writes.length === 0) throw unknownOutcome(write, error);
    // promo sent it once: more under its mark came from elsewhere (the same label given twice).
    throw new PromoError(
      `The answer was lost and ${seen.writes.length} writes carry the mark of ${write.what}: promo sent it once, the others came from elsewhere`,
      ExitCode.failure,
      `See them with: ${write.check}`,
    );
  }
}

function unknownOutcome(write: MarkedWrite<unknown>, lost: unknown, lookup?: unknown): Error {
  const why = lookup === undefined ? '' : ` Looking it up failed too: ${(lookup as Error).message}.`;
  const hint = `${unknownWords(write.what, write.check)}${why}`;
  if (lost instanceof OutcomeUnknownError) return lost.withHint(hint);
  const [method = 'POST', path = ''] =
    lost instanceof UnreadableAnswerError ? lost.operation.split(' ') : ['POST', ''];
  return new OutcomeUnknownError({
    method,
    path,
    why: `the answer could not be used (${(lost as Error).message}); promo did not send it again`,
    lost: 'gateway',
    code: 'EANSWERLOST',
    hint,
  });
}
