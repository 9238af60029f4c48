// promo voucher get <code|id>: one voucher, as a card on a terminal or the service's object.
import { getVoucher, VOUCHER_FIELDS } from '../../api/vouchers.js';
import { defineCommand } from '../../toolkit/define.js';
import { checkCode } from './code.js';
import { withMissingHint } from './missing.js';
import { VOUCHER_CSV, voucherFields } from './voucher-view.js';

export default defineCommand({
  path: ['voucher', 'get'],
  fields: VOUCHER_FIELDS,
  aliases: ['show'],
  summary: 'Show one voucher, by code or by id',
  description: `On a terminal: a card with the code, type, value (discount, gift balance or points), status
(active, inactive, not started, expired), dates, validity, redemptions, category, campaign and
metadata. With -o json: the service's voucher object, unchanged. Exit 3 when there is no such
voucher (a voucher in the bin included), with what is likely: spaces around the code, the same
code in other capitals, a voucher with this code in the bin. The card also shows the validation
rules assigned to the code and to its campaign, in words.`,
  examples: [
    'promo voucher get SUMMER20',
    'promo voucher get v_0c5d710a87c8a31f86 -o json | jq .redemption',
    'promo voucher get SUMMER20 >/dev/null 2>&1 && echo exists',
  ],
  args: { code: { help: 'voucher code, or its id (v_...)', required: true, parse: checkCode } },
  run: async ({ code }, rt) => {
    const client = await rt.client();
    const voucher = await withMissingHint(client, code, () => getVoucher(client, code));
    rt.out.csvView = VOUCHER_CSV;
    // The rules in words are for a person's card alone: their code (and the chunk it is in) is
    // loaded only then; -o json prints the service's object and reads nothing more.
    const rules =
      rt.out.isJson || rt.out.isShaped
        ? []
        : await (await import('../shared/assigned-rules.js')).rulesRow<typeof voucher>(
            rt,
            // Its own rules are in its answer; its campaign's are listed, at the same time.
            [
              { id: voucher.id, assignments: voucher.validation_rules_assignments },
              { id: voucher.campaign_id },
            ],
            (on) => (on === voucher.id ? '' : ' (from its campaign)'),
          );
    await rt.out.record(voucher, [...voucherFields(rt.ctx.now()), ...rules]);
  },
});
