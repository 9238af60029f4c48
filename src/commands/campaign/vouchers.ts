// promo campaign vouchers <name|id>: the campaign's vouchers, as voucher list --campaign gives
// them: one page, or with --all every one (past the service's 99-page cap), streamed with
// -o ndjson or -o csv.
import { VOUCHER_FIELDS } from '../../api/vouchers.js';
import { defineCommand } from '../../toolkit/define.js';
import { FILTER_GRAMMAR } from '../shared/filters.js';
import { run as listVouchers, VOUCHER_PAGING_OPTIONS } from '../voucher/list.js';
import { parseVoucherListOptions } from '../voucher/list-options.js';
import { CAMPAIGN_ARG } from './ref.js';

export default defineCommand({
  path: ['campaign', 'vouchers'],
  fields: VOUCHER_FIELDS,
  summary: "List a campaign's vouchers; --all for every one, streamed with -o ndjson or -o csv",
  description: `The same list as voucher list --campaign NAME (or --campaign-id camp_…). --all reads every
voucher once, past the service's cap of 99 pages, in bounded memory with -o ndjson or -o csv:
the way to hand a launch's codes to a spreadsheet or a mailing tool. A campaign that does not
exist is exit 3 (with the names close to it), never an empty list. -o csv has each voucher's
value (discount.percent_off, gift.amount, ...) and metadata.KEY as columns; with --all the
metadata keys of the first page make the columns (promo help output).
${FILTER_GRAMMAR}`,
  examples: [
    "promo campaign vouchers 'Summer Sale'",
    "promo campaign vouchers 'Summer Sale' --all -o csv --fields code,active > summer-codes.csv",
    "promo campaign vouchers 'Summer Sale' --all -o ndjson | jq -r .code | wc -l",
  ],
  args: CAMPAIGN_ARG,
  options: VOUCHER_PAGING_OPTIONS,
  run: ({ campaign, ...flags }, rt) => {
    const byId = /^camp_[A-Za-z0-9]+$/.test(campaign);
    return listVouchers(
      parseVoucherListOptions({ ...flags, ...(byId ? { campaignId: campaign } : { campaign }) }),
      rt,
    );
  },
});
