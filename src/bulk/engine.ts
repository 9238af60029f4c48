// A bulk run (`--input FILE|-`), the same for every command that takes one; see index.ts for how a
// command plugs in. A file is checked whole first (every bad line named, exit 2, nothing sent);
// stdin records a bad line as failed. Then the lines are sent, `--concurrency` at a time, at the
// pace the service allows, each outcome journaled as soon as it is known.
import type { ApiClient } from '../api/client.js';
import { ExitCode } from '../errors.js';
import { printDryRun } from '../output/dry-run.js';
import type { Runtime } from '../runtime.js';
import { abortableSleep } from '../sleep.js';
import { checkWhole } from './check-whole.js';
import type { BulkFlags } from './flags.js';
import {
  defaultJournalPath,
  IN_FLIGHT,
  JOURNAL_FORMAT,
  Journal,
  type JournalHeader,
  LineStates,
  readJournal,
} from './journal.js';
import { Interrupted, inputSource, sha256 } from './lines.js';
import { Pacer } from './pacer.js';
import { type InputRecord, type ReadItem, type ReadOptions, readRecords } from './read.js';
import { importAdvice, Reporter } from './report.js';
import { checkResumable, essentialArgs, resumeCommand } from './resume.js';
import { type BulkAction, canCheck, settle } from './settle.js';

export interface BulkSpec<P, Roles = unknown> {
  /** `voucher create`: in the journal, and what --resume checks. */
  command: string;
  /** The --input value: a path, or - for stdin. */
  input: string;
  read: ReadOptions;
  /** Checks a CSV header once (an unknown column is a UsageError) and says what each column sets. */
  columns?(names: string[]): Roles;
  /** One record's payload, checked; throws UsageError for a bad record. */
  prepare(record: InputRecord, roles: Roles | undefined): P;
  action: BulkAction<P>;
  flags: BulkFlags;
  dryRun: boolean;
  /** Asked once before anything is sent (a delete's confirmation), with the first payloads. */
  confirm?(first: P[], total: number | null): Promise<void>;
  /** Voucher creates: advise `voucher import` when the run is large and the limit low. */
  importAdvice?: boolean;
}

