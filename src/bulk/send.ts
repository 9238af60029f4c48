// One line of a bulk run, from its record to its outcome in the journal: prepared (a bad line of
// stdin is recorded as failed, never sent), left `unknown` when an earlier run lost its answer and
// nothing can tell what became of it, else sent `--concurrency` at a time at the pace the service
// allows, marked in flight in the journal first, and settled (settle.ts).
import type { ApiClient } from '../api/client.js';
import type { Runtime } from '../runtime/runtime.js';
import { duplicateMessage, FirstLines } from './duplicate-codes.js';
import { IN_FLIGHT, type Journal, LineStates } from './journal.js';
import type { ReadJournal } from './journal-read.js';
import { landingWindowMs } from './marked-write.js';
import type { Pacer } from './pacer.js';
import type { ReadItem } from './read.js';
import type { Reporter } from './report.js';
import { canCheck, settle } from './settle.js';
import { settleMarked } from './settle-marked.js';
import type { BulkSpec, KeptLine } from './spec.js';

export interface SenderParts<P, Roles> {
  rt: Runtime;
  spec: BulkSpec<P, Roles>;
  roles: Roles | undefined;
  client: ApiClient;
  pacer: Pacer;
  journal: Journal;
  reporter: Reporter;
  /** The first Ctrl-C: no new requests. */
  soft?: AbortSignal;
  /** Requests in flight given up (second Ctrl-C, or --timeout after the first). */
  stop: AbortSignal;
  /** The journal of the run resumed. */
  resumed?: ReadJournal;
  /** The hashes of the codes a file's first pass found more than once (undefined: stdin). */
  repeated?: ReadonlySet<number>;
}

const earlier = {
  key: 'outcome_unknown',
  message: 'an earlier run sent it and its answer was lost; not sent again without --resend-unknown',
};
const inFlight = { key: IN_FLIGHT, message: 'sent; no answer yet' };

export class LineSender<P, Roles> {
  readonly tasks = new Set<Promise<void>>();
  /** Resolved when a line in flight ends: a line waiting for a free slot waits on it. */
  private slotFreed: () => void = () => undefined;
  /** The exit code of a failure that would fail every line after it too. */
  fatal?: number;
  /** Lines whose request this run sent (or read back). */
  sent = 0;
  /** Lines whose request is out: marked on the disk, no outcome yet (Journal.load). */
  private out = 0;
  /** The line that first named each code, in this run or those it resumes (creates only). */
  private readonly codes?: FirstLines;

  /** A money write: how long after its last send a request may still land. */
  private readonly landingWindowMs: number;

  constructor(private readonly parts: SenderParts<P, Roles>) {
    const { action } = parts.spec;
    parts.journal.load = { out: () => this.out, most: parts.spec.flags.concurrency };
    if (action.status === 'created' && !action.codeRepeats)
      this.codes = new FirstLines(parts.resumed?.created, parts.repeated);
    this.landingWindowMs = landingWindowMs(parts.rt.ctx.env, parts.rt.globals.timeoutMs);
  }

