// One line of a bulk run that moves money or hands out codes (BulkAction.marked), under the rule of
// marked-write.ts: a lost answer is looked up by the line's mark and never sent again in that run;
// not found, the line is `unknown`, with the time of its last send (`sent_at`). A later run looks it
// up first (found: done) and sends it again only once the landing window has passed since that
// send; after such a resend it looks again, and a second write under the mark is said and undone
// where the service allows it, both journaled (`extra`).
import type { ApiClient } from '../api/client.js';
import { ApiError } from '../base/errors.js';
import { backoffMs } from '../http/retry-policy.js';
import { errorJson } from '../output/errors.js';
import { answerLost, type Seen } from './marked-write.js';
import {
  type BulkAction,
  type Done,
  doneOutcome,
  fatalExit,
  interrupted,
  JournalLost,
  type MarkedDone,
  type MarkedLine,
  type Outcome,
  refusedForNow,
  type SettleOptions,
} from './settle.js';

type Settled = Omit<Outcome, 'attempts'>;

/** Settles one line of a money write; the outcome says how many times its request went out. */
export async function settleMarked<P>(
  client: ApiClient,
  action: BulkAction<P> & { marked: MarkedLine<P> },
  payload: P,
  options: SettleOptions,
): Promise<Outcome> {
  const line = new MarkedSettle(client, action, payload, options);
  try {
    const outcome = await line.settle();
    return { ...outcome, attempts: line.sends };
  } catch (error) {
    // Another run took the journal over: the line is that run's now, and nothing more is sent.
    if (!(error instanceof JournalLost)) throw error;
    return { status: 'unknown', attempts: line.sends, takenOver: true };
  }
}

class MarkedSettle<P> {
  sends = 0;
  private sentAt: number | undefined;
  private readonly marked: MarkedLine<P>;

