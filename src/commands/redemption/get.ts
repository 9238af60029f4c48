// promo redemption get <id>: one redemption (r_...) or rollback (rr_...). 404 → exit 3.
import { getRedemption } from '../../api/redemptions.js';
import { defineCommand } from '../../toolkit/define.js';
import { REDEMPTION_CSV, REDEMPTION_FIELDS, redemptionFields } from '../shared/redemption-view.js';

export default defineCommand({
  path: ['redemption', 'get'],
  fields: REDEMPTION_FIELDS,
  aliases: ['show'],
  summary: 'Show one redemption or rollback',
  description: `On a terminal: its code, result or status (ROLLED_BACK once rolled back), amounts in currency
units, customer, parent (a stacked redemption's) and why it failed. With -o json: the service's
object. Exit 3 when there is no such redemption.`,
  examples: [
    'promo redemption get r_0c5d710a87c8a31f86',
    'promo redemption get r_0c5d710a87c8a31f86 -o json | jq .status',
  ],
  args: { id: { help: 'the redemption id (r_...) or rollback id (rr_...)', required: true } },
  run: async ({ id }, rt) => {
    rt.out.csvView = REDEMPTION_CSV;
    const redemption = await getRedemption(await rt.client(), id);
    await rt.out.record(redemption, redemptionFields);
  },
});
