// A bulk run (`--input FILE|-`), the same for every command that takes one; see index.ts for how a
// command plugs in. A file is checked whole first (every bad line named, exit 2, nothing sent);
// stdin records a bad line as failed. Then the lines are sent, `--concurrency` at a time, at the
// pace the service allows, each outcome journaled as soon as it is known.
//
// One run is one BulkRun, in four steps: check (the journal it resumes, the account, the input
// whole), open (the lines to send, the journal), send (each line the journal does not say is done)
// and finish (the summary and the exit code).
import { ExitCode } from '../base/errors.js';
import { shellQuote } from '../base/shell.js';
import { keepYoungGenerationSmall } from '../base/young-generation.js';
import type { Runtime } from '../runtime/runtime.js';
import { type Account, fileHashes, runAccount } from './binding.js';
import { type CheckedInput, checkWhole } from './check-whole.js';
import { dryRun } from './dry-run.js';
import { guardRepeat, noteJournal } from './earlier-runs.js';
import { describeHolder } from './holder.js';
import {
  defaultJournalPath,
  endRecord,
  JOURNAL_FORMAT,
  Journal,
  type JournalHeader,
  LineStates,
  sealHeader,
} from './journal.js';
import { checkNewJournal } from './journal-file.js';
import { type JournalLock, JournalTakenOver, lockJournal } from './journal-lock.js';
import { MAX_STDIN_LINES, type ReadJournal, readJournal } from './journal-read.js';
import { InputReadInterrupted, type InputSource, inputSource, sha256 } from './lines.js';
import { landingWindowMs } from './marked-write.js';
import { Pacer } from './pacer.js';
import { type ReadItem, readRecords } from './read.js';
import { importAdvice, Reporter } from './report.js';
import { essentialArgs, resumeCommand } from './resume.js';
import { checkResume } from './resume-check.js';
import {
  type CheckedLines,
  InputChanged,
  InputDiffers,
  LineChecks,
  PrefixHash,
  SameInput,
} from './same-input.js';
import { LineSender } from './send.js';
import { JournalLost } from './settle.js';
import type { BulkSpec, KeptLine } from './spec.js';

export type { BulkSpec } from './spec.js';

const READER_LEFT = 'stdout was closed (its reader left)';
const JOURNAL_FAILED = 'the journal cannot be written';
const TAKEN_OVER = 'another run took over the journal';

/** Runs it; returns the exit code. */
export async function runBulkInput<P, Roles>(rt: Runtime, spec: BulkSpec<P, Roles>): Promise<number> {
  const flag = spec.flags.resume ? '--resume' : '--results';
  const journalPath =
    spec.flags.resume ?? spec.flags.results ?? defaultJournalPath(rt.dirs.state, spec.command, rt.ctx.now());
  if (spec.dryRun) {
    // Only in a process that ends with the run (not one that runs promo's main in-process), and
    // only for a dry run: a run that sends has its requests in flight alive at each collection, and
    // a young generation that grows copies them less often. Node 24, 1,000,000 lines: 115 → 76 MiB.
    if (rt.ctx.exitsAfterRun) keepYoungGenerationSmall();
    return new BulkRun(rt, spec, journalPath).run();
  }
  // Refused before anything is read: a journal that is not this run's to write.
  if (!spec.flags.resume) checkNewJournal(journalPath, spec.input);
  const lock = lockJournal(journalPath, flag, spec.command, rt.ctx.now(), { takeOver: spec.flags.takeOver });
  if (lock.takenFrom)
    rt.out.notice(
      `--take-over: took '${journalPath}' from ${describeHolder(lock.takenFrom)}; should that run go on, it stops before its next request.`,
    );
  try {
    return await new BulkRun(rt, spec, journalPath, lock).run();
  } finally {
    lock.release();
  }
}

/** What the run knows before it reads a line to send. */
interface Checked<P> {
  /** The journal of the run it resumes. */
  resumed?: ReadJournal;
  /** A file's first pass. */
  whole?: CheckedInput<P>;
  account: Account;
  files: Record<string, string | null>;
}

/** The lines to send, and what each must be checked against as it is read. */
interface Lines<P, Roles> {
  items: AsyncIterable<ReadItem | KeptLine<P>>;
  roles?: Roles;
  /** stdin resumed: each line must be the one the journal's run read. */
  same?: SameInput;
  /** A file read again: each line must be the one checked. */
  again?: CheckedLines;
  /** stdin: the hash of the lines read so far, kept in the journal. */
  prefix?: PrefixHash;
}

