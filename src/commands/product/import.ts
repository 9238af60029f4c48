// promo product import <FILE|-> [--wait] [--dry-run]: many products through the service's
// asynchronous CSV import. The file is checked whole and turned into the service's CSV
// (import-csv.ts), sent in one request, and its job followed with the same poller as the voucher
// import's (shared/job-follow.ts). Not resent after a lost answer: the job may have been queued.
import { basename } from 'node:path';
import { type AsyncAction, failuresOf, JOB_FIELDS } from '../../api/async-actions.js';
import { importProductsCsv, importProductsCsvRequest } from '../../api/product-import.js';
import { ExitCode } from '../../base/errors.js';
import { readInput } from '../../bulk/index.js';
import type { Column } from '../../output/output.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { followJobs, jobOutcome } from '../shared/job-follow.js';
import { type ImportRow, serviceCsv } from './import-csv.js';

const options = defineOptions({
  wait: {
    type: 'switch',
    help: 'follow the import job to its end (progress on a terminal), then print the lines that failed',
  },
  dryRun: { type: 'switch', help: 'check every line and show the request; send nothing' },
});

interface Failure {
  line?: number;
  row?: number;
  source_id?: string;
  reason: string;
}

const products = (n: number) => `${n} product${n === 1 ? '' : 's'}`;

const failureColumns: Column<Failure>[] = [
  { header: 'Line', value: (f) => f.line ?? (f.row === undefined ? undefined : `row ${f.row}`) },
  { header: 'Source id', value: (f) => f.source_id, id: true },
  { header: 'Reason', value: (f) => f.reason, text: true },
];

/** The job's failures by the line of the file they came from (the service counts rows after the header). */
function failures(action: AsyncAction, rows: ImportRow[]): Failure[] {
  return failuresOf(action).map((f) => {
    const row = typeof f.row === 'number' ? rows[f.row - 1] : undefined;
    return {
      ...(row ? { line: row.line } : f.row == null ? {} : { row: f.row }),
      ...(f.source_id ? { source_id: f.source_id } : {}),
      reason: f.reason ?? 'failed',
    };
  });
}

async function report(action: AsyncAction, rows: ImportRow[], rt: Runtime): Promise<number> {
  const failed = failures(action, rows);
  if (rt.out.isJson) await rt.out.json(action);
  else await rt.out.list(failed, failureColumns, 'No product failed.');
  rt.out.notice(jobOutcome(action));
  const done = action.result?.done_count ?? rows.length - failed.length;
  const missed = rows.length - done;
  rt.out.notice(
    `Imported ${done} of ${products(rows.length)}${missed > 0 ? `; ${missed} not imported` : ''}.`,
  );
  return action.status === 'DONE' && missed === 0 && failed.length === 0 ? ExitCode.ok : ExitCode.partial;
}

export default defineCommand({
  path: ['product', 'import'],
  fields: JOB_FIELDS,
  summary: 'Import many products through the service’s asynchronous CSV import',
  description: `FILE is CSV with the columns of product create --input: name (required), source_id,
price (currency units: 10.50), attributes (names separated by '|'), image_url, and metadata.KEY;
any other column is refused (exit 2), as is a bad line: every one is named, nothing is sent.
promo sends it as the service's CSV (price in hundredths) in one request of at most 10 MB; the
service imports it in the background, a row at a time. A source_id the service already knows
renames that product and changes nothing else (the service's rule): use product update, or
product create --input, to change prices. Without --wait promo prints the job id and how to
follow it (promo job wait ID). With --wait it follows the job to its end, then prints the lines
that failed, with their reason (-o json: the service's async action), and how many were
imported; exit 7 when some were not. Ctrl-C during --wait stops waiting (exit 130); the job goes on.`,
  examples: [
    'promo product import catalogue.csv --wait',
    'promo product import catalogue.csv --dry-run',
    'promo product import catalogue.csv -o json | jq -r .async_action_id',
  ],
  args: { file: { help: 'CSV file, or - for stdin', required: true, complete: 'files' } },
  options,
  run: async ({ file, wait, dryRun }, rt) => {
    const input = await readInput(file, 'FILE', rt.ctx, { formats: ['ndjson', 'csv'] });
    const { csv, rows } = serviceCsv(input);
    const filename = file === '-' ? 'products.csv' : basename(file);
    const client = await rt.client();
    if (dryRun) {
      const request = await client.dryRun(importProductsCsvRequest(csv, filename));
      if (rt.out.isJson) rt.out.text(JSON.stringify({ dry_run: true, request }));
      else
        rt.out.text(
          `${request.method} ${request.url}: ${products(rows.length)}, as the file ${filename}:\n${csv}`,
        );
      rt.out.notice('Dry run: the file was checked; nothing was sent.');
      return ExitCode.ok;
    }
    const id = await importProductsCsv(client, csv, filename);
    if (!wait) {
      await rt.out.record({ async_action_id: id }, [
        { header: 'Job', value: (a) => a.async_action_id, whole: true },
      ]);
      rt.out.notice(`Queued ${products(rows.length)} in import job ${id}. Follow: promo job wait ${id}`);
      return ExitCode.ok;
    }
    const [action] = await followJobs([id], rt);
    return report(action!, rows, rt);
  },
});
