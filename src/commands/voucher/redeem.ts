// promo voucher redeem <code>...: one stacked redemption of the codes for the order the flags
// describe (the same order options as validate). Never sent twice (redeem-once.ts). A code refused
// for a rule: exit 9, each code's key and the reason in words. --dry-run validates instead.
import type { RedeemAnswer } from '../../api/redemptions.js';
import { type RedeemableAnswer, validate } from '../../api/validations.js';
import { ApiError, CancelledError, ExitCode, UsageError } from '../../base/errors.js';
import { parseBulkFlags } from '../../bulk/index.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { againOption, bulkOptions } from '../bulk-options.js';
import { orderTotals, REDEMPTION_CSV, redemptionColumns } from '../shared/redemption-view.js';
import { checkCodes, type OrderFlags, orderOptions, orderParts, redeemBody } from './order-options.js';
import { REDEEM_INPUT_HELP, redeemMany } from './redeem-input.js';
import { newMark, redeemOnce } from './redeem-once.js';
import { refusalWords } from './refusal-words.js';
import { printRedeemables, printVerdict } from './validate.js';

const options = defineOptions({
  ...orderOptions,
  order: {
    type: 'switch',
    negatable: true,
    help: 'redeem with no order at all (a 0.00 order): asked on a terminal, needed without one',
  },
  dryRun: {
    type: 'switch',
    help: 'validate the codes against the order instead, and redeem nothing (with --input: print the requests)',
  },
  input: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'many redemptions: NDJSON, one order a line, or - for stdin',
  },
  ...bulkOptions,
  ...againOption,
});

/** The service refused a code for a rule: its 4xx names the key and lists every code's verdict. */
function refusal(error: unknown): RedeemableAnswer[] | undefined {
  if (!(error instanceof ApiError) || error.status >= 500) return undefined;
  const { inapplicable_redeemables: refused, skipped_redeemables: skipped } = error.body;
  if (!Array.isArray(refused) || refused.length === 0) return undefined;
  return [
    ...(refused as RedeemableAnswer[]),
    ...((Array.isArray(skipped) ? skipped : []) as RedeemableAnswer[]),
  ];
}

/**
 * A redemption with no order uses the code up on a 0.00 order: meant only when said. On a terminal
 * promo asks; without one it needs --no-order (exit 2, nothing sent).
 */
async function checkOrderGiven(
  codes: string[],
  flags: OrderFlags,
  order: boolean,
  dryRun: boolean,
  rt: Runtime,
): Promise<void> {
  checkCodes(codes);
  const given = flags.amount !== undefined || (flags.item ?? []).length > 0 || flags.orderFile !== undefined;
  if (!order) {
    if (given) throw new UsageError('--no-order says there is no order: drop it, or the order options');
    return;
  }
  if (given || dryRun) return;
  if (!rt.interactive)
    throw new UsageError(
      'no order given: --amount, --item or --order-file describe it',
      'To redeem on a 0.00 order, say so with --no-order.',
    );
  const ok = await rt.prompts.confirm({
    message: `No order given: redeem ${codes.join(', ')} on a 0.00 order?`,
    default: false,
  });
  if (!ok) throw new CancelledError();
}

async function printRedeemed(rt: Runtime, answer: RedeemAnswer, foundByMark: boolean): Promise<number> {
  const failed = answer.redemptions.filter((r) => r.result === 'FAILURE');
  // CSV: a row per redemption (the answer itself holds only lists and objects).
  rt.out.csvView = REDEMPTION_CSV;
  if (rt.out.isJson) await rt.out.json(rt.out.format === 'csv' ? answer.redemptions : answer);
  else {
    await rt.out.list(answer.redemptions, redemptionColumns);
    if (answer.order && failed.length === 0) rt.out.text(orderTotals(answer.order));
    for (const r of failed) {
      rt.out.text(
        `${r.voucher?.code ?? r.id}  not redeemed: ${refusalWords(r.failure_code ?? undefined)} (${r.failure_code ?? 'no key'})`,
      );
    }
    if (answer.parent_redemption)
      rt.out.notice(
        `Stacked redemption ${answer.parent_redemption.id}: roll it back whole with promo redemption rollback ${answer.parent_redemption.id}`,
      );
  }
  // One write under a mark that promo sent once: that is "once". A refusal under it: nothing happened.
  if (foundByMark)
    rt.out.notice(
      failed.length === 0
        ? 'The answer was lost; promo found the redemption by its mark: it happened once.'
        : 'The answer was lost; promo found the refusal by its mark: nothing was redeemed.',
    );
  return failed.length > 0 ? ExitCode.notApplicable : ExitCode.ok;
}