/** How the sending ended. */
interface Sent {
  reachedEnd: boolean;
  doneEarlier: number;
  /** The input changed under the run (a file edited, another stdin). */
  refused?: InputDiffers;
}

class BulkRun<P, Roles> {
  /**
   * The first Ctrl-C, a reader of stdout that left (`| head`), a journal that cannot be written or
   * --max-failures: no new requests, the run ends. Its reason, when not a signal, is this one's.
   */
  private readonly ending = new AbortController();
  /** Ctrl-C or any of the above. */
  private readonly soft: AbortSignal;
  /** The second Ctrl-C, or --timeout after the first: the requests in flight are given up. */
  private readonly givingUp = new AbortController();
  private readonly source: InputSource;
  private readonly argv: readonly string[];
  private sender?: LineSender<P, Roles>;

  constructor(
    private readonly rt: Runtime,
    private readonly spec: BulkSpec<P, Roles>,
    private readonly journalPath: string,
    /** Held by the run (none for a dry run). */
    private readonly lock?: JournalLock,
  ) {
    this.soft = rt.ctx.signal ? AbortSignal.any([rt.ctx.signal, this.ending.signal]) : this.ending.signal;
    this.source = inputSource(spec.input, rt.ctx);
    this.argv = rt.ctx.argv ?? [];
  }

  private get why(): string | undefined {
    return this.ending.signal.aborted ? (this.ending.signal.reason as string) : undefined;
  }

  async run(): Promise<number> {
    const checked = await this.check();
    const { spec, rt, source, soft } = this;
    if (spec.dryRun) {
      const again = checked.whole?.lines;
      const reading = await readRecords(source, spec.read, soft, undefined, again && new LineChecks());
      return dryRun(rt, spec, reading, checked.whole && { again, repeated: checked.whole.repeated });
    }
    if (spec.movesMoney && !spec.flags.resume && checked.whole)
      await guardRepeat(rt, spec.input, spec.flags.again, {
        command: spec.command,
        args: essentialArgs(this.argv),
        sha256: checked.whole.sha256,
        ...checked.account,
      });
    await spec.confirm?.(checked.whole?.first ?? [], checked.whole?.total ?? null);
    const lines = await this.lines(checked);
    const journal = this.openJournal(checked, lines);
    // The records on stdout, as CSV or --fields shape them, are written as they come (synchronously).
    await rt.out.prepare();
    const { whole, resumed } = checked;
    const reporter = new Reporter(
      rt,
      journal,
      whole ? whole.total - (resumed?.states.counts.done ?? 0) : null,
    );
    const { maxFailures } = spec.flags;
    if (maxFailures !== undefined) {
      // Counted in this run: a resume starts its own count.
      reporter.onFailed = (failed) => {
        if (failed >= maxFailures)
          this.ending.abort(`${failed} lines failed (--max-failures ${maxFailures})`);
      };
    }
    const pacer = new Pacer({
      perMinute: spec.flags.perMinute,
      now: () => rt.ctx.now(),
      sleep: (ms, signal) => rt.ctx.sleep(ms, signal),
    });
    const release = rt.ctx.holdInterrupt?.();
    const parts = { journal, reporter, pacer, resumed, repeated: whole?.repeated };
    const sent = await this.sendAll(lines, parts).catch((error) => {
      journal.close();
      throw error;
    });
    if (sent.refused) {
      journal.close();
      reporter.abandon();
      release?.();
      const count = this.sender?.sent ?? 0;
      // Exit 2 says nothing was sent; once lines were, the run stopped part-way (exit 7, resumable).
      if (count === 0) throw new InputDiffers(`${sent.refused.message}; nothing was sent`, sent.refused.hint);
      throw new InputChanged(
        `${sent.refused.message}; ${count} lines before it were sent`,
        sent.refused.hint,
      );
    }
    const interrupted = soft.aborted;
    const c = reporter.counts();
    const advice = spec.importAdvice
      ? importAdvice((whole?.total ?? 0) - sent.doneEarlier, pacer.limit, essentialArgs(this.argv))
      : undefined;
    const resume = resumeCommand(this.argv, this.journalPath);
    // Stopped by --max-failures is a run that failed lines (exit 7), not an interrupted one.
    const byMaxFailures = interrupted && this.why?.includes('--max-failures') === true;
    // The journal says how to go on, not only the summary: stderr may be gone with the terminal
    // that hung up (SIGHUP). `promo runs list` shows it.
    // A journal taken over is the other run's to end.
    const ownsJournal = journal.lostTo === undefined;
    if (ownsJournal && (interrupted || !sent.reachedEnd || c.failed + c.unknown > 0))
      journal.add(JSON.stringify(endRecord(rt.ctx.now(), interrupted && !byMaxFailures, this.why, resume)));
    journal.close();
    await reporter.finish(spec.command, {
      interrupted,
      why: this.why,
      notAttempted: !sent.reachedEnd,
      doneEarlier: sent.doneEarlier,
      resume,
      advice,
    });
    release?.();
    // The summary says what was done; the journal's failure is the run's error (exit 1).
    if (journal.failure) throw journal.failure;
    if (journal.lostTo !== undefined) throw new JournalTakenOver(this.journalPath, journal.lostTo);
    if (byMaxFailures) return ExitCode.partial;
    if (interrupted) return ExitCode.interrupted;
    if (this.sender?.fatal !== undefined) return this.sender.fatal;
    return c.failed + c.unknown > 0 ? ExitCode.partial : ExitCode.ok;
  }

