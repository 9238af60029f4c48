// `voucher balance --source-id LABEL`: a label names one change of one card. The service takes no
// idempotency key and keeps whatever source_id it is given, so promo keeps the promise itself:
// - on this machine, changes under one label of one card (and account) go one at a time: a lock
//   file in promo's state directory is held from the look-up of the label to the answer of the
//   change, so that a second run (a retry started while the first waits on a slow service) finds the
//   first's change instead of sending its own;
// - the card holding the label already: the same change (same signed amount) is not sent again;
//   another change under it is refused (exit 2), nothing sent.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Balance, changeOf, findTransaction } from '../../api/balances.js';
import type { ApiClient } from '../../api/client.js';
import { nodeCrypto } from '../../base/crypto.js';
import { ExitCode, errnoCode, PromoError, UsageError } from '../../base/errors.js';
import { runAccount } from '../../bulk/index.js';
import { landingWindowMs } from '../../bulk/marked-write.js';
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
  const change = changeOf(before);
  const held = change?.amount;
  if (held === amount && change) return change;
  const what = held === undefined ? 'a change promo cannot read the amount of' : `a change of ${show(held)}`;
  throw new UsageError(
    `--source-id ${label}: card ${code} already holds ${what} under it (${before.id}), not this one (${show(amount)}); a label names one change: nothing was sent`,
    'Give the new change a --source-id of its own.',
  );
}

/**
 * When a change under the label last went out from this machine with no answer known yet: a run
 * that timed out (exit 6) leaves it, so that a run again within the landing window, not finding the
 * change yet, says the outcome is still unknown instead of sending a second one that would land
 * beside the first.
 */
export interface LabelSends {
  /** Throws (exit 6) when a change under the label went out less than the landing window ago. */
  refuseWhileInFlight(check: string): void;
  /** Before the request goes out. */
  sending(): void;
  /** The answer is known (the change made, or refused): nothing is in flight any more. */
  settled(): void;
}

function labelSends(rt: Runtime, file: string, label: string): LabelSends {
  const sentFile = `${file}.sent`;
  return {
    refuseWhileInFlight(check) {
      let sentAt: number;
      try {
        sentAt = Number(readFileSync(sentFile, 'utf8'));
      } catch {
        return;
      }
      const window = landingWindowMs(rt.ctx.env, rt.globals.timeoutMs);
      const since = rt.ctx.now() - sentAt;
      if (!Number.isFinite(sentAt) || since >= window) return;
      throw new PromoError(
        `a change under --source-id ${label} went out ${Math.round(since / 1000)} s ago and its answer was lost; it is not on the card yet but may still land (up to ${Math.round(window / 1000)} s after it was sent): nothing was sent`,
        ExitCode.network,
        `Check with: ${check}; run this again later: once the window has passed, a change still not there is sent.`,
      );
    },
    sending: () => writeFileSync(sentFile, String(rt.ctx.now()), { mode: 0o600 }),
    settled: () => rmSync(sentFile, { force: true }),
  };
}

/** Runs `work` holding the label's lock on this machine; waits while another run holds it. */
export async function underLabelLock<T>(
  rt: Runtime,
  code: string,
  label: string,
  work: (sends: LabelSends) => Promise<T>,
): Promise<T> {
  const { api_url, app_id } = await runAccount(rt);
  const dir = join(rt.dirs.state, 'labels');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = nodeCrypto()
    .createHash('sha256')
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
      trace: rt.globals.debug ? (line) => rt.out.stderrText(line) : undefined,
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
    return await work(labelSends(rt, file, label));
  } finally {
    await release().catch(() => undefined);
  }
}
