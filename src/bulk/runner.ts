// Sends a few items given as arguments (`voucher delete A B C`) one after the other and reports
// each outcome; an --input run goes through engine.ts instead.
import { ApiError, ExitCode, type ExitCodeValue, exitCodeFor, PromoError } from '../base/errors.js';
import { errorJson } from '../output/errors.js';
import type { Runtime } from '../runtime/runtime.js';
import { PartialFailure } from './errors.js';

export interface BulkItem<P> {
  /** How people see the item: `line 3`, or the code itself. */
  label: string;
  /** Line of the input file it came from, if any (in the JSON results). */
  line?: number;
  payload: P;
}

export type Outcome<P, R> = { item: BulkItem<P>; number: number } & (
  | { ok: true; result: R }
  | { ok: false; error: unknown }
);

export interface BulkOptions<P, R> {
  items: BulkItem<P>[];
  /** Sends one item; throws on failure. */
  send(payload: P, item: BulkItem<P>): Promise<R>;
  /** The JSON result line's `result` (default: what send returned). */
  resultJson?(result: R, item: BulkItem<P>): unknown;
  /** One line for people about a success: `created SUMMER-1`. */
  describe(result: R, item: BulkItem<P>): string;
  /** Noun for the summary, singular and plural: ['voucher', 'vouchers']. */
  noun: [string, string];
  /** Past participle for the summary: 'created'. */
  done: string;
  /** A success that did nothing, and how the summary names those (`not found (ignored)`). */
  nothingDone?: { test(result: R): boolean; label: string };
  /** Exit code of a run whose failures are these (default 7; one item alone: its own error's code). */
  failureExit?(failures: Array<Outcome<P, R> & { ok: false }>): ExitCodeValue;
}

export interface BulkReport<P, R> {
  outcomes: Array<Outcome<P, R>>;
  /** Items never attempted (after Ctrl-C or a failure that would fail them all). */
  notAttempted: number;
  interrupted: boolean;
  exitCode: number;
}

/** Failures that would fail every following item too: stop instead of hammering on. */
function stopsTheRun(error: unknown): boolean {
  const code = exitCodeFor(error);
  return code === ExitCode.auth || code === ExitCode.rateLimited || code === ExitCode.network;
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return error instanceof ApiError ? `${message} [HTTP ${error.status}]` : message;
}

export async function runBulk<P, R>(rt: Runtime, options: BulkOptions<P, R>): Promise<BulkReport<P, R>> {
  const outcomes: Array<Outcome<P, R>> = [];
  let interrupted = false;
  let fatal: unknown;
  for (const [index, item] of options.items.entries()) {
    if (rt.ctx.signal?.aborted) {
      interrupted = true;
      break;
    }
    const number = index + 1;
    try {
      const result = await options.send(item.payload, item);
      outcomes.push({ item, number, ok: true, result });
      await report(rt, options, outcomes.at(-1)!);
    } catch (error) {
      if (rt.ctx.signal?.aborted) {
        interrupted = true;
        await rt.out.warn(`${item.label} was in flight when interrupted: check whether it went through.`);
        break;
      }
      outcomes.push({ item, number, ok: false, error });
      await report(rt, options, outcomes.at(-1)!);
      if (stopsTheRun(error)) {
        fatal = error;
        break;
      }
    }
  }
  const notAttempted = options.items.length - outcomes.length;
  const exitCode = await finish(rt, options, outcomes, { interrupted, fatal, notAttempted });
  return { outcomes, notAttempted, interrupted, exitCode };
}

async function report<P, R>(rt: Runtime, options: BulkOptions<P, R>, outcome: Outcome<P, R>): Promise<void> {
  const { item } = outcome;
  if (rt.out.isJson) {
    const where = { item: outcome.number, ...(item.line !== undefined ? { line: item.line } : {}) };
    const line = outcome.ok
      ? {
          ...where,
          ok: true,
          result: options.resultJson ? options.resultJson(outcome.result, item) : outcome.result,
        }
      : { ...where, ok: false, error: errorJson(outcome.error) };
    await rt.out.line(line);
    return;
  }
  if (outcome.ok) await rt.out.success(`${item.label}: ${options.describe(outcome.result, item)}`);
  else
    await rt.out.error(
      new PromoError(
        `${item.label}: ${describeError(outcome.error)}`,
        exitCodeFor(outcome.error) as ExitCodeValue,
        // What is likely (a code in the bin, in other capitals) stays with the item's error.
        outcome.error instanceof PromoError ? outcome.error.hint : undefined,
      ),
    );
}

interface Ending {
  interrupted: boolean;
  fatal: unknown;
  notAttempted: number;
}

async function finish<P, R>(
  rt: Runtime,
  options: BulkOptions<P, R>,
  outcomes: Array<Outcome<P, R>>,
  end: Ending,
): Promise<number> {
  const failures = outcomes.filter((o): o is Outcome<P, R> & { ok: false } => !o.ok);
  const total = options.items.length;
  const [one, many] = options.noun;
  const idle = options.nothingDone
    ? outcomes.filter((o) => o.ok && options.nothingDone!.test(o.result)).length
    : 0;
  const succeeded = outcomes.length - failures.length - idle;
  const summary =
    `${succeeded} of ${total} ${total === 1 ? one : many} ${options.done}` +
    (idle ? `; ${idle} ${options.nothingDone!.label}` : '') +
    (failures.length ? `; ${failures.length} failed (${failures.map((f) => f.item.label).join(', ')})` : '');

  if (end.interrupted || end.fatal !== undefined) {
    const why = end.interrupted ? 'Interrupted' : 'Stopped';
    const left = options.items.slice(outcomes.length).map((item) => item.label);
    rt.out.notice(
      `${why}: ${summary}; ${end.notAttempted} not attempted${left.length ? `: ${left.join(', ')}` : ''}.`,
    );
    return end.interrupted ? ExitCode.interrupted : exitCodeFor(end.fatal);
  }
  if (failures.length === 0) {
    if (total > 1 && !rt.out.isJson) await rt.out.success(`${summary}.`);
    return ExitCode.ok;
  }
  const exitCode =
    total === 1 && failures[0]
      ? (exitCodeFor(failures[0].error) as ExitCodeValue)
      : (options.failureExit?.(failures) ?? ExitCode.partial);
  if (rt.out.isJson) {
    // Scripts read the failure from stderr as for any command; the result lines say which item.
    await rt.out.error(total === 1 ? failures[0]!.error : new PartialFailure(`${summary}.`, exitCode));
  } else if (total > 1) {
    rt.out.notice(`${summary}.`);
  }
  return exitCode;
}
