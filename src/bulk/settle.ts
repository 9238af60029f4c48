// One line of a bulk run, from its request to an outcome that is true of the service: what to do
// when the answer was lost (read back, send again, or leave it `unknown`), and which answers to a
// repeat mean that the first attempt did it (a DELETE's 404, a create's 409 holding the same voucher).
import type { ApiClient, ApiRequest } from '../api/client.js';
import { ApiError, AuthError, ExitCode, NetworkError } from '../base/errors.js';
import { backoffMs } from '../http/retry-policy.js';
import { OutcomeUnknownError } from '../http/transport.js';
import { type ErrorJson, errorJson } from '../output/errors.js';
import type { LineStatus } from './journal.js';
import { answerLost, type Seen } from './marked-write.js';

export { answerLost };

/** What the service holds for a line that is done. */
export interface Done {
  code?: string;
  id?: string;
  /** An upsert that found the record: the line is journaled `updated`, not the action's status (BulkAction.alsoWrites). */
  status?: 'updated';
  /** The service held what the line asks already (a customer who had a code of the campaign): the line is `skipped`, for this reason. */
  held?: string;
}

/** The outcome of a line done: new, updated, or held already. */
export function doneOutcome<P>(action: BulkAction<P>, done: Done): Omit<Outcome, 'attempts'> {
  if (done.held !== undefined)
    return { status: 'skipped', done, error: { key: 'already_held', message: done.held } };
  return { status: done.status ?? action.status, done };
}

/** Read back: the line's change is there, is not (send it), or something else holds its place. */
export type Check = Done | 'absent' | { differs: string };

export interface BulkAction<P> {
  /** What a line done is called in the journal. */
  status: 'created' | 'updated' | 'deleted' | 'sent';
  /** Another status a line done may get (an upsert's `updated`: Done.status), which a resume accepts. */
  alsoWrites?: 'updated';
  /** The code a line names, if any: for the journal, and to read it back. */
  code(payload: P): string | undefined;
  send(client: ApiClient, payload: P): Promise<Done>;
  /** The request, for --dry-run. */
  request(payload: P): ApiRequest;
  /** What the service holds now for a line whose request may have reached it. */
  check?(client: ApiClient, payload: P): Promise<Check>;
  /** Whether `check` can tell for this line (a create can only read back a voucher whose code it knows). */
  checkable?(payload: P): boolean;
  /**
   * Lines may name the same code, each its own request (a redemption: the service says whether the
   * code allows another use). Without it a create names each code once: a later line naming it fails.
   */
  codeRepeats?: boolean;
  /** Sending it twice does no harm (a delete): a line whose answer was lost is simply sent again. */
  repeatable?: boolean;
  /** After a lost answer, an error answer that means the first attempt did it (a DELETE's 404), or that the line must be read back (a create's 409). */
  afterLoss?(error: ApiError): 'done' | 'check' | undefined;
  /** An error that is no failure, with the reason the line counts as skipped (--ignore-missing). */
  skips?(error: unknown): string | undefined;
  /** A write of money or codes, looked up by its mark after a lost answer (settle-marked.ts). */
  marked?: MarkedLine<P>;
  /**
   * A 409 (it exists already) is read back (`check`): the same as the line, it is skipped; other,
   * the line fails naming what differs (voucher create --skip-existing).
   */
  skipsExisting?: boolean;
}

/** A line's write as the service holds it; `undone`: promo undid it as an extra. */
export type MarkedDone = Done & {
  undone?: boolean;
  /** A refusal kept under the mark (Seen.refused): the service's key. */
  refusal?: string;
};

/** How a money write of a bulk run is looked up and, when it was made twice, undone once. */
export interface MarkedLine<P> {
  /** What the service holds under the line's mark, oldest first. */
  lookUp(client: ApiClient, payload: P): Promise<Seen<MarkedDone>>;
  /** Undoes an extra write, returning the id of what undid it; absent: the service cannot (a publication). */
  undo?(client: ApiClient, payload: P, extra: MarkedDone): Promise<string>;
  /** The promo command that shows what the service holds under the mark. */
  check(payload: P): string;
}

export interface Outcome {
  status: LineStatus;
  done?: Done;
  error?: ErrorJson | { key: string; message: string };
  /** The failure would fail every line after it too (credentials refused, service unreachable). */
  fatal?: number;
  /** How many times this run sent the line's request (0: read back only, or never sent). */
  attempts: number;
  /** Another run took the journal over before the line's next request: nothing is recorded. */
  takenOver?: boolean;
  /** A money write: when its last request went out (this run's or, unknown still, an earlier run's). */
  sentAt?: number;
  /** A money write found twice under its mark: the extra one, and what undid it. */
  extra?: { id?: string; undone_by?: string; error?: string };
}

export interface SettleOptions {
  /** The journal says an earlier run may have sent it (its last record is `unknown`). */
  exposed: boolean;
  /**
   * An earlier run sent it and lost its answer, whatever its last record says: a request of that
   * run may have acted or land late, so an answer meaning "done already" (a create's 409) is read
   * back, not taken as a failure. An earlier attempt that got a definite answer (a 409 included)
   * does not count: a 409 then is the service's word that the code was someone else's, and the
   * line stays failed (or skipped, with --skip-existing), never `created`.
   */
  lostBefore: boolean;
  resendUnknown: boolean;
  /** Aborted when in-flight requests are given up (second Ctrl-C, or --timeout after the first). */
  stop: AbortSignal;
  retries: number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Told before each repeat of the line's request (--debug shows it): `attempt` counts from 1. */
  onRepeat?(attempt: number): void;
  /** A money write: when an earlier run last sent it (its journal's `sent_at`). */
  lastSentAt?: number;
  /** No earlier run sent the line: whatever is under its mark came from this run. */
  firstRun?: boolean;
  /** A money write: how long after its last send a request may still land (marked-write.ts). */
  landingWindowMs?: number;
  now?(): number;
  /** Said on stderr (a write found twice under its mark). */
  tell?(message: string): void;
}

