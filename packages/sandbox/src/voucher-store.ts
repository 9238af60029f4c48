// Reading and writing vouchers in the state. Routes replace a voucher object as a whole
// (`state.vouchers[code] = next`) rather than editing it in place, so that the store sees every
// change at the key it happened.
import { keyById } from './state-query.js';
import { SandboxError, type SandboxState } from './types.js';
import type { Json } from './voucher-check.js';

type VoucherStore = SandboxState['vouchers'];

/** Codes are user text; defineProperty keeps a code such as `__proto__` an ordinary entry. */
export function put(store: VoucherStore, code: string, voucher: Json): void {
  Object.defineProperty(store, code, {
    value: voucher,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

export function voucherNotFound(code: string): SandboxError {
  return new SandboxError(404, 'not_found', 'Resource not found', `Cannot find voucher with id ${code}`, {
    resource_id: code,
    resource_type: 'voucher',
  });
}

/** The live voucher a path names, by code or by id (`v_...`); codes win, as a code may look like an id. */
export function findVoucher(state: SandboxState, codeOrId: string): { code: string; voucher: Json } {
  if (Object.hasOwn(state.vouchers, codeOrId)) {
    return { code: codeOrId, voucher: state.vouchers[codeOrId] as Json };
  }
  if (codeOrId.startsWith('v_')) {
    const code = keyById(state.vouchers, codeOrId);
    if (code !== undefined) return { code, voucher: state.vouchers[code] as Json };
  }
  throw voucherNotFound(codeOrId);
}

/** Stores a changed copy of a voucher and stamps when it changed. */
export function replaceVoucher(state: SandboxState, code: string, next: Json, nowMs: number): Json {
  const stamped = { ...next, updated_at: new Date(nowMs).toISOString() };
  put(state.vouchers, code, stamped);
  return stamped;
}

/** The live voucher a code (or id) names, or undefined. */
export function findVoucherOrNone(state: SandboxState, codeOrId: string): Json | undefined {
  try {
    return findVoucher(state, codeOrId).voucher;
  } catch {
    return undefined;
  }
}
