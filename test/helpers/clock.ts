// Time as an input: a clock for a promo run (Context.now and Context.sleep) and, where a test
// hands it to its sandbox too, for the service. A sleep moves the clock on at once, so a test of
// retries, pacing or polling waits for nothing and asserts the time that passed by this clock.
export class TestClock {
  private ms: number;
  private readonly start: number;
  /** Every wait asked for, in order. */
  readonly slept: number[] = [];

  constructor(start = Date.parse('2026-06-01T12:00:00.000Z')) {
    this.ms = start;
    this.start = start;
  }

  readonly now = (): number => this.ms;

  /** As long as `ms` had passed, after the current turn of the event loop; an aborted signal ends it at once. */
  readonly sleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
    if (signal?.aborted) return;
    this.slept.push(ms);
    this.ms += Math.max(0, ms);
    await new Promise((resolve) => setImmediate(resolve));
  };

  /** Moves the clock on by hand (time passing between two commands). */
  advance(ms: number): void {
    this.ms += ms;
  }

  /** Milliseconds this clock has moved since it was made. */
  get elapsed(): number {
    return this.ms - this.start;
  }
}
