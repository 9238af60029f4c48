// Where each outcome of a bulk run goes: the journal (always), stdout (its same line, when stdout
// is not a terminal or the output is JSON), the progress line and the failures printed as they
// happen (on a terminal); and the summary at the end, text or JSON, on stderr.

import { stdoutIsTTY } from '../base/context.js';
import { shellQuote } from '../base/shell.js';
import { escapeCell } from '../output/escape.js';
import type { Runtime } from '../runtime/runtime.js';
import type { Journal, JournalRecord, LineStatus } from './journal.js';
import { type Counts, formatDuration, ProgressLine } from './progress.js';

const LISTED = 10;
/** Failed or unknown lines printed as they happen before the rest are only counted. */
const SHOWN_AS_THEY_COME = 20;
const STDOUT_EVERY_MS = 50;
const STDOUT_BATCH_CHARS = 64 * 1024;
/** A record's columns in CSV (-o csv), when --fields names none. */
const RECORD_CSV_FIELDS = ['line', 'status', 'code', 'id', 'error.key', 'error.message'];
const ORDER: LineStatus[] = ['created', 'updated', 'deleted', 'sent', 'skipped', 'failed', 'unknown'];

export interface Ending {
  interrupted: boolean;
  /** What interrupted the run, when it was not a signal. */
  why?: string;
  /** Lines the run never reached (after an interruption or a fatal failure). */
  notAttempted: boolean;
  /** Lines done by the runs this one resumes. */
  doneEarlier: number;
  resume: string;
  /** For a large create run against a low limit: the advice to import instead. */
  advice?: string;
}

export class Reporter {
  readonly byStatus: Partial<Record<LineStatus, number>> = {};
  private readonly failures: string[] = [];
  private readonly unknownLines: number[] = [];
  private readonly progress?: ProgressLine;
  /** Each outcome goes to stdout too. */
  readonly toStdout: boolean;
  readonly startedAt: number;

  constructor(
    private readonly rt: Runtime,
    private readonly journal: Journal,
    total: number | null,
  ) {
    this.startedAt = rt.ctx.now();
    const stdoutTTY = stdoutIsTTY(rt.ctx);
    this.toStdout = rt.out.isJson || !stdoutTTY;
    // A bar for a person at a terminal: not when stderr is for a program, nor when the lines of
    // the run go to the same terminal on stdout.
    if (rt.ctx.stderr.isTTY && !rt.out.quiet && !rt.out.stderrJson && !(this.toStdout && stdoutTTY))
      this.progress = new ProgressLine(
        rt.ctx.stderr,
        () => rt.ctx.now(),
        this.startedAt,
        total,
        () => this.counts(),
      );
    // Notices of the run (a pause for the rate limit, a retry) go above the bar, not onto it.
    rt.out.statusLine = this.progress;
  }

  counts(): Counts {
    const s = this.byStatus;
    return {
      done: (s.created ?? 0) + (s.updated ?? 0) + (s.deleted ?? 0) + (s.sent ?? 0),
      failed: s.failed ?? 0,
      unknown: s.unknown ?? 0,
      skipped: s.skipped ?? 0,
    };
  }

