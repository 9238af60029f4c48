// A bulk run (`--input FILE|-`), the same for every command that takes one; see index.ts for how a
// command plugs in. A file is checked whole first (every bad line named, exit 2, nothing sent);
// stdin records a bad line as failed. Then the lines are sent, `--concurrency` at a time, at the
// pace the service allows, each outcome journaled as soon as it is known.
import { ExitCode } from '../errors.js';
import type { Runtime } from '../runtime.js';
import { abortableSleep } from '../sleep.js';
import { checkWhole, type KeptLine } from './check-whole.js';
import { dryRun } from './dry-run.js';
import type { BulkFlags } from './flags.js';
import {
  defaultJournalPath,
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
import { InputDiffers, PrefixHash, SameInput } from './same-input.js';
import { LineSender } from './send.js';
import type { BulkAction } from './settle.js';

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
  // An input read once is checked line by line against the journal of the run it resumes.
  const prefix = source.rereadable ? undefined : new PrefixHash();
  const same = resumed && prefix ? sameInput(rt, resumed, spec.flags.resume!, spec.input) : undefined;
  // A small file's lines were prepared by the check; others are read (again) now, before the
  // journal is opened, so that a stream whose CSV header is bad leaves no journal behind.
  const reading = checked?.kept ? undefined : await readRecords(source, spec.read, soft, undefined, prefix);
  const roles = reading?.columns ? spec.columns?.(reading.columns) : undefined;
  const items = reading?.items ?? keptLines(checked!.kept!);

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
    ...(prefix ? { line_digests: true as const } : {}),
    started_at: new Date(rt.ctx.now()).toISOString(),
  };
  journal.write(JSON.stringify(resumed ? { resumed_at: header.started_at } : header));
  const resume = resumeCommand(argv, journalPath);
  rt.out.notice(`Journal: ${journalPath} (if interrupted, resume with: ${resume})`);

  // The first Ctrl-C stops new requests; those in flight may finish within --timeout. The second
  // (or that timeout) gives them up.
  const stop = new AbortController();
  const giveUp = () => stop.abort();
  rt.ctx.stopSignal?.addEventListener('abort', giveUp, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const states = resumed?.states;
  const reporter = new Reporter(rt, journal, checked ? checked.total - (states?.counts.done ?? 0) : null);
  let sender: LineSender<P, Roles> | undefined;
  const onSoft = () => {
    timer = setTimeout(giveUp, rt.globals.timeoutMs);
    const inFlight = sender?.tasks.size ?? 0;
    if (inFlight > 0)
      reporter.note(
        `Stopping: no new requests; waiting up to ${rt.globals.timeoutMs / 1000} s for the ${inFlight} in flight. Ctrl-C again to stop at once.`,
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
  let doneEarlier = 0;
  let reachedEnd = false;
  let refused: InputDiffers | undefined;
  try {
    const client = await rt.client();
    client.observers.push((status, headers) => pacer.observe(status, headers));
    sender = new LineSender({ rt, spec, roles, client, pacer, journal, reporter, soft, stop: stop.signal });
    const lines = sender;
    // Lines to redo that wait until the input is known to be the journal's (same-input.ts).
    const held: Array<[ReadItem | KeptLine<P>, number, number]> = [];
    const sendHeld = async () => {
      for (const [item, index, state] of held.splice(0))
        if (!(await lines.line(item, index, state))) return false;
      return true;
    };
    let index = 0;
    let stopped = false;
    for await (const item of items) {
      index += 1;
      same?.verify(item.line, item.digest);
      const state = states?.get(item.line) ?? LineStates.none;
      if (state === LineStates.done) {
        doneEarlier += 1;
        continue;
      }
      if (same?.holds(held.length)) held.push([item, index, state]);
      else if (!(await sendHeld()) || !(await lines.line(item, index, state))) {
        stopped = true;
        break;
      }
    }
    if (!stopped) {
      same?.end();
      stopped = !(await sendHeld());
    }
    reachedEnd = !stopped && sender.fatal === undefined && !soft?.aborted;
  } catch (error) {
    if (error instanceof InputDiffers) refused = error;
    else if (!(error instanceof Interrupted)) throw error;
  } finally {
    await sender?.settled();
    clearTimeout(timer);
    soft?.removeEventListener('abort', onSoft);
    rt.ctx.stopSignal?.removeEventListener('abort', giveUp);
    journal.close();
  }
  if (refused) {
    reporter.abandon();
    release?.();
    const sent = sender?.sent ?? 0;
    throw new InputDiffers(
      `${refused.message}; ${sent ? `${sent} lines before it (the same as the run's) were sent` : 'nothing was sent'}`,
      refused.hint,
    );
  }
  const interrupted = soft?.aborted === true;
  const c = reporter.counts();
  const advice = spec.importAdvice
    ? importAdvice((checked?.total ?? 0) - doneEarlier, pacer.limit, essentialArgs(argv))
    : undefined;
  reporter.finish(spec.command, { interrupted, notAttempted: !reachedEnd, doneEarlier, resume, advice });
  release?.();
  if (interrupted) return ExitCode.interrupted;
  if (sender?.fatal !== undefined) return sender.fatal;
  return c.failed + c.unknown > 0 ? ExitCode.partial : ExitCode.ok;
}

async function* keptLines<P>(kept: Array<KeptLine<P> | undefined>): AsyncGenerator<KeptLine<P>> {
  for (let i = 0; i < kept.length; i++) {
    const line = kept[i]!;
    // Let go of each once handed over: it is freed when its line is done.
    kept[i] = undefined;
    yield line;
  }
}

/** Checks stdin against the journal; a journal of an older promo has no hashes to check with. */
function sameInput(
  rt: Runtime,
  resumed: Awaited<ReturnType<typeof readJournal>>,
  path: string,
  input: string,
): SameInput | undefined {
  const name = input === '-' ? 'stdin' : `'${input}'`;
  if (resumed.header.line_digests) return new SameInput(resumed.states, path, name);
  void rt.out.warn(
    `--resume: '${path}' was written by an older promo that kept no hash of each line: the lines of ${name} are matched to it by number only. Make sure it is the same input.`,
  );
  return undefined;
}
