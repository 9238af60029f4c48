// A voucher named on the command line that the service does not find (404): the error says what is
// likely, on a line of its own, as far as the service lets promo tell. A code with spaces around
// it looks identical to the one that exists; codes are case-sensitive; a deleted voucher waits in
// the bin with its code still taken. Each look-up is a read, made only on this path. Every command
// that meets a missing code (get, update, delete, enable, balance, validate, redeem's refusal) or a
// taken one (create) gives these same hints.
import type { ApiClient } from '../../api/client.js';
import { isInBin } from '../../api/trash-bin.js';
import { getVoucher } from '../../api/vouchers.js';
import { ApiError } from '../../base/errors.js';

/** How the hint names a code that exists in another case (a command may word it its own way). */
export type CaseHint = (other: string) => string;

const voucherInOtherCase: CaseHint = (other) => `Codes are case-sensitive: the voucher '${other}' exists.`;

/** Runs `call`; a 404 for `code` comes back with a hint of what is likely. */
export async function withMissingHint<T>(
  client: ApiClient,
  code: string,
  call: () => Promise<T>,
  inOtherCase: CaseHint = voucherInOtherCase,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404 && !error.afterLostAnswer)) throw error;
    const likely = await missingCodeHint(client, code, inOtherCase);
    throw likely === undefined ? error : error.withHint(likely);
  }
}

/**
 * Runs `call`, a create of the voucher `code`: a 409 for a code that waits in the bin says so (the
 * service's answer alone reads as if the voucher could be found).
 */
export async function withTakenHint<T>(
  client: ApiClient,
  code: string | undefined,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409 && code !== undefined)) throw error;
    const binned = await isInBin(client, 'voucher', code).catch(() => false);
    throw binned ? error.withHint(binHint(code)) : error;
  }
}

const binHint = (code: string) =>
  `A voucher with this code is in the bin: it cannot be read or changed there, and its code stays taken. promo voucher delete '${code}' --force removes it for good (the service's API cannot restore it).`;

/** What is likely when the service finds no voucher `code` (undefined: nothing to say, or unknown). */
export function missingCodeHint(
  client: ApiClient,
  code: string,
  inOtherCase: CaseHint = voucherInOtherCase,
): Promise<string | undefined> {
  return likelyReason(client, code, inOtherCase).catch(() => undefined);
}

async function exists(client: ApiClient, code: string): Promise<boolean> {
  try {
    await getVoucher(client, code);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

async function likelyReason(
  client: ApiClient,
  code: string,
  inOtherCase: CaseHint,
): Promise<string | undefined> {
  const trimmed = code.trim();
  if (trimmed !== code) {
    const where = code.startsWith(trimmed) ? 'ends with' : code.endsWith(trimmed) ? 'starts with' : 'has';
    const there = trimmed !== '' && (await exists(client, trimmed));
    return `The code '${code}' ${where} a space${there ? `; the voucher '${trimmed}' exists: promo voucher get '${trimmed}'` : '.'}`;
  }
  if (/^v_[0-9a-zA-Z]+$/.test(code)) return undefined;
  for (const other of new Set([code.toUpperCase(), code.toLowerCase()])) {
    if (other !== code && (await exists(client, other))) return inOtherCase(other);
  }
  if (await isInBin(client, 'voucher', code)) return binHint(code);
  return /[a-z]/i.test(code) ? 'Codes are case-sensitive.' : undefined;
}
