// `redemption rollback --input FILE|-`: a refund batch, one redemption id a line (or NDJSON with
// "id" and "reason"), through the bulk journal. A rollback whose answer was lost, or left in flight
// by a kill, is read back on resume (ROLLED_BACK: done); `already_rolled_back` to a repeat of a
// line whose answer was lost means the first one did it.

import { ALREADY_ROLLED_BACK } from 'promo-sandbox/facts/redemption-keys';
import { rollbackRequest } from '../../api/redemption-rollbacks.js';
import { getRedemption } from '../../api/redemptions.js';
import { type ApiError, UsageError } from '../../base/errors.js';
import { type BulkAction, type BulkFlags, type InputRecord, runBulkInput } from '../../bulk/index.js';
import type { Runtime } from '../../runtime/runtime.js';
import { confirmOrCancel } from '../confirm.js';
import { rollbackOnce } from './rollback-once.js';

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

/** One send: the redemption read (a stacked one rolls back with /rollbacks), then rolled back once. */
const rollbackAction: BulkAction<RollbackLine> = {
  status: 'updated',
  code: () => undefined,
  async send(client, line) {
    const redemption = await getRedemption(client, line.id);
    // attempts 1: the journal's settle step owns what follows a lost answer.
    const done = await rollbackOnce(client, redemption, {
      reason: line.reason,
      debug: () => {},
      attempts: 1,
    });
    return { id: done.rollbacks[0]?.id ?? line.id };
  },
  request: (line) => rollbackRequest(line.id, line.reason === undefined ? {} : { reason: line.reason }),
  async check(client, line) {
    const now = await getRedemption(client, line.id);
    return now.status === 'ROLLED_BACK' ? { id: line.id } : 'absent';
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