/** The service certainly did not act: a repeat is harmless when the line names its code. */
export function refusedForNow(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 503 || error.status === 500;
  return error instanceof NetworkError && !(error instanceof OutcomeUnknownError);
}

export function fatalExit(error: unknown): number | undefined {
  if (error instanceof AuthError) return ExitCode.auth;
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return ExitCode.auth;
  if (error instanceof NetworkError && ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'].includes(error.code ?? ''))
    return ExitCode.network;
  return undefined;
}

/** The line can be read back after a lost answer. */
export function canCheck<P>(action: BulkAction<P>, payload: P): boolean {
  return (action.check !== undefined || action.marked !== undefined) && (action.checkable?.(payload) ?? true);
}

const unknownBefore = { key: 'outcome_unknown', message: 'an earlier run sent it and its answer was lost' };

/** Settles one line; the outcome says how many times its request went out (the journal keeps it). */
export async function settle<P>(
  client: ApiClient,
  action: BulkAction<P>,
  payload: P,
  options: SettleOptions,
): Promise<Outcome> {
  const sends = { count: 0 };
  const counted: BulkAction<P> = {
    ...action,
    send: (c, p) => {
      sends.count += 1;
      if (sends.count > 1) options.onRepeat?.(sends.count);
      return action.send(c, p);
    },
  };
  try {
    const outcome = await settleLine(client, counted, payload, options);
    return { ...outcome, attempts: sends.count };
  } catch (error) {
    if (!(error instanceof JournalLost)) throw error;
    return { status: 'unknown', attempts: sends.count, takenOver: true };
  }
}

/**
 * Thrown before a request goes out (ApiClient.beforeAttempt, asked before every attempt: each
 * retry, each read-back and the send it allows, the transport's own repeats) once the run's journal
 * is another run's: the line is left, in flight, to that run.
 */
export class JournalLost extends Error {}

/** Rethrows what must end the line at once, whatever the attempt was. */
function passOn(error: unknown): void {
  if (error instanceof JournalLost) throw error;
}

async function settleLine<P>(
  client: ApiClient,
  action: BulkAction<P>,
  payload: P,
  options: SettleOptions,
): Promise<Omit<Outcome, 'attempts'>> {
  let exposed = options.exposed;
  let lastError: unknown;
  const checks = canCheck(action, payload);
  const unknown = (error: unknown): Omit<Outcome, 'attempts'> => ({
    status: 'unknown',
    error: error === undefined ? unknownBefore : errorJson(error),
  });
  for (let attempt = 0; attempt <= options.retries; attempt++) {
    if (exposed && checks) {
      let found: Check;
      try {
        found = await action.check!(client, payload);
      } catch (error) {
        passOn(error);
        return unknown(options.stop.aborted ? lastError : error);
      }
      if (found === 'absent') exposed = false;
      else if ('differs' in found)
        return { status: 'failed', error: { key: 'duplicate_found', message: found.differs } };
      else return { status: action.status, done: found };
    } else if (exposed && !action.repeatable && !options.resendUnknown) {
      return unknown(lastError);
    }
    if (options.stop.aborted) return exposed ? unknown(lastError) : { status: 'failed', error: interrupted };
    try {
      return doneOutcome(action, await action.send(client, payload));
    } catch (error) {
      passOn(error);
      lastError = error;
      if (options.stop.aborted) return unknown(error);
      if (error instanceof ApiError && (exposed || options.lostBefore || error.afterLostAnswer)) {
        const meaning = action.afterLoss?.(error);
        if (meaning === 'done') return { status: action.status, done: { code: action.code(payload) } };
        if (meaning === 'check' && checks) {
          exposed = true;
          continue;
        }
      }
      if (action.skipsExisting && checks && error instanceof ApiError && error.status === 409)
        return existing(client, action, payload, error);
      if (answerLost(error)) {
        if (!checks && !action.repeatable) return unknown(error);
        exposed = true;
      } else if (!((checks || action.repeatable) && refusedForNow(error) && fatalExit(error) === undefined)) {
        const reason = action.skips?.(error);
        if (reason) return { status: 'skipped', error: { key: 'skipped', message: reason } };
        return { status: 'failed', error: errorJson(error), fatal: fatalExit(error) };
      }
      await options.sleep(backoffMs(attempt), options.stop);
    }
  }
  return exposed ? unknown(lastError) : { status: 'failed', error: errorJson(lastError) };
}

export const interrupted = { key: 'interrupted', message: 'interrupted before it was sent' };

/** The line exists already: skipped when what the service holds is what it says, else failed. */
async function existing<P>(
  client: ApiClient,
  action: BulkAction<P>,
  payload: P,
  conflict: ApiError,
): Promise<Omit<Outcome, 'attempts'>> {
  let found: Check;
  try {
    found = await action.check!(client, payload);
  } catch (error) {
    passOn(error);
    return { status: 'failed', error: errorJson(error), fatal: fatalExit(error) };
  }
  if (found === 'absent') return { status: 'failed', error: errorJson(conflict) };
  if ('differs' in found)
    return { status: 'failed', error: { key: 'duplicate_found', message: found.differs } };
  return {
    status: 'skipped',
    done: found,
    error: { key: 'exists', message: 'exists already, with the same fields (--skip-existing)' },
  };
}