  /** A line's outcome; `digest` (an input read once) goes to the journal, not to stdout. */
  record(record: JournalRecord, digest?: string): void {
    // An answer may echo what was sent, the app token included (a proxy's error page, a debug
    // build of the service): never into the journal or onto stdout.
    const json = this.rt.secrets.scrub(JSON.stringify(record));
    this.journal.add(digest ? `${json.slice(0, -1)},"input_sha256":"${digest}"}` : json);
    if (this.toStdout && this.rt.out.filtersLines) {
      // Through --jq, one record after the other, in order.
      const scrubbed = JSON.parse(json) as JournalRecord;
      this.stdoutChain = this.stdoutChain.then(() => this.rt.out.line(scrubbed));
    } else if (this.toStdout) {
      // Written every STDOUT_EVERY_MS, or sooner when much waits: one write per line cost a
      // tenth of a fast run's CPU. The journal, not stdout, is what a crash leaves.
      this.stdoutPending += this.stdoutLine(json);
      if (this.stdoutPending.length > STDOUT_BATCH_CHARS) this.flushStdout();
      else this.stdoutSoon ??= setTimeout(() => this.flushStdout(), STDOUT_EVERY_MS);
    }
    this.byStatus[record.status] = (this.byStatus[record.status] ?? 0) + 1;
    if (record.status === 'failed') this.onFailed?.(this.byStatus.failed!);
    if (record.status === 'failed') {
      const key = record.error?.key ? ` (${record.error.key})` : '';
      const text = `line ${record.line}${record.code ? ` ${record.code}` : ''}: ${record.error?.message ?? 'failed'}${key}`;
      if (this.failures.length < LISTED) this.failures.push(text);
      this.printAbove(`failed: ${escapeCell(text)}`);
    } else if (record.status === 'unknown') {
      if (this.unknownLines.length < LISTED * 3) this.unknownLines.push(record.line);
      this.printAbove(
        `unknown: ${escapeCell(`line ${record.line}${record.code ? ` ${record.code}` : ''}`)}: the answer was lost`,
      );
    }
    this.progress?.draw();
  }

  /** Told the number of lines failed so far, after each failure. */
  onFailed?: (failed: number) => void;

  private stdoutPending = '';

  /**
   * A record as stdout carries it: the journal's JSON line, shaped by --fields or as CSV, or with
   * -o table (asked for while stdout is piped) a tab-separated row under a header, as gh prints a
   * table into a pipe.
   */
  private stdoutLine(json: string): string {
    const { out } = this.rt;
    if (out.format === 'table') {
      const r = JSON.parse(json) as JournalRecord;
      const head = this.tableHeader ? '' : 'LINE\tSTATUS\tCODE\tID\tERROR\n';
      this.tableHeader = true;
      const cells = [r.line, r.status, r.code ?? '', r.id ?? '', r.error?.message ?? ''];
      return `${head}${cells.map((c) => escapeCell(String(c)).replace(/\t/g, ' ')).join('\t')}\n`;
    }
    if (out.format === 'csv') return out.lineText(JSON.parse(json), RECORD_CSV_FIELDS);
    return out.isShaped ? out.lineText(JSON.parse(json)) : `${json}\n`;
  }

  private tableHeader = false;
  private stdoutChain: Promise<void> = Promise.resolve();
  private stdoutSoon?: NodeJS.Timeout;

  private flushStdout(): void {
    clearTimeout(this.stdoutSoon);
    this.stdoutSoon = undefined;
    if (this.stdoutPending) this.rt.ctx.stdout.write(this.stdoutPending);
    this.stdoutPending = '';
  }

  private printedAbove = 0;

  /**
   * A failed or unknown line, printed above the progress bar as it happens: the first SHOWN_AS_THEY_COME
   * of them; then one line says that the rest are only counted (the summary and the journal have them).
   */
  private printAbove(text: string): void {
    if (!this.progress) return;
    this.printedAbove += 1;
    if (this.printedAbove <= SHOWN_AS_THEY_COME) this.progress.print(this.rt.out.forStderr(text));
    else if (this.printedAbove === SHOWN_AS_THEY_COME + 1)
      this.progress.print(
        '… more failed or unknown lines are counted, not shown: see the summary and the journal',
      );
  }

  /** A notice for people, above the progress line. */
  note(text: string): void {
    if (this.progress) this.progress.print(this.rt.out.forStderr(text));
    else this.rt.out.notice(text);
  }

  /** The run ends without a summary (its input refused): the progress line goes. */
  abandon(): void {
    this.flushStdout();
    this.stopProgress();
  }

  private stopProgress(): void {
    this.progress?.stop();
    if (this.rt.out.statusLine === this.progress) this.rt.out.statusLine = undefined;
  }

