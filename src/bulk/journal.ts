// The journal of a bulk run (--results FILE): a header, then one JSON line per input line as soon
// as its outcome is known. Before a line's request goes out, an `unknown` record marks it in
// flight, and that record is on the disk (written and synced: a power loss keeps it too) before
// the request is sent: should the process die before the outcome is written, the journal still
// says that this line may have reached the service. Outcomes wait for the next such write, or a
// tenth of a second, and the lines that start in one turn of the event loop (or, while the service
// is busy, within a few milliseconds: Journal.load) share one write, so that a run costs at most one
// write per line, not two. The last record of a line is what holds. An input read once (stdin, a
// FIFO) cannot be hashed whole before the run: its records carry `input_sha256`, a short hash of
// the input up to their line (same-input.ts).
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fdatasync, fdatasyncSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ExitCode, PromoError } from '../base/errors.js';
import type { ErrorJson } from '../output/errors.js';
import { openJournalFile } from './journal-file.js';

/**
 * The header's format. `/3` binds every input the run read, has every field and is sealed whole by
 * `header_sha256`, so that an edit of any field (the `started_at` a redemption's mark is made from
 * included) is refused. `/2` had every field but no seal; `/1` is what older promos wrote (some
 * without the account or the files): such journals are resumed only with --accept-old-journal
 * (journal-read.ts).
 */
export const JOURNAL_FORMAT = 'promo-bulk-journal/3';
export const UNSEALED_JOURNAL_FORMAT = 'promo-bulk-journal/2';
export const OLD_JOURNAL_FORMAT = 'promo-bulk-journal/1';

export type LineStatus = 'created' | 'updated' | 'deleted' | 'sent' | 'failed' | 'skipped' | 'unknown';

export interface JournalRecord {
  line: number;
  status: LineStatus;
  code?: string;
  id?: string;
  error?: ErrorJson | { key: string; message: string };
  /** How many times this run sent the line's request, when more than once (settle.ts). */
  attempts?: number;
  /** A money write left unknown (or in flight): when its request last went out (settle-marked.ts). */
  sent_at?: string;
  /** A money write found twice under its mark: the extra one, and what undid it. */
  extra?: { id?: string; undone_by?: string; error?: string };
}

export interface JournalHeader {
  journal: typeof JOURNAL_FORMAT | typeof UNSEALED_JOURNAL_FORMAT | typeof OLD_JOURNAL_FORMAT;
  /** `voucher create`. */
  command: string;
  /** The command line, without the options that only steer the run (see resume.ts). */
  args: string[];
  /** The input as given (`-` for stdin) and, for a file, the SHA-256 of its bytes. */
  input: string;
  sha256: string | null;
  /** Records in the input, when known before the run. */
  lines: number | null;
  /** Records carry `input_sha256` (an input read once); journals of older runs lack it. */
  line_digests?: boolean;
  started_at: string;
  /**
   * The account the run sent to: its API base URL (`sandbox://built-in` for the built-in sandbox)
   * and app id, never a secret. Journals of older runs may lack them.
   */
  api_url?: string;
  app_id?: string | null;
  /**
   * The SHA-256 of every file (or stdin) the options read, by option and value (`--body -`,
   * `--customer c.json`); binding.ts. Older journals kept `--body` alone, by option.
   */
  files?: Record<string, string | null>;
  /** The SHA-256 of the rest of the header, canonical (headerDigest): the seal of format /3. */
  header_sha256?: string;
}

/** The header sealed: its SHA-256 over its canonical JSON (keys sorted at every depth) added. */
export function sealHeader(header: JournalHeader): JournalHeader {
  return { ...header, header_sha256: headerDigest(header) };
}