  /** The journal resumed, the account, the input checked whole: all before a line is sent. */
  private async check(): Promise<Checked<P>> {
    const { rt, spec, source, soft, argv } = this;
    // A bad PROMO_LANDING_WINDOW is refused before anything is read or sent (exit 2).
    if (spec.action.marked) landingWindowMs(rt.ctx.env, rt.globals.timeoutMs);
    const maxLine = source.rereadable ? (source.size ?? 0) + 1 : MAX_STDIN_LINES;
    const path = spec.flags.resume;
    const resumed = path ? await readJournal(path, maxLine, soft) : undefined;
    const account = await runAccount(rt);
    const files = fileHashes(rt);
    const whole = source.rereadable
      ? await checkWhole(rt, source, spec, sha256(), resumed?.created.keys())
      : undefined;
    if (resumed && path) {
      const warning = checkResume(resumed, path, spec, { args: essentialArgs(argv), whole, account, files });
      if (warning) await rt.out.warn(warning);
    }
    return { resumed, whole, account, files };
  }

  /**
   * The lines to send. A small file's were prepared by the check; others are read (again) now,
   * before the journal is opened, so that a stream whose CSV header is bad leaves no journal behind.
   * A file too large to keep is read again: each line must be the one checked (same-input.ts). An
   * input read once is checked line by line against the journal of the run it resumes.
   */
  private async lines({ resumed, whole }: Checked<P>): Promise<Lines<P, Roles>> {
    const { rt, spec, source, soft } = this;
    const prefix = source.rereadable ? undefined : new PrefixHash();
    const path = spec.flags.resume;
    const same = resumed && prefix && path ? sameInput(rt, resumed, path, spec.input) : undefined;
    const again = whole?.lines;
    if (whole?.kept) return { items: keptLines(whole.kept), same, again, prefix };
    const reading = await readRecords(
      source,
      spec.read,
      soft,
      undefined,
      prefix ?? (again && new LineChecks()),
    );
    const roles = reading.columns ? spec.columns?.(reading.columns) : undefined;
    return { items: reading.items, roles, same, again, prefix };
  }

  /** Opens the journal and writes its header (a resume: the time it resumed). */
  private openJournal({ resumed, whole, account, files }: Checked<P>, { prefix }: Lines<P, Roles>): Journal {
    const { rt, spec, source, journalPath } = this;
    const journal = Journal.open(journalPath, resumed !== undefined, {
      input: source.rereadable ? spec.input : undefined,
      cut: resumed?.cut === true,
    });
    const header: JournalHeader = {
      journal: JOURNAL_FORMAT,
      command: spec.command,
      args: essentialArgs(this.argv),
      input: spec.input,
      sha256: whole?.sha256 ?? null,
      lines: whole?.total ?? null,
      line_digests: prefix !== undefined,
      started_at: new Date(rt.ctx.now()).toISOString(),
      ...account,
      files,
    };
    journal.write(JSON.stringify(resumed ? { resumed_at: header.started_at } : sealHeader(header)));
    if (!resumed && spec.movesMoney) noteJournal(rt.dirs.state, journalPath);
    spec.onRun?.({
      startedAt: resumed?.header.started_at ?? header.started_at,
      inputSha256: resumed?.header.sha256 ?? header.sha256,
    });
    // One line: the resume command itself is in the summary, and printed on an interruption.
    rt.out.notice(
      `Journal: ${shellQuote(journalPath)} (after an interruption: the same command with --resume)`,
    );
    return journal;
  }