  /** Writes the summary on stderr, once every record is on stdout. */
  async finish(command: string, ending: Ending): Promise<void> {
    this.flushStdout();
    await this.stdoutChain;
    this.stopProgress();
    const elapsed = (this.rt.ctx.now() - this.startedAt) / 1000;
    const c = this.counts();
    const handled = c.done + c.failed + c.unknown + c.skipped;
    const rate = handled / Math.max(elapsed, 0.001);
    const left = c.failed + c.unknown > 0 || ending.notAttempted || ending.interrupted;
    // -q: a run that left nothing undone says nothing (the exit code and the journal say it); one
    // that left lines behind still says which and how to resume, as an error would.
    if (this.rt.out.quiet && !left) return;
    if (this.rt.out.stderrJson) {
      const summary = {
        command,
        ...Object.fromEntries(ORDER.filter((s) => this.byStatus[s]).map((s) => [s, this.byStatus[s]])),
        ...(ending.doneEarlier ? { done_earlier: ending.doneEarlier } : {}),
        interrupted: ending.interrupted,
        ...(ending.why ? { stopped_because: ending.why } : {}),
        elapsed_s: Math.round(elapsed * 1000) / 1000,
        rate_per_s: Math.round(rate * 10) / 10,
        journal: this.journal.path,
        ...(left ? { resume: ending.resume } : {}),
        ...(ending.advice ? { advice: ending.advice } : {}),
      };
      this.rt.ctx.stderr.write(`${this.rt.secrets.scrub(JSON.stringify({ summary }))}\n`);
      return;
    }
    const lines: string[] = [];
    const counts = ORDER.filter((s) => this.byStatus[s]).map((s) => `${this.byStatus[s]} ${s}`);
    if (ending.doneEarlier) counts.push(`${ending.doneEarlier} done earlier`);
    const head = ending.why ? `Stopped, ${ending.why}` : ending.interrupted ? 'Interrupted' : 'Done';
    lines.push(
      `${head}: ${counts.join(', ') || 'nothing to do'} in ${formatDuration(elapsed)} (${rate.toFixed(1)}/s).`,
    );
    if (this.failures.length) {
      lines.push('Failed:', ...this.failures.map((f) => `  ${escapeCell(f)}`));
      if (c.failed > this.failures.length)
        lines.push(`  … and ${c.failed - this.failures.length} more (see the journal)`);
    }
    if (this.unknownLines.length) {
      const more = c.unknown - this.unknownLines.length;
      lines.push(
        `Unknown (the service may or may not have acted; the answer was lost): line${c.unknown > 1 ? 's' : ''} ${this.unknownLines.join(', ')}${more > 0 ? ` and ${more} more (see the journal)` : ''}.`,
        '  Resuming checks those it can (a money write by its mark, sent again only past its landing window: promo help bulk); the others are not sent again without --resend-unknown.',
      );
    }
    if (ending.advice) lines.push(ending.advice);
    lines.push(`Journal: ${shellQuote(this.journal.path)}`);
    if (left) lines.push(`To resume: ${ending.resume}`);
    this.rt.out.stderrText(lines.join('\n'));
  }
}

/**
 * For a create run that would take many windows of the service's limit (`limit` requests each, as
 * it announces them): `voucher import` sends thousands of vouchers in a few requests. The file is
 * named when it holds the vouchers whole (no option of the command line adds to its lines).
 */
export function importAdvice(lines: number, limit: number | undefined, args: string[]): string | undefined {
  if (!limit || lines < 1000 || lines / limit < 5) return undefined;
  const [, , flag, file] = args;
  const whole = args.length === 4 && flag === '--input' && file !== '-';
  return `Tip: for thousands of vouchers, \`promo voucher import ${whole ? `${shellQuote(file!)} --wait` : 'FILE'}\` sends them in a few requests instead of one each (this account allows about ${limit} requests a window).`;
}
