// `voucher balance --input FILE|-`: one balance change per line (NDJSON or CSV: code, add or remove,
// reason, source_id), through the bulk journal. The service takes no idempotency key, so each line's
// change carries a source_id (the line's own, or one promo makes from the run and the line, so that a
// resume looks up the same one); after a lost answer or a kill it is looked up in the card's
// transactions and never sent again while it may still land (bulk/settle-marked.ts).
// The amount's unit is the card's (hundredths on a gift card, whole points on a loyalty card): a
// file's cards are read once per code before anything is sent, so that a fractional point is a bad
// line (exit 2); from stdin a card is read when its first line is sent.
import { findTransactions } from '../../api/balances.js';
import type { ApiClient } from '../../api/client.js';
import { getVoucher } from '../../api/vouchers.js';
import { ApiError, UsageError } from '../../base/errors.js';
import { shellQuote } from '../../base/shell.js';
import { BULK_HELP, type BulkAction, type BulkFlags, readInput, runBulkInput } from '../../bulk/index.js';
import { formatMoney } from '../../output/table.js';
import type { Runtime } from '../../runtime/runtime.js';
import { heldUnderLabel } from './balance-label.js';
import { amountFor, type BalanceLine, balanceLine, columnsOf } from './balance-lines.js';
import { type ChangeRoute, type SentChange, VOUCHER_ROUTE } from './balance-once.js';
import { runKey } from './run-key.js';

export const BALANCE_INPUT_HELP = `
--input FILE|- makes one change per line. NDJSON fields or CSV columns: code, add or remove (in the
card's unit: currency units on a gift card, whole points on a loyalty card), reason, source_id
(optional). Each change carries its source_id (without one, promo makes one from the run and the
line): a line whose answer was lost, or left in flight by a kill, is looked up in the card's
transactions by it, never applied twice; a line whose source_id the card holds already with the same
change is skipped. A file is checked whole first, its cards read once per code: a bad line (add and
remove both or neither, a negative amount, a fractional point, no code) is exit 2, nothing sent.
${BULK_HELP}`;

/** The cards' types, read once per code (a missing card: its lines fail when sent, with the 404). */
class CardTypes {
  private readonly types = new Map<string, Promise<string | undefined>>();

  get(client: ApiClient, code: string): Promise<string | undefined> {
    let type = this.types.get(code);
    if (!type) {
      type = getVoucher(client, code).then(
        (v) => v.type,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return undefined;
          throw error;
        },
      );
      this.types.set(code, type);
    }
    return type;
  }
}

const LATER = 'promo-(made per run and line)';

/** Which command reads the file, the route its changes take, and the cards it takes. */
export interface BalanceInput {
  command: string;
  route: ChangeRoute;
  /** Throws a UsageError for a line the command does not take (a card of another kind, a column). */
  accepts(type: string | undefined, p: BalanceLine): void;
}

export const VOUCHER_BALANCE_INPUT: BalanceInput = {
  command: 'voucher balance',
  route: VOUCHER_ROUTE,
  accepts(_type, p) {
    if (p.expires !== undefined)
      throw new UsageError('"expires" is for loyalty points: promo loyalty points --input takes it');
  },
};

