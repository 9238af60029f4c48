// promo redemption rollback <id>...: gives the uses and gift credits back (a refund). Asks first on
// a terminal (it moves money back); --yes without one. A stacked redemption's id rolls every code
// back at once. A lost answer is read back, never resent blindly (rollback-once.ts).
import { ALREADY_ROLLED_BACK } from 'promo-sandbox/facts/redemption-keys';
import { getRedemption, type Redemption } from '../../api/redemptions.js';
import { ExitCode, PromoError, UsageError } from '../../base/errors.js';
import { shellQuote } from '../../base/shell.js';
import { BULK_HELP, parseBulkFlags } from '../../bulk/index.js';
import { escapeForTerminal } from '../../output/escape.js';
import { formatMoney } from '../../output/table.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand } from '../../toolkit/define.js';
import { againOption, bulkOptions } from '../bulk-options.js';
import { confirmOrCancel } from '../confirm.js';
import { REDEMPTION_CSV, redemptionColumns, rolledBackWords } from '../shared/redemption-view.js';
import { rollbackMany } from './rollback-input.js';
import { isRolledBack, isStacked, type RolledBack, rollbackOnce } from './rollback-once.js';

function describe(r: Redemption): string {
  const what = isStacked(r) ? 'stacked redemption' : `redemption of ${r.voucher?.code ?? '?'}`;
  const amount = r.order?.total_applied_discount_amount ?? r.amount;
  return `${what} ${r.id}${typeof amount === 'number' ? ` (${formatMoney(amount)})` : ''}`;
}

async function printRolledBack(rt: Runtime, done: RolledBack[]): Promise<void> {
  for (const d of done.filter((x) => x.doneEarlier)) {
    rt.out.notice(`${d.id}: rolled back already (an earlier attempt whose answer was lost did it)`);
  }
  rt.out.csvView = REDEMPTION_CSV;
  if (rt.out.isJson) {
    // A rollback found done has no answer of its own: its redemption's id and status stand for it.
    const answers = done.map((d) => d.answer ?? { id: d.id, status: 'ROLLED_BACK', done_earlier: true });
    await rt.out.json(answers.length === 1 ? answers[0] : answers);
    return;
  }
  if (rt.out.format === 'csv') {
    // A spreadsheet gets the rollbacks as rows, money in currency units.
    await rt.out.list(
      done.flatMap((d) => d.rollbacks),
      redemptionColumns,
    );
    return;
  }
  // In words: which code, how much went back, which order, and the rollback's id.
  const lines = done.flatMap((d) => d.rollbacks).map(rolledBackWords);
  if (lines.length > 0) rt.out.text(escapeForTerminal(lines.join('\n')));
}

const rolledBackAlready = (id: string) => `${id} is rolled back already (status ROLLED_BACK): nothing sent`;

/** The one redemption named was rolled back already: said before asking, nothing sent. */
class RolledBackAlreadyError extends PromoError {
  /** The key of the service's own refusal of a repeat, which a script may test. */
  readonly key = ALREADY_ROLLED_BACK;
  constructor(id: string) {
    super(
      rolledBackAlready(id),
      ExitCode.failure,
      `What became of it: promo redemption get ${shellQuote(id)}`,
    );
  }
}

export default defineCommand({
  path: ['redemption', 'rollback'],
  summary: 'Roll redemptions back: the uses and gift credits return (asks first; --yes without a terminal)',
  description: `Gives each redemption's use back to its code (and a gift card's credits to its balance) and marks it
ROLLED_BACK; the id of a stacked redemption (the parent voucher redeem names) rolls back every
code at once. It moves money back: on a terminal promo asks first, without one it needs --yes;
declined, exit 8. -o json: the service's rollback (an array for several ids). Several ids: each is
tried, exit 7 when some failed. One rolled back already is said so, neither asked about nor sent
(alone: exit 1, key already_rolled_back, as the service refuses a repeat). A rollback whose answer
is lost is read back (ROLLED_BACK: it happened); not rolled back yet, it may still land, so it is
not sent again: exit 6 with the command that checks.
--input FILE|- rolls back a refund batch (ids one a line, or NDJSON with "id" and "reason") through
the bulk journal: a line left in flight is read back on --resume, never rolled back twice.
${BULK_HELP}`,
  examples: [
    'promo redemption rollback r_0c5d710a87c8a31f86 --reason "order 1042 refunded"',
    'promo redemption rollback --input refunds.txt --yes --reason "batch refund"',
    // Only redemptions not rolled back yet: not the rollbacks (rr_...), not those already rolled
    // back, not a code's part of a stacked redemption (that rolls back whole, by its parent's id).
    `promo redemption list --voucher SUMMER20 --status SUCCEEDED -o json | jq -r '.[] | select(.object == "redemption" and .redemption == null) | .id' | promo redemption rollback --input - --yes`,
  ],
  args: { ids: { help: 'redemption ids (r_...)', variadic: true } },
  options: {
    reason: {
      type: 'value',
      value: 'text',
      help: 'why, kept with the rollback (with --input: for lines without one)',
    },
    input: {
      type: 'value',
      value: 'file',
      complete: 'files',
      help: 'a refund batch: ids one a line, or NDJSON with "id" and "reason"; - for stdin',
    },
    ...bulkOptions,
    ...againOption,
  },
  run: async ({ ids, reason, input, ...flags }, rt) => {
    const bulk = parseBulkFlags({ ...flags, input });
    if (input !== undefined) {
      if (ids.length > 0) throw new UsageError('give the ids as arguments or with --input, not both');
      return rollbackMany(input, { reason, bulk }, rt);
    }
    if (ids.length === 0)
      throw new UsageError('give the ids of the redemptions to roll back, or --input FILE|-');
    const unique = [...new Set(ids)];
    const client = await rt.client();
    const redemptions = await Promise.all(unique.map((id) => getRedemption(client, id)));
    // Rolled back already: nothing to ask about nor to send. One id alone is refused as the service
    // refuses a repeat (exit 1, already_rolled_back); among several, a line failed (exit 7).
    const already = redemptions.filter(isRolledBack);
    const pending = redemptions.filter((r) => !isRolledBack(r));
    if (redemptions.length === 1 && already.length === 1) throw new RolledBackAlreadyError(already[0]!.id);
    for (const r of already) await rt.out.warn(rolledBackAlready(r.id));
    if (pending.length === 0) return ExitCode.partial;
    const shown = pending.slice(0, 5).map(describe).join(', ');
    const more = pending.length > 5 ? ` and ${pending.length - 5} more` : '';
    const { profile } = await rt.target();
    await confirmOrCancel(
      rt,
      `Roll back ${shown}${more} on profile '${profile}'? The uses and credits go back.`,
    );
    const debug = (line: string) => {
      if (rt.globals.debug) rt.out.stderrText(line);
    };
    if (redemptions.length === 1) {
      await printRolledBack(rt, [await rollbackOnce(client, redemptions[0]!, { reason, debug })]);
      return ExitCode.ok;
    }
    const done: RolledBack[] = [];
    let failed = already.length;
    for (const redemption of pending) {
      try {
        done.push(await rollbackOnce(client, redemption, { reason, debug }));
      } catch (error) {
        failed += 1;
        await rt.out.warn(`${redemption.id}: ${(error as Error).message}`);
      }
    }
    await printRolledBack(rt, done);
    return failed > 0 ? ExitCode.partial : ExitCode.ok;
  },
});
