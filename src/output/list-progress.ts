// How far a long --all list has come, for a person at a terminal: one stderr line redrawn in place
// (`Reading vouchers: 12,300 · 123 pages · 1,650/s · 0:07`), at most ten times a second, cleared
// before the list is printed. Output.progress draws nothing when stderr is not a terminal.
import type { Output } from './output.js';

const REDRAW_MS = 100;

export class ListProgress {
  private items = 0;
  private pages = 0;
  private drawnAt = Number.NEGATIVE_INFINITY;
  private readonly startedAt: number;

  constructor(
    private readonly out: Output,
    private readonly now: () => number,
    private readonly noun: string,
  ) {
    this.startedAt = now();
  }

  /** A page came: counted, and the line redrawn (the first at once, then ten times a second at most). */
  page(count: number): void {
    this.items += count;
    this.pages += 1;
    const now = this.now();
    if (now - this.drawnAt < REDRAW_MS) return;
    this.drawnAt = now;
    this.out.progress(this.text(now));
  }

  /** Takes the line away before something else is printed; the next page draws it again. */
  clear(): void {
    this.out.endProgress();
    this.drawnAt = Number.NEGATIVE_INFINITY;
  }

  private text(now: number): string {
    const seconds = Math.max(0.001, (now - this.startedAt) / 1000);
    const rate = Math.round(this.items / seconds);
    const elapsed = `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
    return `Reading ${this.noun}: ${this.items.toLocaleString('en-US')} · ${this.pages.toLocaleString('en-US')} page${this.pages === 1 ? '' : 's'} · ${rate.toLocaleString('en-US')}/s · ${elapsed}`;
  }
}