function balanceAction(
  run: { key?: string },
  types: CardTypes,
  known: Map<string, string | undefined>,
  how: BalanceInput,
): BulkAction<BalanceLine> {
  const mark = (p: BalanceLine) => {
    if (p.sourceId !== undefined) return p.sourceId;
    if (run.key === undefined) throw new Error('a balance line was sent before its run was known');
    return `promo-${run.key}-L${p.line}`;
  };
  // A missing card (or a discount code, from stdin): sent as given, so that the service names it.
  const signedFor = (type: string | undefined, p: BalanceLine) =>
    type === 'GIFT_VOUCHER' || type === 'LOYALTY_CARD' ? amountFor(type, p) : p.sign * p.hundredths;
  const change = (p: BalanceLine, signed: number): SentChange => ({
    amount: signed,
    source_id: mark(p),
    ...(p.reason === undefined ? {} : { reason: p.reason }),
    ...(p.expires === undefined ? {} : { expires: p.expires }),
  });
  return {
    status: 'updated',
    code: (p) => p.code,
    codeRepeats: true,
    async send(client, p) {
      const type = await types.get(client, p.code);
      how.accepts(type, p);
      const signed = signedFor(type, p);
      if (p.sourceId !== undefined) {
        // A label of the line's own names one change: held on the card already, it is not sent again.
        const show = (n: number) => `${n > 0 ? '+' : ''}${type === 'GIFT_VOUCHER' ? formatMoney(n) : n}`;
        const held = await heldUnderLabel(client, p.code, p.sourceId, signed, show);
        if (held) return { code: p.code, held: `the card holds this change under source_id ${p.sourceId}` };
      }
      await how.route.send(client, p.code, change(p, signed));
      return { code: p.code };
    },
    request: (p) =>
      how.route.request(
        p.code,
        change({ ...p, sourceId: p.sourceId ?? LATER }, signedFor(known.get(p.code), p)),
      ),
    marked: {
      async lookUp(client, p) {
        const found = await findTransactions(client, p.code, mark(p));
        return { writes: found.map((t) => ({ code: p.code, id: t.id })) };
      },
      check: (p) => `${how.route.trail} ${shellQuote(p.code)} (source_id ${mark(p)})`,
    },
  };
}

/** A file's cards, read before anything is sent; two lines under one label of one card are refused. */
async function readCards(
  rt: Runtime,
  input: string,
  types: CardTypes,
): Promise<Map<string, string | undefined>> {
  const known = new Map<string, string | undefined>();
  if (input === '-') return known;
  let file: Awaited<ReturnType<typeof readInput>>;
  try {
    file = await readInput(input, '--input', rt.ctx, { formats: ['ndjson', 'csv'] });
  } catch (error) {
    // The run's own check names the bad lines.
    if (error instanceof UsageError) return known;
    throw error;
  }
  const roles = file.columns ? columnsOf(file.columns) : undefined;
  const labels = new Map<string, number>();
  const client = await rt.client();
  for (const record of file.records) {
    let p: BalanceLine;
    try {
      p = balanceLine(record, roles);
    } catch {
      continue;
    }
    if (p.sourceId !== undefined) {
      const key = JSON.stringify([p.code, p.sourceId]);
      const first = labels.get(key);
      if (first !== undefined)
        throw new UsageError(
          `--input: line ${p.line}: "source_id" ${p.sourceId} of card ${p.code} is line ${first}'s too: a label names one change; nothing was sent`,
        );
      labels.set(key, p.line);
    }
    known.set(p.code, undefined);
  }
  // A few at a time: a file of many cards does not wait on each read in turn.
  const codes = [...known.keys()];
  for (let i = 0; i < codes.length; i += 8) {
    const some = codes.slice(i, i + 8);
    const read = await Promise.all(some.map((code) => types.get(client, code)));
    for (const [k, code] of some.entries()) known.set(code, read[k]);
  }
  return known;
}

/** Makes one balance change per input line; returns the exit code. */
export async function balanceMany(
  input: string,
  options: { bulk: BulkFlags; dryRun: boolean },
  rt: Runtime,
  how: BalanceInput = VOUCHER_BALANCE_INPUT,
): Promise<number> {
  const run: { key?: string } = {};
  const types = new CardTypes();
  const known = await readCards(rt, input, types);
  return runBulkInput(rt, {
    command: how.command,
    movesMoney: true,
    input,
    read: { formats: ['ndjson', 'csv'] },
    columns: columnsOf,
    prepare: (record, roles) => {
      const p = balanceLine(record, roles);
      const type = known.get(p.code);
      how.accepts(type, p);
      if (type !== undefined) amountFor(type, p);
      return p;
    },
    action: balanceAction(run, types, known, how),
    flags: options.bulk,
    dryRun: options.dryRun,
    onRun: (started) => {
      run.key = runKey(started);
    },
  });
}
