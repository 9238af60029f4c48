// `voucher balance --source-id LABEL`: a label names one change of one card. The service takes no
// idempotency key and keeps whatever source_id it is given, so promo keeps the promise itself:
// - on this machine, changes under one label of one card (and account) go one at a time: a lock
//   file in promo's state directory is held from the look-up of the label to the answer of the
//   change, so that a second run (a retry started while the first waits on a slow service) finds the
//   first's change instead of sending its own;
// - the card holding the label already: the same change (same signed amount) is not sent again;
//   another change under it is refused (exit 2), nothing sent.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Balance, findTransaction } from '../../api/balances.js';
import type { ApiClient } from '../../api/client.js';
import { ExitCode, errnoCode, PromoError, UsageError } from '../../base/errors.js';
import { runAccount } from '../../bulk/index.js';
import { acquireLock } from '../../config/lock.js';
import type { Runtime } from '../../runtime/runtime.js';

/** The change already on the card under the label, or undefined when it has none (send it). */
export async function heldUnderLabel(
  client: ApiClient,
  code: string,
  label: string,
  amount: number,
  show: (amount: number) => string,
): Promise<Balance | undefined> {
  const before = await findTransaction(client, code, label);
  if (!before) return undefined;
  const held = before.details?.balance?.amount;
  if (held === amount && before.details?.balance) return before.details.balance;
  const what = held === undefined ? 'a change promo cannot read the amount of' : `a change of ${show(held)}`;
  throw new UsageError(
    `--source-id ${label}: card ${code} already holds ${what} under it (${before.id}), not this one (${show(amount)}); a label names one change: nothing was sent`,
    'Give the new change a --source-id of its own.',
  );
}

/** Runs `work` holding the label's lock on this machine; waits while another run holds it. */
export async function underLabelLock<T>(
  rt: Runtime,
  code: string,
  label: string,
  work: () => Promise<T>,
): Promise<T> {
  const { api_url, app_id } = await runAccount(rt);
  const dir = join(rt.dirs.state, 'labels');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = createHash('sha256')
    .update(JSON.stringify([api_url, app_id, code, label]))
    .digest('hex');
  const file = join(dir, key.slice(0, 32));
  let release: () => Promise<void>;
  try {
    release = await acquireLock(file, {
      lockPath: `${file}.lock`,
      // The other run may wait on a slow service for its change and a read-back or two.
      waitMs: rt.globals.timeoutMs * 4 + 10_000,
      signal: rt.ctx.signal,
      trace: rt.globals.debug ? (line) => rt.ctx.stderr.write(`${line}\n`) : undefined,
    });
  } catch (error) {
    if (errnoCode(error) !== 'ELOCKED') throw error;
    throw new PromoError(
      `another promo on this machine is still changing card ${code} under --source-id ${label}: nothing was sent`,
      ExitCode.failure,
      `Once it ends, run this again: the change is not sent twice (\`promo voucher transactions ${code}\` shows it).`,
    );
  }
  try {
    return await work();
  } finally {
    await release().catch(() => undefined);
  }
}
