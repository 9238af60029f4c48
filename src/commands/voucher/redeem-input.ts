// `voucher redeem --input orders.ndjson`: one redemption per NDJSON line (replaying a day of offline
// redemptions): {"code" or "codes", "order", "customer", "metadata"}, over what the flags say for
// every line. Each line's redemption carries a mark made from the run and the line, so that a lost
// answer, or a line left in flight by a kill, is looked up on resume, never redeemed twice.

import type { ApiClient } from '../../api/client.js';
import { rollbackRedemption, rollbackStackedRedemption } from '../../api/redemption-rollbacks.js';
import { redeem, redeemRequest } from '../../api/redemptions.js';
import type { CustomerRef, Order, RedeemBody } from '../../api/validations.js';
import { UsageError } from '../../base/errors.js';
import {
  BULK_HELP,
  type BulkAction,
  type BulkFlags,
  type InputRecord,
  runBulkInput,
} from '../../bulk/index.js';
import type { Runtime } from '../../runtime/runtime.js';
import { checkCodes, type OrderParts } from './order-options.js';
import { checkCommand, listMarked, markedBody, seenOf } from './redeem-once.js';
import { runKey } from './run-key.js';

export const REDEEM_INPUT_HELP = `
--input FILE|- redeems one order per NDJSON line: {"code": "C"} or {"codes": ["A", "B"]}, with
"order" (the service's order, amounts in hundredths), "customer" ({"source_id": ...} or an id) and
"metadata"; the order flags apply to every line (a line's own values win). Each redemption carries a
mark made from the run and its line: a line whose answer was lost, or left in flight by a kill, is
looked up by it, never redeemed twice: not found, it stays unknown until a --resume finds it, or
sends it again once its landing window has passed (promo help bulk).
${BULK_HELP}`;

export interface RedeemLine {
  line: number;
  body: RedeemBody;
}

function objectField(value: Record<string, unknown>, field: string): Record<string, unknown> | undefined {
  const found = value[field];
  if (found === undefined || found === null) return undefined;
  if (typeof found !== 'object' || Array.isArray(found))
    throw new UsageError(`"${field}" must be a JSON object`);
  return found as Record<string, unknown>;
}

/** One line's redemption, over `shared` (the flags' order, customer and metadata). */
export function redeemLine(record: InputRecord, shared: OrderParts): RedeemLine {
  if (record.format !== 'ndjson') throw new UsageError('--input of voucher redeem must be NDJSON');
  const { value } = record;
  const given = value.codes ?? (value.code === undefined ? undefined : [value.code]);
  if (!Array.isArray(given) || !given.every((c) => typeof c === 'string' && c.trim() !== '')) {
    throw new UsageError('needs "code" (a string) or "codes" (a list of strings)');
  }
  const customerField = value.customer;
  const customer: CustomerRef | undefined =
    typeof customerField === 'string'
      ? customerField.startsWith('cust_')
        ? { id: customerField }
        : { source_id: customerField }
      : (objectField(value, 'customer') as CustomerRef | undefined);
  const order = objectField(value, 'order') as Order | undefined;
  const metadata = objectField(value, 'metadata');
  const known = new Set(['code', 'codes', 'customer', 'order', 'metadata']);
  const unknown = Object.keys(value).find((key) => !known.has(key));
  if (unknown) throw new UsageError(`unknown field "${unknown}" (code, codes, order, customer, metadata)`);
  return {
    line: record.line,
    body: {
      ...shared,
      redeemables: checkCodes(given as string[]).map((id) => ({ object: 'voucher', id })),
      ...(order || shared.order ? { order: { ...shared.order, ...order } } : {}),
      ...(customer ? { customer } : {}),
      ...(metadata || shared.metadata ? { metadata: { ...shared.metadata, ...metadata } } : {}),
    },
  };
}

/** The action of a run: `run` is set (onRun) before the first line is sent. */
function redeemAction(run: { key?: string; startedAt?: string }): BulkAction<RedeemLine> {
  const mark = (line: RedeemLine) => {
    if (run.key === undefined) throw new Error('a redemption line was sent before its run was known');
    return `pr_${run.key}_L${line.line}`;
  };
  const done = (
    answer: { redemptions: { id: string }[]; parent_redemption?: { id: string } | null },
    p: RedeemLine,
  ) => ({
    code: p.body.redeemables[0]?.id,
    id: answer.parent_redemption?.id ?? answer.redemptions[0]?.id,
  });
  return {
    status: 'created',
    code: (p) => p.body.redeemables.map((r) => r.id).join(' '),
    // A code may be redeemed as often as the service allows: each line is its own order.
    codeRepeats: true,
    async send(client: ApiClient, p) {
      return done(await redeem(client, markedBody(p.body, mark(p))), p);
    },
    request: (p) => redeemRequest(markedBody(p.body, 'pr_(made per run and line)')),
    marked: {
      async lookUp(client, p) {
        const found = await listMarked(client, mark(p), Date.parse(run.startedAt ?? '') || 0);
        const seen = seenOf(found);
        const refused = seen.refused?.redemptions[0];
        return {
          writes: seen.writes.map((answer) => {
            const top = answer.parent_redemption ?? answer.redemptions[0];
            return { ...done(answer, p), undone: top?.status === 'ROLLED_BACK' };
          }),
          ...(refused ? { refused: { id: refused.id, refusal: refused.failure_code ?? undefined } } : {}),
        };
      },
      // An extra redemption is rolled back: its use (and a gift card's credits) go back.
      async undo(client, p, extra) {
        const id = extra.id ?? '';
        const body = { reason: `promo: a second redemption under the mark ${mark(p)}` };
        // A stacked one (more than one code) is its parent, rolled back whole.
        if (p.body.redeemables.length > 1)
          return (await rollbackStackedRedemption(client, id, body)).parent_rollback.id;
        return (await rollbackRedemption(client, id, body)).id;
      },
      check: (p) => checkCommand(mark(p)),
    },
  };
}

/** Redeems one order per input line; returns the exit code. */
export function redeemMany(
  shared: OrderParts,
  input: string,
  options: { bulk: BulkFlags; dryRun: boolean },
  rt: Runtime,
): Promise<number> {
  const run: { key?: string; startedAt?: string } = {};
  return runBulkInput(rt, {
    command: 'voucher redeem',
    movesMoney: true,
    input,
    read: { formats: ['ndjson'] },
    prepare: (record) => redeemLine(record, shared),
    action: redeemAction(run),
    flags: options.bulk,
    dryRun: options.dryRun,
    onRun: (started) => {
      run.startedAt = started.startedAt;
      run.key = runKey(started);
    },
  });
}