/** The SHA-256 of a header without its seal, as canonical JSON: the same whatever order its keys are in. */
export function headerDigest(header: object): string {
  const { header_sha256: _seal, ...rest } = header as Record<string, unknown>;
  return createHash('sha256').update(canonical(rest)).digest('hex');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The last record of a run that left lines to do: how it ended and the command that resumes it
 * (stderr, where the summary goes, may be gone: a terminal that hung up).
 */
export interface EndRecord {
  ended_at: string;
  interrupted: boolean;
  stopped_because?: string;
  resume: string;
}

export function endRecord(
  nowMs: number,
  interrupted: boolean,
  why: string | undefined,
  resume: string,
): EndRecord {
  return {
    ended_at: new Date(nowMs).toISOString(),
    interrupted,
    ...(why ? { stopped_because: why } : {}),
    resume,
  };
}

/** The key of the record that marks a line in flight (see the top of this file). */
export const IN_FLIGHT = 'in_flight';

const FLUSH_AFTER_MS = 100;

/**
 * A sync on the main thread that takes this long or longer sends the next one off it (see
 * Journal.mark); one off it that is back within BACK_WITHIN_MS (the disk's time, the hand-overs,
 * and the wait for the main thread to take the answer) brings the next one back.
 */
const SLOW_SYNC_MS = 1;
const BACK_WITHIN_MS = 4;

/** The longest a line's in-flight record waits for others to share its sync (see Journal.load). */
const COMPANY_WITHIN_MS = 3;

/** How long a check that found the journal this run's stands for the next attempt (Journal.owns). */
const OWNED_FRESH_MS = 2;

const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * A journal that cannot be written (a full disk, a file-size limit, an I/O error). From then on
 * nothing more is written to it (a record cut short there stays its last line, which a resume
 * reads as unknown) and the run sends nothing more.
 */
export class JournalWriteError extends PromoError {
  constructor(
    readonly path: string,
    override readonly cause: NodeJS.ErrnoException,
  ) {
    super(
      `cannot write the journal '${path}' (${cause.code ?? cause.message}): the run stopped and sent nothing more`,
      ExitCode.failure,
      cause.code === 'ENOSPC' || cause.code === 'EFBIG' || cause.code === 'EDQUOT'
        ? 'Free some space (or raise the file-size limit), then resume the run.'
        : 'Resume the run once the journal can be written.',
    );
  }
}

export class Journal {
  private pending = '';
  private timer?: NodeJS.Timeout;
  /** Set by the first write that failed: the journal is written no more. */
  failure?: JournalWriteError;
  /** Told once, when a write fails. */
  onFailure?: (error: JournalWriteError) => void;

  private constructor(
    readonly path: string,
    private fd: number | undefined,
  ) {}

  /**
   * A new journal (journal-file.ts: never over another's), or, with `append`, the one of the run
   * resumed; `cut`: that file ends in a record cut short, which the first write ends first.
   */
  static open(path: string, append: boolean, options: { input?: string; cut?: boolean } = {}): Journal {
    const journal = new Journal(path, openJournalFile(path, append, options.input));
    if (options.cut) journal.pending = '\n';
    return journal;
  }

  /** One record, as JSON, written with the next flush (within FLUSH_AFTER_MS). */
  add(json: string): void {
    if (this.failure) return;
    this.pending += `${json}\n`;
    this.timer ??= setTimeout(() => this.flush(), FLUSH_AFTER_MS).unref();
  }

  /** Written now, with whatever waits: a record that must be in the file before what follows. Throws if it cannot be. */
  write(json: string): void {
    this.pending += `${json}\n`;
    if (!this.flush()) throw this.failure;
  }

  private marks = '';
  private starting: Array<(written: boolean) => void> = [];
  private startSoon?: NodeJS.Immediate;
  /**
   * Asked before each burst of in-flight records: undefined while this run still holds the
   * journal, else who holds it now (journal-lock.ts).
   */
  owner?: () => string | undefined;
  /** Who took the journal over, once this run found it no longer holds it: it sends nothing more. */
  lostTo?: string;
  /** Told once, when the journal is found taken over. */
  onLost?: () => void;

  /**
   * A line's in-flight record: `start(true)` runs once it is on the disk (written and synced), or
   * `start(false)` if it could not be, or if another run took the journal over: that line must not
   * be sent. Lines marked in the same turn of the event loop (answers that came together freeing
   * their slots) share one write and one sync.
   *
   * Where the sync runs follows how long the disk takes (syncMarks): on the main thread while syncs
   * take under SLOW_SYNC_MS, else on Node's thread pool, where lines marked meanwhile are written
   * and synced on their own, without waiting for it (each sync covers what was written before it
   * began), and answers are read while the disk works. Measured at concurrency 16 (4,000 creates
   * against promo sandbox):
   * - syncs of ~7 ms (a loaded machine): on the main thread it spent 3.6 s of 7.6 s waiting;
   *   off it, 1.25x the creates a second;
   * - syncs of ~0.3 ms (a quiet one): off the main thread, each sync's two hand-overs between
   *   threads cost ~0.4 s of CPU in all (2.8 s for promo against 2.5 s on the main thread), and
   *   on two cores shared with the sandbox the run was 10-15% slower.
   */
  mark(json: string, start: (written: boolean) => void): void {
    this.marks += `${json}\n`;
    this.starting.push(start);
    this.markSoon();
  }

  /**
   * The run's requests out at the service (sent, no answer yet) and how many it may have out at
   * once (--concurrency), told by the sender. While at least half of them are out, the service has
   * work enough: a line's in-flight record then waits, up to COMPANY_WITHIN_MS, until a quarter of
   * them are marked, and they share one write and one sync (a group commit, as PostgreSQL's
   * commit_delay does while commit_siblings are active). Each line still starts only once its own
   * record is on the disk. Measured at concurrency 16 (4,000 creates against promo sandbox, on
   * ext4 where a sync takes ~0.3 ms): without the wait ~2,100 syncs, as each answer frees one slot;
   * with it ~890, and 8-11% less CPU. Waiting for more (half of them), or longer, sent fewer
   * creates a second: fewer requests out cost more than the syncs saved.
   */
  load?: { out: () => number; most: number };
  private companyTimer?: NodeJS.Timeout;

  /** An answer came: records that wait for company may wait no longer (load.out fell). */
  answered(): void {
    if (this.starting.length > 0) this.markSoon();
  }

  /** Whether the records marked wait for company now (see load); if so, the timer that ends the wait is set. */
  private waitForCompany(): boolean {
    const load = this.load;
    if (!load || this.starting.length >= Math.floor(load.most / 4)) return false;
    if (load.out() < Math.ceil(load.most / 2)) return false;
    this.companyTimer ??= setTimeout(() => {
      this.companyTimer = undefined;
      this.syncMarks(true);
    }, COMPANY_WITHIN_MS);
    return true;
  }

  /** Syncs of in-flight records so far. */
  syncs = 0;
  /** Syncs of marks under way off the main thread. */
  private syncing = 0;
  /**
   * The next sync runs on the main thread: the last one there took under SLOW_SYNC_MS, or the last
   * one off it came back within BACK_WITHIN_MS. The first runs off it, so that a disk never
   * measured (a network share, one that stalls) never blocks the run.
   */
  private syncHere = false;
  /** close() came while a sync was under way: the file is closed when it ends. */
  private closeAfterSync = false;

  private markSoon(): void {
    if (this.startSoon) return;
    this.startSoon = setImmediate(() => {
      this.startSoon = undefined;
      this.syncMarks();
    });
  }

  private syncMarks(waited = false): void {
    if (this.starting.length === 0 || (!waited && this.waitForCompany())) return;
    clearTimeout(this.companyTimer);
    this.companyTimer = undefined;
    const marks = this.marks;
    this.marks = '';
    const starting = this.starting.splice(0);
    const finish = (written: boolean) => {
      for (const go of starting) go(written);
    };
    const owned = this.stillOwned();
    // Outcomes that wait are written even so: those requests were sent while the run held it.
    if (owned) this.pending += marks;
    if (!this.flush() || !owned) {
      finish(false);
      return;
    }
    const fd = this.fd;
    if (fd === undefined) {
      finish(true);
      return;
    }
    const synced = (error: NodeJS.ErrnoException | null) => {
      if (error && !this.failure) {
        this.failure = new JournalWriteError(this.path, error);
        this.onFailure?.(this.failure);
      }
      finish(!error && !this.failure);
    };
    this.syncs += 1;
    const began = monotonicMs();
    const took = () => monotonicMs() - began;
    if (this.syncHere) {
      let error: NodeJS.ErrnoException | null = null;
      try {
        fdatasyncSync(fd);
      } catch (caught) {
        error = caught as NodeJS.ErrnoException;
      }
      this.syncHere = took() < SLOW_SYNC_MS;
      synced(error);
      return;
    }
    this.syncing += 1;
    fdatasync(fd, (error) => {
      this.syncing -= 1;
      // From the call to here: the sync, the two hand-overs and any wait behind other syncs.
      this.syncHere = took() < BACK_WITHIN_MS;
      if (this.closeAfterSync) {
        if (this.syncing === 0) {
          this.closeAfterSync = false;
          closeSync(fd);
        }
        return finish(false);
      }
      synced(error);
    });
  }

  /**
   * Whether this run still holds the journal, asked before every attempt of a line's request (the
   * first, each repeat, each read-back that may lead to one): a run paused in its retries while
   * another took the journal over must not send when it wakes. Found lost, the run stops (onLost).
   *
   * A check that found the journal ours within OWNED_FRESH_MS stands: a line's first attempt
   * follows the check of its group (syncMarks) by a sync, so that ~10,000 stats of the lock
   * (~10 µs of CPU each here) are not made for 10,000 creates. It stands no longer: the clock is
   * monotonic and runs on while the process is stopped, and taking a journal over from a paused
   * run takes another promo process's start, far more than OWNED_FRESH_MS, so a run woken after a
   * take-over always checks again. The group's check itself is never skipped.
   */
  owns(): boolean {
    if (monotonicMs() - this.ownedAt < OWNED_FRESH_MS) return true;
    return this.stillOwned();
  }

  /** When a check last found the journal this run's (monotonic milliseconds). */
  private ownedAt = Number.NEGATIVE_INFINITY;

  private stillOwned(): boolean {
    if (this.lostTo === undefined) this.lostTo = this.owner?.();
    if (this.lostTo === undefined) {
      this.ownedAt = monotonicMs();
      return true;
    }
    const tell = this.onLost;
    this.onLost = undefined;
    tell?.();
    return false;
  }

  /** Writes what waits; false once the journal has failed. */
  flush(): boolean {
    clearTimeout(this.timer);
    this.timer = undefined;
    const text = this.pending;
    this.pending = '';
    if (this.failure) return false;
    if (this.fd === undefined || !text) return true;
    try {
      // A full disk writes part of a buffer before it refuses the rest.
      let rest = Buffer.from(text);
      while (rest.length > 0) rest = rest.subarray(writeSync(this.fd, rest));
      return true;
    } catch (error) {
      this.failure = new JournalWriteError(this.path, error as NodeJS.ErrnoException);
      this.onFailure?.(this.failure);
      return false;
    }
  }

  close(): void {
    this.flush();
    // Records still waiting for company are written no more: their lines are not sent.
    clearTimeout(this.companyTimer);
    this.companyTimer = undefined;
    this.marks = '';
    for (const go of this.starting.splice(0)) go(false);
    // A sync under way still uses the descriptor: it is closed when the sync ends.
    if (this.syncing > 0) this.closeAfterSync = true;
    else if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/**
 * Where a run's journal goes without --results: one new file per run under the state directory
 * (beside what voucher import keeps), named by the second it started, the command and a random
 * suffix. Runs started in the same second (a script's loop) get names of their own: a name already
 * taken is drawn again, so that a run never meets another's journal as if it were an earlier run.
 */
export function defaultJournalPath(dir: string, command: string, nowMs: number): string {
  const stamp = new Date(nowMs).toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  for (;;) {
    const suffix = Math.floor(Math.random() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
    const path = join(dir, 'runs', `${stamp}-${command.replace(/ /g, '-')}-${suffix}.ndjson`);
    if (!existsSync(path)) return path;
  }
}

/**
 * What a journal says of each line: one byte per line number, so that a million lines cost a
 * megabyte; and, for an input read once, the hash of the input up to each line (8 bytes a line).
 */
export class LineStates {
  static readonly none = 0;
  static readonly done = 1;
  static readonly failed = 2;
  static readonly unknown = 3;
  private states = new Uint8Array(1024);
  /**
   * What earlier runs' attempts at each line came to: IN_FLIGHT_BIT while an in-flight record has
   * no outcome after it, LOST_BIT once an attempt got no definite answer (an `unknown` outcome, a
   * 5xx, or an in-flight record never followed by an outcome). An attempt with a definite answer
   * (done, a 4xx, a 409 included, or a failure before anything went out) sets neither.
   */
  private attempts = new Uint8Array(1024);
  private static readonly IN_FLIGHT_BIT = 1;
  private static readonly LOST_BIT = 2;
  /** 48 bits of `input_sha256`, plus one (0: none recorded). */
  private digests?: Float64Array;
  counts = { done: 0, failed: 0, unknown: 0 };
  /** The highest line the journal has a record of. */
  lastLine = 0;

  get(line: number): number {
    return this.states[line] ?? LineStates.none;
  }

  /**
   * An earlier run sent this line and got no definite answer: a request of that run may have
   * acted, or land late, so a 409 to a repeat may be that run's own voucher.
   */
  answerLostBefore(line: number): boolean {
    return (this.attempts[line] ?? 0) !== 0;
  }

  /** An in-flight record: a run sent the line's request. One still in flight before it lost its answer. */
  markInFlight(line: number): void {
    const bits = this.attemptBits(line);
    this.attempts[line] =
      bits | LineStates.IN_FLIGHT_BIT | (bits & LineStates.IN_FLIGHT_BIT ? LineStates.LOST_BIT : 0);
  }

  /** An outcome record; `definite`: the service's word on the line (journal-read.ts). */
  markOutcome(line: number, definite: boolean): void {
    const bits = this.attemptBits(line) & LineStates.LOST_BIT;
    this.attempts[line] = definite ? bits : LineStates.LOST_BIT;
  }

  /** A record cut short by a crash: its request may have gone out. */
  markLost(line: number): void {
    this.attemptBits(line);
    this.attempts[line] = LineStates.LOST_BIT;
  }

  private attemptBits(line: number): number {
    if (line >= this.attempts.length) {
      const grown = new Uint8Array(Math.max(line + 1, this.attempts.length * 2));
      grown.set(this.attempts);
      this.attempts = grown;
    }
    return this.attempts[line]!;
  }

  set(line: number, status: LineStatus, digest?: unknown): void {
    if (line >= this.states.length) {
      const grown = new Uint8Array(Math.max(line + 1, this.states.length * 2));
      grown.set(this.states);
      this.states = grown;
    }
    this.states[line] =
      status === 'unknown' ? LineStates.unknown : status === 'failed' ? LineStates.failed : LineStates.done;
    this.lastLine = Math.max(this.lastLine, line);
    if (typeof digest === 'string' && /^[0-9a-f]{12}$/.test(digest)) {
      if (!this.digests || this.digests.length < this.states.length) {
        const grown = new Float64Array(this.states.length);
        if (this.digests) grown.set(this.digests);
        this.digests = grown;
      }
      this.digests[line] = Number.parseInt(digest, 16) + 1;
    }
  }

  /** The `input_sha256` recorded for the line, if any. */
  digest(line: number): string | undefined {
    const value = this.digests?.[line];
    return value ? (value - 1).toString(16).padStart(12, '0') : undefined;
  }

  tally(): void {
    this.counts = { done: 0, failed: 0, unknown: 0 };
    for (const state of this.states) {
      if (state === LineStates.done) this.counts.done++;
      else if (state === LineStates.failed) this.counts.failed++;
      else if (state === LineStates.unknown) this.counts.unknown++;
    }
  }
}
