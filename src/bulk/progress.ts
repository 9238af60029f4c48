// What a person sees of a bulk run on a terminal: one progress line on stderr, redrawn at most ten
// times a second (done/total, rate, ETA, failed, unknown), with failures printed above it as they
// happen. Successes are counted, not listed. Piped, none of this is drawn.
import type { OutputStream } from '../context.js';

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
    this.stderr.write(`\r\x1b[2K${this.render(now)}`);
    this.shown = true;
  }

  render(now: number): string {
    const c = this.counts();
    const finished = c.done + c.failed + c.unknown + c.skipped;
    const seconds = Math.max(0.001, (now - this.startedAt) / 1000);
    const rate = finished / seconds;
    const parts: string[] = [];
    if (this.total) {
      const share = Math.min(1, finished / this.total);
      const filled = Math.round(share * BAR_WIDTH);
      parts.push(
        `[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}] ${finished}/${this.total} ${Math.floor(share * 100)}%`,
      );
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
