// promo voucher import <FILE|-> [--wait] [--dry-run] [--results FILE]: many vouchers through the
// service's asynchronous import (see import-items.ts, import-send.ts and import-run.ts).
import { defineArgs, defineCommand, defineOptions } from '../../toolkit/define.js';
import { runImport } from './import-run.js';

const args = defineArgs({
  file: { help: 'NDJSON or CSV file, or - for stdin', required: true, complete: 'files' },
});

/** The options of an asynchronous import (campaign import takes the same). */
export const IMPORT_OPTIONS = defineOptions({
  wait: { type: 'switch', help: 'follow the import jobs to their end, with progress, and print the outcome' },
  results: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'with --wait: one JSON line per voucher here (default: a file under the config directory)',
  },
  dryRun: { type: 'switch', help: 'check every line and show the requests; send nothing' },
});

export default defineCommand({
  path: ['voucher', 'import'],
  summary: 'Import many vouchers through the service’s asynchronous import (one request per 10 MB)',
  description: `The file holds vouchers in the shapes of voucher create --input: NDJSON (the API's fields,
money in hundredths) or CSV (columns named like create's options, money in units, metadata.KEY).
The import takes discount vouchers and gift cards with: code (required, each once in the file),
type, category, active, start_date, expiration_date, validity_timeframe, validity_day_of_week,
redemption, additional_info, metadata, gift (amount) and discount (its type and effect are
required). Every line is checked before anything is sent (exit 2 naming every bad line).
The file goes in requests of at most 10 MB; each queues a job (an async action) on the service.
Without --wait promo prints the job ids and how to follow them (promo job wait ID...). With
--wait it polls with backoff (progress on a terminal), then prints the jobs (-o json) or the
vouchers that failed, with their code and reason, and writes one JSON line per voucher to the
results file: {"line", "status": "created"|"failed"|"unknown", "code", "job", "error"}. Exit 7
when some vouchers were not imported. The bulk-call limit of the service (X-Rate-Limit-Type:
bulk_api_calls) is waited out. Ctrl-C during --wait stops waiting (exit 130); the jobs go on.`,
  examples: [
    'promo voucher import black-friday.csv --wait',
    'promo voucher import codes.ndjson --dry-run',
    'promo voucher import codes.ndjson -o json | jq -r ".[].async_action_id"',
    'promo voucher import more-codes.ndjson --wait --results import-results.jsonl -o json > jobs.json',
  ],
  args,
  options: IMPORT_OPTIONS,
  run: (input, rt) =>
    runImport({ source: input.file, wait: input.wait, dryRun: input.dryRun, results: input.results }, rt),
});
