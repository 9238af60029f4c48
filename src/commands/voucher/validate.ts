// promo voucher validate <code>...: does this code apply to this order, and if not, why. One
// stacked validation; on a terminal a verdict per code in words with the service's key, and the
// discount and the new total; with -o json the service's answer unchanged. Exit 9 when it says no.
import {
  type RedeemableAnswer,
  type RedeemBody,
  refusalKey,
  type Validation,
  validate,
} from '../../api/validations.js';
import { getVoucher } from '../../api/vouchers.js';
import { ExitCode } from '../../base/errors.js';
import { formatMoney } from '../../output/table.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand } from '../../toolkit/define.js';
import { orderTotals, VALIDATION_CSV } from '../shared/redemption-view.js';
import { missingCodeHint } from './missing.js';
import { orderOptions, redeemBody } from './order-options.js';
import { refusalWords } from './refusal-words.js';
import { RULE_KEYS, ruleRefusalWords } from './rule-refusal.js';

/** The refused codes' vouchers, to say why in concrete words; one that cannot be read is left out. */
async function refusedVouchers(
  rt: Runtime,
  redeemables: readonly RedeemableAnswer[],
): Promise<Map<string, Record<string, unknown>>> {
  const client = await rt.client();
  const refused = redeemables.filter(
    (r) => r.status === 'INAPPLICABLE' && refusalKey(r) !== 'resource_not_found',
  );
  const read = await Promise.all(
    refused.map(async (r) => {
      const voucher: Record<string, unknown> | undefined = await getVoucher(client, r.id).catch(
        () => undefined,
      );
      return [r.id, voucher] as const;
    }),
  );
  const found = new Map<string, Record<string, unknown>>();
  for (const [code, voucher] of read) if (voucher) found.set(code, voucher);
  return found;
}

/** Why a code does not apply: a broken rule with its numbers, else the key's meaning for this voucher. */
async function reason(
  rt: Runtime,
  redeemable: RedeemableAnswer,
  voucher: Record<string, unknown> | undefined,
  body: RedeemBody | undefined,
): Promise<string> {
  const key = refusalKey(redeemable);
  if (voucher && key !== undefined && RULE_KEYS.includes(key)) {
    const words = await ruleRefusalWords(await rt.client(), voucher, key, body);
    // A rule's own message (not the service's stock sentence) is what the project wrote for people.
    const message = redeemable.result?.error?.message;
    const own = message && !/does not match validation rules/i.test(message) ? `: "${message}"` : '';
    if (words) return `${words}${own}`;
  }
  return refusalWords(key, voucher);
}

/**
 * One line per code: applies (and how much off), or does not and why in words, with the key. A code
 * in `labels` is shown by its label (qualify: a campaign's name for the code that stands for it).
 */
export async function printRedeemables(
  rt: Runtime,
  redeemables: readonly RedeemableAnswer[],
  body?: RedeemBody,
  labels: ReadonlyMap<string, string> = new Map(),
): Promise<void> {
  const vouchers = await refusedVouchers(rt, redeemables);
  const shown = (r: RedeemableAnswer) => labels.get(r.id) ?? r.id;
  const width = Math.max(...redeemables.map((r) => shown(r).length));
  for (const redeemable of redeemables) {
    const code = shown(redeemable).padEnd(width);
    if (redeemable.status === 'APPLICABLE') {
      const off = redeemable.order?.total_applied_discount_amount ?? 0;
      rt.out.text(`${code}  applies: ${formatMoney(off)} off`);
      continue;
    }
    const key = refusalKey(redeemable);
    const verb = redeemable.status === 'SKIPPED' ? 'skipped' : 'does not apply';
    const why = await reason(rt, redeemable, vouchers.get(redeemable.id), body);
    rt.out.text(`${code}  ${verb}: ${why} (${key ?? 'no key'})`);
    // The hints `voucher get` gives for a missing code (case, spaces, the bin), under its line.
    const hint = key === 'resource_not_found' && (await missingCodeHint(await rt.client(), redeemable.id));
    if (hint) rt.out.text(`${' '.repeat(width)}  ${hint}`);
  }
}

/**
 * The items of the order that came back with no price and no amount: neither the flags nor the
 * service's catalogue priced them, so a discount on them reads 0.00 off, which is no verdict.
 */
function unpricedItems(answer: Validation): string[] {
  const items = (answer.order as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: Record<string, unknown>) => {
    const priced = typeof item.price === 'number' || (typeof item.amount === 'number' && item.amount > 0);
    if (priced) return [];
    const name = item.product_id ?? item.sku_id ?? item.source_id;
    return typeof name === 'string' ? [name] : [];
  });
}

/** Warns (stderr) of the items no price is known for: the verdict's amounts leave them out. */
export async function warnUnpriced(rt: Runtime, answer: Validation): Promise<void> {
  for (const name of unpricedItems(answer))
    await rt.out.warn(
      `item ${name} has no price, and the service knows none for it: it counts as 0.00. Give its unit price: --item ${name}:QTY:PRICE`,
    );
}

export async function printVerdict(rt: Runtime, answer: Validation, body?: RedeemBody): Promise<void> {
  await printRedeemables(rt, answer.redeemables, body);
  const order = answer.order;
  if (answer.valid && order) rt.out.text(orderTotals(order));
  rt.out.text(
    answer.valid ? 'Valid: the codes apply to this order.' : 'Not valid: nothing would be redeemed.',
  );
}

export default defineCommand({
  path: ['voucher', 'validate'],
  summary: 'Say whether codes apply to an order, and why not, without redeeming them',
  description: `One stacked validation of up to 30 codes against the order the flags describe (amounts in
currency units, 10.50). On a terminal: each code applies or not, why in words with the service's key
beside it (voucher_expired, quantity_exceeded, voucher_not_active_now, ...; for a validation rule the
rule broken with its numbers: "order total 45.00 is under the minimum 50.00"), then the discount and the
new total. An item with no price (--item ID:QTY) that the service knows no price for counts as
0.00: promo warns of it. With -o json: the service's answer, unchanged. Exit 0 when the service says valid, 9 when
it checked the codes and said no. Nothing is redeemed.`,
  examples: [
    'promo voucher validate SUMMER20 --amount 120.50',
    'promo voucher validate SUMMER20 GIFT-7Q2 --item prod_shirt:2:25 --customer alice@example.com',
    'promo voucher validate SUMMER20 --order-file order.json -o json | jq .valid',
  ],
  args: { codes: { help: 'the codes, up to 30', required: true, variadic: true } },
  options: orderOptions,
  run: async ({ codes, ...flags }, rt) => {
    const body = await redeemBody(codes, flags, rt.ctx);
    const answer = await validate(await rt.client(), body);
    rt.out.csvView = VALIDATION_CSV;
    if (rt.out.isJson) await rt.out.json(answer);
    else await printVerdict(rt, answer, body);
    await warnUnpriced(rt, answer);
    return answer.valid ? ExitCode.ok : ExitCode.notApplicable;
  },
});