  /** A line that no earlier run did: false when the run must stop reading (Ctrl-C, a fatal failure). */
  async line(item: ReadItem | KeptLine<P>, index: number, state: number): Promise<boolean> {
    const { spec, reporter, pacer, soft } = this.parts;
    const { line, digest } = item;
    if (index <= spec.flags.skip) {
      reporter.record({ line, status: 'skipped', error: { key: 'skipped', message: '--skip' } }, digest);
      return true;
    }
    const payload =
      'prepared' in item ? { value: item.prepared } : preparedOrError(item, spec, this.parts.roles);
    if ('error' in payload) {
      reporter.record(
        { line, status: 'failed', error: { key: 'invalid_input', message: payload.error } },
        digest,
      );
      return true;
    }
    const exposed = state === LineStates.unknown;
    const { action } = spec;
    const code = action.code(payload.value);
    const first = this.duplicateOf(line, code);
    if (first !== undefined) {
      reporter.record(
        {
          line,
          status: 'failed',
          code,
          error: { key: 'duplicate_in_input', message: duplicateMessage(first) },
        },
        digest,
      );
      return true;
    }
    if (exposed && !canCheck(action, payload.value) && !action.repeatable && !spec.flags.resendUnknown) {
      // Nothing can tell whether it went through, and sending it again might do it twice.
      reporter.record({ line, status: 'unknown', code: action.code(payload.value), error: earlier }, digest);
      return true;
    }
    while (this.tasks.size >= spec.flags.concurrency)
      await new Promise<void>((resolve) => (this.slotFreed = resolve));
    if (this.fatal !== undefined || soft?.aborted || !(await pacer.acquire(soft))) return false;
    // A money write's in-flight record says when it went out: a resume sends it again only once
    // the landing window has passed since (settle-marked.ts).
    const sentAt = action.marked ? { sent_at: new Date(this.parts.rt.ctx.now()).toISOString() } : {};
    const marked = { line, status: 'unknown', code, error: inFlight, ...sentAt };
    const json = JSON.stringify(digest ? { ...marked, input_sha256: digest } : marked);
    this.sent += 1;
    // Sent once its in-flight record is on the disk; not at all if it cannot be written there.
    const written = new Promise<boolean>((resolve) => this.parts.journal.mark(json, resolve));
    const options = {
      exposed,
      lostBefore: this.parts.resumed?.states.answerLostBefore(line) ?? false,
      resendUnknown: spec.flags.resendUnknown,
      lastSentAt: this.parts.resumed?.sentAt.get(line),
      firstRun: state === LineStates.none,
      landingWindowMs: this.landingWindowMs,
      now: () => this.parts.rt.ctx.now(),
      tell: (message: string) => this.parts.reporter.note(`line ${line}: ${message}`),
      stop: this.parts.stop,
      retries: this.parts.rt.globals.retries,
      sleep: (ms: number, signal?: AbortSignal) => this.parts.rt.ctx.sleep(ms, signal),
      // Beside the HTTP trace, whose requests do not say which line they are for.
      onRepeat: this.parts.rt.globals.debug
        ? (attempt: number) =>
            this.parts.rt.out.stderrText(`* line ${line}: sending its request again: attempt ${attempt}`)
        : undefined,
    };
    const task = written.then(async (marked) => {
      if (!marked) {
        this.sent -= 1;
        return;
      }
      this.out += 1;
      const outcome = await (action.marked
        ? settleMarked(this.parts.client, { ...action, marked: action.marked }, payload.value, options)
        : settle(this.parts.client, action, payload.value, options)
      ).finally(() => {
        this.out -= 1;
        this.parts.journal.answered();
      });
      // The run that took the journal over has the line (in flight): this one records nothing more.
      if (outcome.takenOver) return;
      const done = outcome.done;
      // A line sent more than once says so: a repeat of a request that acts is never silent.
      const attempts = outcome.attempts > 1 ? { attempts: outcome.attempts } : {};
      reporter.record(
        {
          line,
          status: outcome.status,
          code: done?.code ?? code,
          id: done?.id,
          error: outcome.error,
          ...attempts,
          ...(outcome.status === 'unknown' && outcome.sentAt !== undefined
            ? { sent_at: new Date(outcome.sentAt).toISOString() }
            : {}),
          ...(outcome.extra ? { extra: outcome.extra } : {}),
        },
        digest,
      );
      if (outcome.fatal !== undefined) this.fatal ??= outcome.fatal;
    });
    const tracked = task.finally(() => {
      this.tasks.delete(tracked);
      pacer.release();
      this.slotFreed();
    });
    this.tasks.add(tracked);
    return true;
  }

  /** For a create: the earlier line that named the same code (the first one is the one created). */
  private duplicateOf(line: number, code: string | undefined): number | undefined {
    return code === undefined ? undefined : this.codes?.firstOf(line, code);
  }

  /** Resolves when every line in flight has its outcome. */
  async settled(): Promise<void> {
    await Promise.all(this.tasks);
  }
}

export function preparedOrError<P, Roles>(
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
