// --jq on many values (NDJSON pages, bulk results): the filter runs on each value, as jq reads
// NDJSON, but jq is not started once per value. Each run of jq costs a few milliseconds of its own,
// so values wait in a batch while the runs before them work, and go to jq together: a fast
// producer makes few large runs, a slow one keeps jq idle in between. With two filters (two worker
// threads) two batches are filtered at once, on two cores. What jq prints is written in the order
// the values came. Memory stays flat (~200 MiB at most over 100,000 vouchers, worker threads
// included, about as over 10,000): a producer waits once a batch holds BATCH_BYTES (4 MiB held
// twice as much, for ~10 % less CPU), and no more batches are under way than the filters can take
// twice over.
import type { JqFilter } from './jq.js';

const BATCH_BYTES = 1024 * 1024;

export class JqStream {
  private batch: string[] = [];
  private batchBytes = 0;
  private readonly idle: JqFilter[];
  /** Batches handed to a filter whose output is not written yet. */
  private unwritten = 0;
  private written: Promise<void> = Promise.resolve();
  private failed?: { error: unknown };
  private waiting: Array<() => void> = [];

  constructor(
    private readonly filters: JqFilter[],
    private readonly write: (text: string) => Promise<void>,
  ) {
    this.idle = [...filters];
  }

  /** Queues the values (JSON texts); resolves once there is room for more. Throws an earlier error. */
  async push(texts: string[]): Promise<void> {
    this.throwIfFailed();
    for (const text of texts) {
      this.batch.push(text);
      this.batchBytes += text.length + 1;
    }
    this.start();
    while (this.batchBytes > BATCH_BYTES && this.unwritten > 0 && !this.failed) await this.settled();
    this.throwIfFailed();
  }

  /**
   * One value filtered whole (`--json --jq`), after what was queued before it: a large one goes to
   * jq as it is written (JqFilter.runValue). Resolves once its output is written.
   */
  async value(value: unknown): Promise<void> {
    await this.finish();
    const filter = this.idle.shift()!;
    this.unwritten++;
    try {
      const { text, error } = await filter.runValue(value);
      if (text !== '') await this.write(text);
      if (error) throw error;
    } catch (error) {
      this.failed ??= { error };
      throw error;
    } finally {
      this.unwritten--;
      this.idle.push(filter);
    }
  }

  /** Resolves once everything queued is written; throws the error that stopped jq, if one did. */
  async finish(): Promise<void> {
    for (;;) {
      this.start();
      if (this.unwritten === 0 || this.failed) break;
      await this.settled();
    }
    this.throwIfFailed();
  }

  private throwIfFailed(): void {
    if (this.failed) throw this.failed.error;
  }

  /** Resolves when a batch has been filtered or written. */
  private settled(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private wake(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  private start(): void {
    while (
      !this.failed &&
      this.batch.length > 0 &&
      this.idle.length > 0 &&
      this.unwritten < 2 * this.filters.length
    ) {
      const filter = this.idle.shift()!;
      const batch = this.batch;
      this.batch = [];
      this.batchBytes = 0;
      this.unwritten++;
      const result = filter.run(batch).finally(() => {
        this.idle.push(filter);
        this.start();
        this.wake();
      });
      result.catch(() => undefined);
      // In order: this batch's text after the text of every batch before it.
      this.written = this.written
        .then(async () => {
          if (this.failed) return;
          const { text, error } = await result;
          if (text !== '') await this.write(text);
          if (error) throw error;
        })
        .catch((error: unknown) => {
          this.failed ??= { error };
        })
        .finally(() => {
          this.unwritten--;
          this.start();
          this.wake();
        });
    }
  }
}
