// `redemption rollback --input FILE|-`: a refund batch, one redemption id a line (or NDJSON with
// "id" and "reason"), through the bulk journal. A rollback whose answer was lost, or left in flight
// by a kill, is read back (ROLLED_BACK: done; else unknown, sent again by a --resume once its
// landing window has passed: bulk/settle-marked.ts); `already_rolled_back` to a repeat of a line
// whose answer was lost means the first one did it.

import { ALREADY_ROLLED_BACK } from 'promo-sandbox/facts/redemption-keys';
import { rollbackRequest } from '../../api/redemption-rollbacks.js';
import { getRedemption } from '../../api/redemptions.js';
import { type ApiError, UsageError } from '../../base/errors.js';
import { type BulkAction, type BulkFlags, type InputRecord, runBulkInput } from '../../bulk/index.js';
import type { Runtime } from '../../runtime/runtime.js';
import { confirmOrCancel } from '../confirm.js';
import { isRolledBack, rollbackCheck, sendRollback } from './rollback-once.js';

export interface RollbackLine {
  id: string;
  reason?: string;
}

const ID = /^r_[A-Za-z0-9]+$/;

function checkId(id: unknown): string {
  if (typeof id !== 'string' || !ID.test(id.trim()))
    throw new UsageError(`not a redemption id (r_...): '${String(id)}'`);
  return id.trim();
}

export function rollbackLine(record: InputRecord, reason: string | undefined): RollbackLine {
  if (record.format === 'lines') return { id: checkId(record.value), reason };
  if (record.format === 'csv') return { id: checkId(record.value.id), reason: record.value.reason || reason };
  const { id, reason: own } = record.value;
  if (own !== undefined && typeof own !== 'string') throw new UsageError('"reason" must be a string');
  return { id: checkId(id), reason: own ?? reason };
}

/** One send: the redemption read (a stacked one rolls back with /rollbacks), then rolled back. */
const rollbackAction: BulkAction<RollbackLine> = {
  status: 'updated',
  code: () => undefined,
  async send(client, line) {
    const redemption = await getRedemption(client, line.id);
    const done = await sendRollback(client, redemption, line.reason);
    return { id: done.rollbacks[0]?.id ?? line.id };
  },
  request: (line) => rollbackRequest(line.id, line.reason === undefined ? {} : { reason: line.reason }),
  // Its mark is the redemption's status; the service rolls a redemption back once at most, so
  // there is never an extra to undo.
  marked: {
    async lookUp(client, line) {
      const now = await getRedemption(client, line.id);
      return { writes: isRolledBack(now) ? [{ id: line.id }] : [] };
    },
    check: (line) => rollbackCheck(line.id),
  },
  afterLoss: (error: ApiError) => (error.body.key === ALREADY_ROLLED_BACK ? 'done' : undefined),
};

export function rollbackMany(
  input: string,
  options: { reason?: string; bulk: BulkFlags },
  rt: Runtime,
): Promise<number> {
  return runBulkInput(rt, {
    command: 'redemption rollback',
    movesMoney: true,
    input,
    read: { formats: ['ndjson', 'lines', 'csv'], headerNames: ['id'] },
    prepare: (record) => rollbackLine(record, options.reason),
    action: rollbackAction,
    flags: options.bulk,
    dryRun: false,
    confirm: async (first, total) => {
      const { profile } = await rt.target();
      const what =
        total === null
          ? `the redemptions read from ${input === '-' ? 'stdin' : input}`
          : `${total} redemptions (${first
              .slice(0, 5)
              .map((l) => l.id)
              .join(', ')}${total > 5 ? ', ...' : ''})`;
      await confirmOrCancel(rt, `Roll back ${what} on profile '${profile}'? The uses and credits go back.`);
    },
  });
}