export default defineCommand({
  path: ['voucher', 'redeem'],
  summary: 'Redeem codes for an order (one stacked redemption); never sent twice',
  description: `Redeems up to 30 codes at once for the order the flags describe (amounts in currency units,
10.50): every code applies, or none is used. On a terminal: each redemption (id, code, amount) and the
order's totals; with -o json the service's answer. A code the service refuses for a rule: exit 9,
each code's key (quantity_exceeded, voucher_expired, ...) and the reason in words; nothing is used.
--dry-run asks the service to validate the codes instead, and redeems nothing. With no order
(no --amount, --item or --order-file) a code would be used up on a 0.00 order: on a terminal promo
asks first; without one it refuses (exit 2, nothing sent) unless --no-order says it is meant.
Never twice: each redemption carries a mark of promo's (metadata promo_request_id). When its answer is
lost (connection broken after sending, 502 or 504, a timeout, a 2xx that cannot be read), promo looks
the mark up: found, it happened once and is printed. Not found proves nothing (a slow service may
still land it), so promo does not send it again: the outcome is unknown, exit 6, with the command
that checks (promo help bulk: the rule).
${REDEEM_INPUT_HELP}`,
  examples: [
    'promo voucher redeem SUMMER20 --amount 120.50',
    'promo voucher redeem SUMMER20 GIFT-7Q2 --item prod_shirt:2:25 --customer alice@example.com',
    'promo voucher redeem SUMMER20 --amount 80 --dry-run',
    'promo voucher redeem SUMMER20 --amount 80 -o json | jq -r ".redemptions[].id"',
    'promo voucher redeem --input offline-orders.ndjson -m channel=till-3 --results till-3.ndjson',
    'promo voucher redeem --input offline-orders.ndjson -m channel=till-3 --resume till-3.ndjson',
  ],
  args: { codes: { help: 'the codes, up to 30 (none with --input)', variadic: true } },
  options,
  run: async ({ codes, dryRun, input, ...flags }, rt) => {
    const bulk = parseBulkFlags({ ...flags, input });
    if (input !== undefined) {
      if (codes.length > 0) throw new UsageError('give the codes as arguments or with --input, not both');
      if (!flags.order)
        throw new UsageError('--no-order is for one redemption: each line of --input has its order');
      if (input === '-' && flags.orderFile === '-')
        throw new UsageError('--input - and --order-file - cannot both read stdin: give one a file');
      return redeemMany(await orderParts(flags, rt.ctx), input, { bulk, dryRun }, rt);
    }
    const { order, ...orderFlags } = flags;
    await checkOrderGiven(codes, orderFlags, order, dryRun, rt);
    const body = await redeemBody(codes, orderFlags, rt.ctx);
    const client = await rt.client();
    if (dryRun) {
      const answer = await validate(client, body);
      if (rt.out.isJson) await rt.out.json(answer);
      else await printVerdict(rt, answer, body);
      rt.out.notice('Dry run: validated only, nothing was redeemed.');
      return answer.valid ? ExitCode.ok : ExitCode.notApplicable;
    }
    const debug = (line: string) => {
      if (rt.globals.debug) rt.out.stderrText(line);
    };
    try {
      const { answer, foundByMark } = await redeemOnce(client, body, newMark(), { now: rt.ctx.now, debug });
      return await printRedeemed(rt, answer, foundByMark);
    } catch (error) {
      const refused = refusal(error);
      if (!refused) throw error;
      if (rt.out.isJson) await rt.out.json((error as ApiError).body);
      else {
        await printRedeemables(rt, refused, body);
        rt.out.text('Not redeemed: a code does not apply, so none was used.');
      }
      return ExitCode.notApplicable;
    }
  },
});
