// promo campaign import <name|id> <FILE|->: vouchers with codes of your own into a campaign,
// through the campaign's import (an async action per 10 MB); their type and value are the
// campaign's. The same checks, chunks, --wait and results as voucher import.
import { defineArgs, defineCommand } from '../../toolkit/define.js';
import { IMPORT_OPTIONS } from '../voucher/import.js';
import { runImport } from '../voucher/import-run.js';
import { checkCampaign, withCampaignHint } from './ref.js';

const args = defineArgs({
  campaign: { help: 'campaign name, or its id (camp_...)', required: true, parse: checkCampaign },
  file: { help: 'NDJSON or CSV file, or - for stdin', required: true, complete: 'files' },
});

export default defineCommand({
  path: ['campaign', 'import'],
  summary: 'Import vouchers with your own codes into a campaign (the service’s asynchronous import)',
  description: `Each line (NDJSON, or CSV with a header) is one voucher: code (required, each once), and
optionally category, active, start_date, expiration_date, redemption (quantity), additional_info,
metadata (metadata.KEY columns in CSV). Its type and value come from the campaign: a line with
type, discount or gift is refused. Every line is checked before anything is sent (exit 2 naming
every bad line). Requests of at most 10 MB each queue a job; --wait follows them and writes one
JSON line per voucher to the results file; exit 7 when some were not imported.`,
  examples: [
    "promo campaign import 'Summer Sale' new-codes.csv --wait",
    "printf 'code\\nSUMMER-A1\\nSUMMER-A2\\n' | promo campaign import 'Summer Sale' - --dry-run",
  ],
  args,
  options: IMPORT_OPTIONS,
  run: (input, rt) =>
    withCampaignHint(rt.client.bind(rt), input.campaign, () =>
      runImport(
        {
          source: input.file,
          wait: input.wait,
          dryRun: input.dryRun,
          results: input.results,
          campaign: input.campaign,
        },
        rt,
      ),
    ),
});
