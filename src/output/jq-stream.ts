// --jq on many values (NDJSON pages, bulk results): the filter runs on each value, as jq reads
// NDJSON, but jq is not started once per value. Each run of jq costs a few milliseconds of its own,
// so values wait in a batch while the run before them works, and go to jq together: a fast
// producer makes few large runs, a slow one keeps jq idle in between. Memory stays flat: a producer
// waits once a batch holds BATCH_BYTES. What jq prints is written in the order the values came.
import type { JqFilter } from './jq.js';

const BATCH_BYTES = 4 * 1024 * 1024;

export class JqStream {
  private batch: string[] = [];
  private batchBytes = 0;
  private running?: Promise<void>;
  private failed?: { error: unknown };

  constructor(
    private readonly filter: JqFilter,
    private readonly write: (text: string) => Promise<void>,
  ) {}

  /** Queues the values (JSON texts); resolves once there is room for more. Throws an earlier error. */
  async push(texts: string[]): Promise<void> {
    this.throwIfFailed();
    for (const text of texts) {
      this.batch.push(text);
      this.batchBytes += text.length + 1;
    }
    this.start();
    while (this.batchBytes > BATCH_BYTES && this.running) await this.running;
    this.throwIfFailed();
  }

  /** Resolves once everything queued is written; throws the error that stopped jq, if one did. */
  async finish(): Promise<void> {
    while (this.running) await this.running;
    this.throwIfFailed();
  }

  private throwIfFailed(): void {
    if (this.failed) throw this.failed.error;
  }

  private start(): void {
    if (this.running || this.failed || this.batch.length === 0) return;
    const batch = this.batch;
    this.batch = [];
    this.batchBytes = 0;
    this.running = this.runBatch(batch).then(
      () => {
        this.running = undefined;
        this.start();
      },
      (error: unknown) => {
        this.failed = { error };
        this.running = undefined;
      },
    );
  }

  private async runBatch(batch: string[]): Promise<void> {
    const { text, error } = await this.filter.run(batch);
    if (text !== '') await this.write(text);
    if (error) throw error;
  }
}
