// The sandbox's background jobs as it keeps them in its state (import-jobs.ts runs them): types
// only, so that the state's own type (types.ts) can name them without importing the jobs.

export type JobStatus = 'ENQUEUED' | 'IN_PROGRESS' | 'DONE' | 'FAILED';

/** A record a job could not process: a voucher by its code, a product import's CSV row by number. */
export interface ImportFailure {
  code?: string | null;
  /** The CSV row (the header not counted) and the product's source id, for a product import. */
  row?: number;
  source_id?: string | null;
  reason: string;
}

/**
 * The kinds of job: the voucher import, a campaign's import, the generation of a campaign's codes
 * (its records are counted, not kept), the deletion of a campaign's vouchers, and the products'
 * CSV import and bulk updates.
 */
export type JobType =
  | 'VOUCHERS.IMPORT'
  | 'VOUCHERS.IMPORT_CSV'
  | 'PRODUCTS.IMPORT_CSV'
  | 'PRODUCTS.BULK_UPDATE'
  | 'PRODUCTS.METADATA_UPDATE'
  | 'CAMPAIGN.VOUCHERS_IMPORT'
  | 'CAMPAIGN.VOUCHERS_IMPORT_CSV'
  | 'CAMPAIGN.VOUCHERS_GENERATE'
  | 'CAMPAIGN.VOUCHERS_DELETE';

/** A job as the sandbox keeps it; `asyncActionAnswer` turns it into the service's object. */
export interface ImportJob {
  id: string;
  type: JobType;
  /** The campaign a campaign job works on. */
  campaign_id?: string | null;
  request_id: string;
  created_at: string;
  /** Milliseconds since the epoch when processing starts: after every job queued before it. */
  start_ms: number;
  /** Fixed when the job is queued, so that a later change of the knob leaves it alone. */
  records_per_second: number;
  /** Records after which the job stops as FAILED; null when it runs to the end. */
  fail_after: number | null;
  total: number;
  processed: number;
  done_count: number;
  failed: ImportFailure[];
  status: JobStatus;
  updated_at: string;
}

export interface ImportSettings {
  /** How fast jobs are processed; default 1000 records a second. */
  records_per_second: number;
  /** How fast a campaign's codes are generated; default 50,000 a second. */
  generate_per_second?: number;
  /** New jobs stop half-way with status FAILED (to exercise a client's handling of it). */
  fail: boolean;
}

/**
 * A CSV export as the sandbox keeps it. Like an import, it runs "in the background" as a function
 * of time: SCHEDULED until `start_ms`, IN_PROGRESS until `end_ms`, then DONE (or ERROR when the
 * sandbox was set to fail its jobs).
 */
export interface ExportRecord {
  id: string;
  created_at: string;
  exported_object: string;
  /** As the request gave them, with the default fields and order filled in. */
  parameters: { fields: string[]; order: string; filters: Record<string, unknown> };
  /** What the download's `token` query value must be. */
  token: string;
  start_ms: number;
  end_ms: number;
  fail: boolean;
}