/** Runs it; returns the exit code. */
export async function runBulkInput<P, Roles>(rt: Runtime, spec: BulkSpec<P, Roles>): Promise<number> {
  const soft = rt.ctx.signal;
  const source = inputSource(spec.input, rt.ctx.stdin);
  const argv = rt.ctx.argv ?? [];
  const resumed = spec.flags.resume ? await readJournal(spec.flags.resume, soft) : undefined;
  const checked = source.rereadable ? await checkWhole(rt, source, spec, sha256()) : undefined;
  if (resumed)
    checkResumable(
      resumed.header,
      spec.flags.resume!,
      spec.command,
      essentialArgs(argv),
      checked?.sha256 ?? null,
    );
  if (spec.dryRun) return dryRun(rt, spec, await readRecords(source, spec.read, soft));
  await spec.confirm?.(checked?.first ?? [], checked?.total ?? null);
  // Opened before the journal, so that a stream whose CSV header is bad leaves no journal behind.
  const reading = await readRecords(source, spec.read, soft);
  const roles = reading.columns ? spec.columns?.(reading.columns) : undefined;

  const journalPath =
    spec.flags.resume ?? spec.flags.results ?? defaultJournalPath(rt.dirs.state, spec.command, rt.ctx.now());
  const journal = Journal.open(journalPath, resumed !== undefined);
  const header: JournalHeader = {
    journal: JOURNAL_FORMAT,
    command: spec.command,
    args: essentialArgs(argv),
    input: spec.input,
    sha256: checked?.sha256 ?? null,
    lines: checked?.total ?? null,
    started_at: new Date(rt.ctx.now()).toISOString(),
  };
  journal.write(resumed ? { resumed_at: header.started_at } : header);
  const resume = resumeCommand(argv, journalPath);
  rt.out.notice(`Journal: ${journalPath} (if interrupted, resume with: ${resume})`);

  // The first Ctrl-C stops new requests; those in flight may finish within --timeout. The second
  // (or that timeout) gives them up.
  const stop = new AbortController();
  const giveUp = () => stop.abort();
  rt.ctx.stopSignal?.addEventListener('abort', giveUp, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const tasks = new Set<Promise<void>>();
  // Resolved when a line in flight ends: the reading loop waits on it for a free slot.
  let slotFreed: () => void = () => undefined;
  const states = resumed?.states;
  const reporter = new Reporter(rt, journal, checked ? checked.total - (states?.counts.done ?? 0) : null);
  const onSoft = () => {
    timer = setTimeout(giveUp, rt.globals.timeoutMs);
    if (tasks.size > 0)
      reporter.note(
        `Stopping: no new requests; waiting up to ${rt.globals.timeoutMs / 1000} s for the ${tasks.size} in flight. Ctrl-C again to stop at once.`,
      );
  };
  soft?.addEventListener('abort', onSoft, { once: true });
  rt.holdRequestsOnInterrupt(stop.signal);
  const release = rt.ctx.holdInterrupt?.();

  const pacer = new Pacer({
    perMinute: spec.flags.perMinute,
    now: () => rt.ctx.now(),
    sleep: abortableSleep,
  });
  let client: ApiClient | undefined;
  let fatal: number | undefined;
  let doneEarlier = 0;
  let reachedEnd = false;
  let interrupted = false;
  try {
    client = await rt.client();
    client.observers.push((status, headers) => pacer.observe(status, headers));
    let index = 0;
    for await (const item of reading.items) {
      index += 1;
      const line = item.line;
      const state = states?.get(line) ?? LineStates.none;
      if (state === LineStates.done) {
        doneEarlier += 1;
        continue;
      }
      if (index <= spec.flags.skip) {
        reporter.record({ line, status: 'skipped', error: { key: 'skipped', message: '--skip' } });
        continue;
      }
      const payload = preparedOrError(item, spec, roles);
      if ('error' in payload) {
        reporter.record({ line, status: 'failed', error: { key: 'invalid_input', message: payload.error } });
        continue;
      }
      const exposed = state === LineStates.unknown;
      const { action } = spec;
      if (exposed && !canCheck(action, payload.value) && !action.repeatable && !spec.flags.resendUnknown) {
        // Nothing can tell whether it went through, and sending it again might do it twice.
        reporter.record({ line, status: 'unknown', code: action.code(payload.value), error: earlier });
        continue;
      }
      while (tasks.size >= spec.flags.concurrency)
        await new Promise<void>((resolve) => (slotFreed = resolve));
      if (fatal !== undefined || soft?.aborted || !(await pacer.acquire(soft))) break;
      const code = action.code(payload.value);
      journal.write({
        line,
        status: 'unknown',
        code,
        error: { key: IN_FLIGHT, message: 'sent; no answer yet' },
      });
      const task = settle(client, action, payload.value, {
        exposed,
        resendUnknown: spec.flags.resendUnknown,
        stop: stop.signal,
        retries: rt.globals.retries,
        sleep: abortableSleep,
      }).then((outcome) => {
        reporter.record({
          line,
          status: outcome.status,
          code: outcome.done?.code ?? code,
          id: outcome.done?.id,
          error: outcome.error,
        });
        if (outcome.fatal !== undefined) fatal ??= outcome.fatal;
      });
      const tracked = task.finally(() => {
        tasks.delete(tracked);
        pacer.release();
        slotFreed();
      });
      tasks.add(tracked);
    }
    reachedEnd = fatal === undefined && !soft?.aborted;
  } catch (error) {
    if (!(error instanceof Interrupted)) throw error;
  } finally {
    await Promise.all(tasks);
    clearTimeout(timer);
    soft?.removeEventListener('abort', onSoft);
    rt.ctx.stopSignal?.removeEventListener('abort', giveUp);
    journal.close();
  }
  interrupted = soft?.aborted === true;
  const c = reporter.counts();
  const advice = spec.importAdvice
    ? importAdvice((checked?.total ?? 0) - doneEarlier, pacer.limit, essentialArgs(argv))
    : undefined;
  reporter.finish(spec.command, { interrupted, notAttempted: !reachedEnd, doneEarlier, resume, advice });
  release?.();
  if (interrupted) return ExitCode.interrupted;
  if (fatal !== undefined) return fatal;
  return c.failed + c.unknown > 0 ? ExitCode.partial : ExitCode.ok;
}

const earlier = {
  key: 'outcome_unknown',
  message: 'an earlier run sent it and its answer was lost; not sent again without --resend-unknown',
};

function preparedOrError<P, Roles>(
  item: ReadItem,
  spec: BulkSpec<P, Roles>,
  roles: Roles | undefined,
): { value: P } | { error: string } {
  if (item.format === 'error') return { error: item.error };
  try {
    return { value: spec.prepare(item, roles) };
  } catch (error) {
    return { error: `line ${item.line}: ${(error as Error).message}` };
  }
}

async function dryRun<P, Roles>(
  rt: Runtime,
  spec: BulkSpec<P, Roles>,
  reading: Awaited<ReturnType<typeof readRecords>>,
): Promise<number> {
  const client = await rt.client();
  const roles = reading.columns ? spec.columns?.(reading.columns) : undefined;
  let bad = 0;
  for await (const item of reading.items) {
    const payload = preparedOrError(item, spec, roles);
    if ('error' in payload) {
      bad += 1;
      await rt.out.error(new Error(payload.error));
      continue;
    }
    const request = await client.dryRun(spec.action.request(payload.value));
    if (rt.out.isJson)
      rt.ctx.stdout.write(`${JSON.stringify({ line: item.line, dry_run: true, request })}\n`);
    else await printDryRun(rt.out, request);
  }
  return bad ? ExitCode.usage : ExitCode.ok;
}
