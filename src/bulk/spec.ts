// What a bulk run is given (BulkSpec) and what it keeps of each checked line (KeptLine): the types
// the engine and its parts (check-whole, dry-run, send) share, in a module none of them owns.
import type { BulkFlags } from './flags.js';
import type { InputRecord, ReadOptions } from './records.js';
import type { BulkAction } from './settle.js';

export interface BulkSpec<P, Roles = unknown> {
  /** `voucher create`: in the journal, and what --resume checks. */
  command: string;
  /** The --input value: a path, or - for stdin. */
  input: string;
  read: ReadOptions;
  /** Checks a CSV header once (an unknown column is a UsageError) and says what each column sets. */
  columns?(names: string[]): Roles;
  /** One record's payload, checked; throws UsageError for a bad record. */
  prepare(record: InputRecord, roles: Roles | undefined): P;
  action: BulkAction<P>;
  flags: BulkFlags;
  dryRun: boolean;
  /** Asked once before anything is sent (a delete's confirmation), with the first payloads. */
  confirm?(first: P[], total: number | null): Promise<void>;
  /**
   * Told, before any line is sent, which run this is: when it first started (a resume: the run it
   * resumes) and the hash of its input. A command that marks its requests (a redemption's
   * promo_request_id) makes each line's mark from it, so that the resume looks up the same mark.
   */
  onRun?(run: { startedAt: string; inputSha256: string | null }): void;
  /**
   * The run moves money (redemptions, rollbacks, publications): a new run of a file that ran already
   * against the account asks first, or needs --again (earlier-runs.ts).
   */
  movesMoney?: boolean;
  /** Voucher creates: advise `voucher import` when the run is large and the limit low. */
  importAdvice?: boolean;
}

/** A line checked and prepared by the first pass. */
export interface KeptLine<P> {
  line: number;
  prepared: P;
  digest?: undefined;
}
