// One line of a bulk run, from its request to an outcome that is true of the service: what to do
// when the answer was lost (read back, send again, or leave it `unknown`), and which answers to a
// repeat mean that the first attempt did it (a DELETE's 404, a create's 409 holding the same voucher).
import { UnreadableAnswerError } from '../api/answer.js';
import type { ApiClient, ApiRequest } from '../api/client.js';
import { ApiError, AuthError, ExitCode, NetworkError } from '../base/errors.js';
import { backoffMs } from '../http/retry-policy.js';
import { OutcomeUnknownError } from '../http/transport.js';
import { type ErrorJson, errorJson } from '../output/errors.js';
import type { LineStatus } from './journal.js';

/** What the service holds for a line that is done. */
export interface Done {
  code?: string;
  id?: string;
}

/** Read back: the line's change is there, is not (send it), or something else holds its place. */
export type Check = Done | 'absent' | { differs: string };

export interface BulkAction<P> {
  /** What a line done is called in the journal. */
  status: 'created' | 'updated' | 'deleted' | 'sent';
  /** The code a line names, if any: for the journal, and to read it back. */
  code(payload: P): string | undefined;
  send(client: ApiClient, payload: P): Promise<Done>;
  /** The request, for --dry-run. */
  request(payload: P): ApiRequest;
  /** What the service holds now for a line whose request may have reached it. */
  check?(client: ApiClient, payload: P): Promise<Check>;
  /** Whether `check` can tell for this line (a create can only read back a voucher whose code it knows). */
  checkable?(payload: P): boolean;
  /** Sending it twice does no harm (a delete): a line whose answer was lost is simply sent again. */
  repeatable?: boolean;
  /** After a lost answer, an error answer that means the first attempt did it (a DELETE's 404), or that the line must be read back (a create's 409). */
  afterLoss?(error: ApiError): 'done' | 'check' | undefined;
  /** An error that is no failure, with the reason the line counts as skipped (--ignore-missing). */
  skips?(error: unknown): string | undefined;
  /**
   * A 409 (it exists already) is read back (`check`): the same as the line, it is skipped; other,
   * the line fails naming what differs (voucher create --skip-existing).
   */
  skipsExisting?: boolean;
}

export interface Outcome {
  status: LineStatus;
  done?: Done;
  error?: ErrorJson | { key: string; message: string };
  /** The failure would fail every line after it too (credentials refused, service unreachable). */
  fatal?: number;
  /** How many times this run sent the line's request (0: read back only, or never sent). */
  attempts: number;
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
}

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

/** The service certainly did not act: a repeat is harmless when the line names its code. */
function refusedForNow(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 503 || error.status === 500;
  return error instanceof NetworkError && !(error instanceof OutcomeUnknownError);
}

function fatalExit(error: unknown): number | undefined {
  if (error instanceof AuthError) return ExitCode.auth;
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return ExitCode.auth;
  if (error instanceof NetworkError && ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'].includes(error.code ?? ''))
    return ExitCode.network;
  return undefined;
}

/** The line can be read back after a lost answer. */
export function canCheck<P>(action: BulkAction<P>, payload: P): boolean {
  return action.check !== undefined && (action.checkable?.(payload) ?? true);
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
  const outcome = await settleLine(client, counted, payload, options);
  return { ...outcome, attempts: sends.count };
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
      return { status: action.status, done: await action.send(client, payload) };
    } catch (error) {
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

const interrupted = { key: 'interrupted', message: 'interrupted before it was sent' };

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
