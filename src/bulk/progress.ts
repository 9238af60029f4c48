// What a person sees of a bulk run on a terminal: one progress line on stderr, redrawn at most ten
// times a second (done/total, rate, ETA, failed, unknown), with failures printed above it as they
// happen. Successes are counted, not listed. Piped, none of this is drawn.
import type { OutputStream } from '../base/context.js';
import { displayWidth, shorten } from '../output/width.js';

const REDRAW_MS = 100;
const BAR_WIDTH = 24;

export interface Counts {
  done: number;
  failed: number;
  unknown: number;
  skipped: number;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

export class ProgressLine {
  private drawnAt = 0;
  private shown = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly stderr: OutputStream,
    private readonly now: () => number,
    private readonly startedAt: number,
    private readonly total: number | null,
    private readonly counts: () => Counts,
  ) {
    // Redrawn while nothing finishes too, so that the rate and ETA keep moving.
    this.timer = setInterval(() => this.draw(true), 1000);
    this.timer.unref();
  }

  /** Prints a line above the bar (a failure), then the bar again. */
  print(text: string): void {
    this.clear();
    this.stderr.write(`${text}\n`);
    this.draw(true);
  }

  draw(force = false): void {
    const now = this.now();
    if (!force && now - this.drawnAt < REDRAW_MS) return;
    this.drawnAt = now;
    this.stderr.write(`\r\x1b[2K${this.render(now, this.stderr.columns)}`);
    this.shown = true;
  }

  /**
   * The line, at most `columns - 1` wide (a line as wide as the terminal wraps on some, and a
   * wrapped line is not redrawn in place): the bar narrows first, then goes, then the text is cut.
   */
  render(now: number, columns?: number): string {
    const room = columns ? columns - 1 : Infinity;
    for (const bar of [BAR_WIDTH, 12, 0]) {
      const line = this.line(now, bar);
      if (displayWidth(line) <= room) return line;
    }
    return shorten(this.line(now, 0), room);
  }

  private line(now: number, barWidth: number): string {
    const c = this.counts();
    const finished = c.done + c.failed + c.unknown + c.skipped;
    const seconds = Math.max(0.001, (now - this.startedAt) / 1000);
    const rate = finished / seconds;
    const parts: string[] = [];
    if (this.total) {
      const share = Math.min(1, finished / this.total);
      const filled = Math.round(share * barWidth);
      const bar = barWidth ? `[${'█'.repeat(filled)}${'░'.repeat(barWidth - filled)}] ` : '';
      parts.push(`${bar}${finished}/${this.total} ${Math.floor(share * 100)}%`);
    } else {
      parts.push(`${finished} done`);
    }
    parts.push(`${rate.toFixed(1)}/s`);
    if (this.total && finished > 0) parts.push(`ETA ${formatDuration((this.total - finished) / rate)}`);
    if (c.failed) parts.push(`${c.failed} failed`);
    if (c.unknown) parts.push(`${c.unknown} unknown`);
    return parts.join(' · ');
  }

  clear(): void {
    if (this.shown) this.stderr.write('\r\x1b[2K');
    this.shown = false;
  }

  stop(): void {
    clearInterval(this.timer);
    this.clear();
  }
}
