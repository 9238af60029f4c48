// promo qualify: the service's qualification for the customer and the order the flags give, best
// deal first; the codes this customer has used up left out (near-misses.ts); with --explain the
// near misses under the list, in voucher validate's words.
import { MAX_QUALIFICATIONS, type Qualified, qualify } from '../../api/qualifications.js';
import type { RedeemableAnswer } from '../../api/validations.js';
import { ExitCode } from '../../base/errors.js';
import { inUnits } from '../../output/money.js';
import { type Column, formatMoney } from '../../output/table.js';
import type { Runtime } from '../../runtime/runtime.js';
import { ORDER_PATHS } from '../shared/redemption-view.js';
import { type OrderFlags, orderParts } from '../voucher/order-options.js';
import { printRedeemables } from '../voucher/validate.js';
import { voucherValue } from '../voucher/voucher-view.js';
import { nearMisses, usedUp } from './near-misses.js';

const DEFAULT_LIMIT = 10;

export interface QualifyFlags extends Pick<OrderFlags, 'customer' | 'amount' | 'item'> {
  limit?: number;
  explain: boolean;
}

/** What it gives, in the words `voucher get` uses for a voucher's value. */
function gives(q: Qualified): string {
  const { discount, gift } = q.result ?? {};
  if (discount)
    return voucherValue({ type: 'DISCOUNT_VOUCHER', discount } as Parameters<typeof voucherValue>[0]);
  if (gift) return `gift card: ${formatMoney(gift.credits)} of its ${formatMoney(gift.balance)} balance`;
  return '';
}

/** As CSV: what each gives and the order after it, money in currency units as in the table. */
const QUALIFIED_CSV = {
  columns: [
    'id',
    'object',
    'order.amount',
    'order.total_applied_discount_amount',
    'order.total_amount',
    'campaign_name',
  ],
  units: (q: Qualified) => inUnits(q, ORDER_PATHS),
};

const COLUMNS: Column<Qualified>[] = [
  { header: 'Code', value: (q) => (q.object === 'campaign' ? (q.name ?? q.id) : q.id), id: true },
  { header: 'Kind', value: (q) => q.object },
  { header: 'Gives', value: gives, text: true },
  { header: 'Off', value: (q) => formatMoney(q.order?.total_applied_discount_amount ?? 0) },
  { header: 'Total after', value: (q) => formatMoney(q.order?.total_amount) },
];

export async function run(flags: QualifyFlags, rt: Runtime): Promise<number> {
  // Checked (exit 2, naming the flag) before anything is sent.
  const parts = await orderParts({ ...flags, orderFile: undefined, metadata: undefined }, rt.ctx);
  const client = await rt.client();
  const limit = flags.limit ?? DEFAULT_LIMIT;
  const answer = await qualify(client, {
    scenario: 'ALL',
    ...parts,
    options: { limit, sorting_rule: 'BEST_DEAL' },
  });
  const listed = answer.redeemables.data;
  const spent = await usedUp(client, listed, parts);
  const gone = new Set(spent.map((r) => r.id));
  const qualified = listed.filter((q) => q.object !== 'voucher' || !gone.has(q.id));
  const misses = flags.explain ? await nearMisses(client, listed, parts) : undefined;
  const near: RedeemableAnswer[] = misses ? [...spent, ...misses.refused] : [];

  rt.out.csvView = QUALIFIED_CSV;
  if (rt.out.isJson && misses) await rt.out.json({ qualified, near_misses: near });
  else await rt.out.list(qualified, COLUMNS, 'Nothing applies to this customer and order.');
  if (qualified.length === 0 && rt.out.isJson) rt.out.notice('Nothing applies to this customer and order.');
  if (answer.redeemables.has_more) {
    const more =
      limit < MAX_QUALIFICATIONS
        ? `--limit takes up to ${MAX_QUALIFICATIONS}`
        : 'the service answers 50 at most';
    rt.out.notice(`More qualify than the ${listed.length} asked for (${more}).`);
  }
  if (spent.length > 0 && !flags.explain) {
    const one = spent.length === 1;
    const why = parts.customer
      ? `this customer has used ${one ? 'it' : 'them'} up`
      : `${one ? 'it counts' : 'they count'} uses per customer and no --customer was given`;
    rt.out.notice(
      `${spent.length} more the service lists ${one ? 'was' : 'were'} left out: ${why} (--explain says which).`,
    );
  }
  if (misses && !rt.out.isJson) {
    if (near.length > 0) {
      // A blank line after the table, none when there is no table.
      rt.out.text(qualified.length > 0 ? '\nNear misses:' : 'Near misses:');
      await printRedeemables(rt, near, { redeemables: [], ...parts }, misses.labels);
    } else rt.out.notice('No near misses: no other code or campaign with validation rules misses.');
    if (misses.unchecked > 0)
      rt.out.notice(
        `${misses.unchecked} more codes or campaigns with rules were not checked (the first 30 are).`,
      );
  }
  return ExitCode.ok;
}