  constructor(
    private readonly client: ApiClient,
    private readonly action: BulkAction<P> & { marked: MarkedLine<P> },
    private readonly payload: P,
    private readonly options: SettleOptions,
  ) {
    this.marked = action.marked;
    this.sentAt = options.lastSentAt;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** What the service holds under the line's mark, or why looking it up failed. */
  private async look(): Promise<Seen<MarkedDone> | { failed: string }> {
    try {
      return await this.marked.lookUp(this.client, this.payload);
    } catch (error) {
      if (error instanceof JournalLost) throw error;
      return { failed: (error as Error).message };
    }
  }

  private unknown(why: string): Settled {
    const message = `${why}; it may still land, so promo did not send it again. Check with: ${this.marked.check(this.payload)}`;
    return { status: 'unknown', error: { key: 'outcome_unknown', message }, sentAt: this.sentAt };
  }

  async settle(): Promise<Settled> {
    const { options } = this;
    let resend = false;
    if (options.exposed) {
      // An earlier run sent it and got no answer (or was stopped with it in flight): look first.
      const seen = await this.look();
      if ('failed' in seen)
        return this.unknown(
          `an earlier run sent it, its answer was lost and looking it up failed (${seen.failed})`,
        );
      if (seen.writes.length > 0) return this.found(seen);
      const window = options.landingWindowMs ?? 0;
      const since = this.sentAt === undefined ? undefined : this.now() - this.sentAt;
      if (since === undefined ? !options.resendUnknown : since < window) {
        const when =
          since === undefined ? 'at a time the journal does not hold' : `${Math.round(since / 1000)} s ago`;
        return this.unknown(
          `an earlier run sent it ${when} and its answer was lost; not found under its mark yet, and a request may land up to ${Math.round(window / 1000)} s after it was sent (a --resume after that sends it again)`,
        );
      }
      resend = true;
    } else if (options.lostBefore) {
      // An earlier attempt got a 5xx that is not a lost answer: the service may have acted still.
      const seen = await this.look();
      if ('failed' in seen)
        return this.unknown(`an earlier attempt failed and looking it up failed (${seen.failed})`);
      if (seen.writes.length > 0) return this.found(seen);
    }
    let lastError: unknown;
    for (let attempt = 0; attempt <= options.retries; attempt++) {
      if (options.stop.aborted)
        return options.exposed ? this.unknown('interrupted') : { status: 'failed', error: interrupted };
      this.sends += 1;
      if (this.sends > 1) options.onRepeat?.(this.sends);
      this.sentAt = this.now();
      try {
        const done = await this.action.send(this.client, this.payload);
        return resend ? await this.lookAgain(done) : doneOutcome(this.action, done);
      } catch (error) {
        lastError = error;
        const settled = await this.afterError(error, resend);
        if (settled) return settled;
        await options.sleep(backoffMs(attempt), options.stop);
      }
    }
    return { status: 'failed', error: errorJson(lastError) };
  }

  /** What an error to a send means; undefined: the service did not act, send it again. */
  private async afterError(error: unknown, resend: boolean): Promise<Settled | undefined> {
    if (error instanceof JournalLost) throw error;
    const { action, options } = this;
    if (options.stop.aborted) return this.unknown(`interrupted in flight (${(error as Error).message})`);
    if (error instanceof ApiError && (resend || options.lostBefore || error.afterLostAnswer)) {
      if (action.afterLoss?.(error) === 'done')
        return { status: action.status, done: { code: action.code(this.payload) } };
    }
    // A 500 may come after the service acted: for money it is looked up like a lost answer.
    if (answerLost(error) || (error instanceof ApiError && error.status === 500)) {
      const seen = await this.look();
      if ('failed' in seen)
        return this.unknown(`${(error as Error).message}; looking it up failed too (${seen.failed})`);
      if (seen.writes.length > 0) return this.found(seen);
      // The line's first request ever, refused under its mark: that refusal is this request's.
      if (seen.refused && this.options.firstRun && this.sends === 1) {
        const key = seen.refused.refusal ?? 'refused';
        const message = `the service refused it (${key}): found by its mark after the answer was lost`;
        return { status: 'failed', error: { key, message } };
      }
      return this.unknown(`${(error as Error).message}; not found under its mark`);
    }
    if (refusedForNow(error) && fatalExit(error) === undefined) return undefined;
    const reason = action.skips?.(error);
    if (reason) return { status: 'skipped', error: { key: 'skipped', message: reason } };
    return { status: 'failed', error: errorJson(error), fatal: fatalExit(error) };
  }

  /** After a resend answered: a second write under the mark is the first one landing late. */
  private async lookAgain(done: Done): Promise<Settled> {
    const seen = await this.look();
    return 'failed' in seen ? { status: this.action.status, done } : this.found(seen);
  }

  /**
   * The line's writes under its mark: one is the line done. More (a request that landed after its
   * window): the first still in force is kept, each other one not undone yet is said on stderr and
   * undone where the service allows it; one that could not be undone leaves the line unknown, for a
   * resume to look at again.
   */
  private async found(seen: Seen<MarkedDone>): Promise<Settled> {
    const { writes } = seen;
    const kept = writes.find((w) => !w.undone) ?? writes[0]!;
    const extras = writes.filter((w) => w !== kept && !w.undone);
    if (extras.length === 0) return { status: this.action.status, done: kept };
    const check = this.marked.check(this.payload);
    const ids = extras.map((w) => w.id ?? '?').join(', ');
    const head = `${writes.length} writes carry the mark of one line (kept ${kept.id ?? '?'}; extra ${ids}): a request landed after its landing window`;
    if (!this.marked.undo) {
      this.options.tell?.(`${head}; the service cannot undo them. See: ${check}`);
      return { status: this.action.status, done: kept, extra: { id: ids, error: 'cannot be undone' } };
    }
    const undoneBy: string[] = [];
    for (const extra of extras) {
      try {
        undoneBy.push(await this.marked.undo(this.client, this.payload, extra));
      } catch (error) {
        // Left unknown: a resume looks the mark up again and undoes what is still not undone.
        const why = (error as Error).message;
        this.options.tell?.(`${head}; undoing ${extra.id ?? 'it'} failed: ${why}. See: ${check}`);
        return {
          status: 'unknown',
          done: kept,
          error: {
            key: 'extra_not_undone',
            message: `${head}; undoing ${extra.id ?? 'it'} failed (${why}); a --resume tries again`,
          },
          extra: { id: ids, error: why },
        };
      }
    }
    this.options.tell?.(`${head}; promo undid ${ids} (${undoneBy.join(', ')}).`);
    return { status: this.action.status, done: kept, extra: { id: ids, undone_by: undoneBy.join(', ') } };
  }
}