  /**
   * Sends every line the journal does not say is done, until the end or a stop. The first Ctrl-C
   * stops new requests; those in flight may finish within --timeout. The second (or that timeout)
   * gives them up.
   */
  private async sendAll(
    lines: Lines<P, Roles>,
    parts: {
      journal: Journal;
      reporter: Reporter;
      pacer: Pacer;
      resumed?: ReadJournal;
      repeated?: ReadonlySet<number>;
    },
  ): Promise<Sent> {
    const { rt, spec, soft } = this;
    const { journal, reporter, pacer, resumed, repeated } = parts;
    const giveUp = () => this.givingUp.abort();
    rt.ctx.stopSignal?.addEventListener('abort', giveUp, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const onSoft = () => {
      timer = setTimeout(giveUp, rt.globals.timeoutMs);
      const inFlight = this.sender?.tasks.size ?? 0;
      const head = this.why ? `${this.why}: stopping` : 'Stopping';
      if (inFlight > 0)
        reporter.note(
          `${head}: no new requests; waiting up to ${rt.globals.timeoutMs / 1000} s for the ${inFlight} in flight. Ctrl-C again to stop at once.`,
        );
    };
    soft.addEventListener('abort', onSoft, { once: true });
    // The lines go to stdout when it is not a terminal: a write there finds the reader gone.
    const stdout = rt.ctx.stdout;
    const onStdoutClosed = () => this.ending.abort(READER_LEFT);
    journal.onFailure = () => this.ending.abort(JOURNAL_FAILED);
    journal.owner = this.lock?.lostTo;
    journal.onLost = () => this.ending.abort(TAKEN_OVER);
    if (reporter.toStdout) stdout.once('close', onStdoutClosed);
    rt.holdRequestsOnInterrupt(this.givingUp.signal);

    const sent: Sent = { reachedEnd: false, doneEarlier: 0 };
    try {
      const client = await rt.client();
      client.observers.push((status, headers) => pacer.observe(status, headers));
      // Before every attempt of every request (a retry, a read-back, a wait for the rate limit
      // may have outlasted a pause): a run whose journal was taken over sends nothing more.
      client.beforeAttempt = () => {
        if (!journal.owns()) throw new JournalLost();
      };
      this.sender = new LineSender({
        rt,
        spec,
        roles: lines.roles,
        client,
        pacer,
        journal,
        reporter,
        soft,
        stop: this.givingUp.signal,
        resumed,
        repeated,
      });
      const stopped = !(await this.sendLines(this.sender, lines, resumed, sent));
      sent.reachedEnd = !stopped && this.sender.fatal === undefined && !soft.aborted;
    } catch (error) {
      if (error instanceof InputDiffers) sent.refused = error;
      else if (!(error instanceof InputReadInterrupted)) throw error;
    } finally {
      await this.sender?.settled();
      clearTimeout(timer);
      soft.removeEventListener('abort', onSoft);
      stdout.off('close', onStdoutClosed);
      rt.ctx.stopSignal?.removeEventListener('abort', giveUp);
      // Closed by run(), after the record of how the run ended.
      journal.flush();
    }
    return sent;
  }

  /** Each line in order; false when the run must stop reading (Ctrl-C, a fatal failure). */
  private async sendLines(
    sender: LineSender<P, Roles>,
    { items, same, again }: Lines<P, Roles>,
    resumed: ReadJournal | undefined,
    sent: Sent,
  ): Promise<boolean> {
    // Lines to redo that wait until the input is known to be the journal's (same-input.ts).
    const held: Array<[ReadItem | KeptLine<P>, number, number]> = [];
    const sendHeld = async () => {
      for (const [item, index, state] of held.splice(0))
        if (!(await sender.line(item, index, state))) return false;
      return true;
    };
    let index = 0;
    for await (const item of items) {
      index += 1;
      same?.verify(item.line, item.digest);
      if (again) {
        again.verify(item.line, item.digest, this.spec.input);
        item.digest = undefined;
      }
      const state = resumed?.states.get(item.line) ?? LineStates.none;
      if (state === LineStates.done) {
        sent.doneEarlier += 1;
        continue;
      }
      if (same?.holds(held.length)) held.push([item, index, state]);
      else if (!(await sendHeld()) || !(await sender.line(item, index, state))) return false;
    }
    again?.end(this.spec.input);
    same?.end();
    return sendHeld();
  }
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
function sameInput(rt: Runtime, resumed: ReadJournal, path: string, input: string): SameInput | undefined {
  const name = input === '-' ? 'stdin' : `'${input}'`;
  if (resumed.header.line_digests) return new SameInput(resumed.states, path, name);
  void rt.out.warn(
    `--resume: '${path}' was written by an older promo that kept no hash of each line: the lines of ${name} are matched to it by number only. Make sure it is the same input.`,
  );
  return undefined;
}
