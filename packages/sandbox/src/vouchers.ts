// Create, get and delete voucher. Live vouchers sit in `state.vouchers`, deleted ones in `state.bin`,
// both by code; a code stays taken in either place until a forced delete removes it for good.

import { recordVoucherAssignments } from './rule-assignments.js';
import {
  type Route,
  type RouteContext,
  SandboxError,
  type SandboxRequest,
  type SandboxState,
} from './types.js';
import { buildVoucher, findCampaign, findOrCreateCategory } from './voucher-build.js';
import { bodyObject } from './voucher-check.js';
import { pickCode } from './voucher-codes.js';
import { findVoucher, put, voucherNotFound } from './voucher-store.js';
import { validateCreateBody } from './voucher-validate.js';

function forceFlag(req: SandboxRequest): boolean {
  const value = req.query.get('force');
  if (value === null || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new SandboxError(
    400,
    'invalid_query_params',
    'Invalid query params',
    `Query parameter force must be true or false, got ${value}`,
  );
}

function create(body: unknown, state: SandboxState, rc: RouteContext) {
  const input = validateCreateBody(body);
  const campaign = findCampaign(state, input);
  const code = pickCode(state, input.code, input.code_config);
  const category = findOrCreateCategory(state, input, rc);
  const voucher = buildVoucher(input, code, { campaign, category }, rc);
  recordVoucherAssignments(state, voucher);
  put(state.vouchers, code, voucher);
  return { status: 200, body: structuredClone(voucher) };
}

export const createVoucher: Route = {
  method: 'POST',
  pattern: '/v1/vouchers',
  auth: 'app-or-bearer',
  scopes: ['vouchers'],
  handle: (req, state, rc) => create(req.body, state, rc),
};

/** The SDKs' way: the code in the path, which wins over any `code` or `code_config` in the body. */
export const createVoucherWithCode: Route = {
  method: 'POST',
  pattern: '/v1/vouchers/:code',
  auth: 'app-or-bearer',
  scopes: ['vouchers'],
  handle(req, state, rc) {
    return create({ ...bodyObject(req.body), code: req.params.code, code_config: null }, state, rc);
  },
};

export const getVoucher: Route = {
  method: 'GET',
  readOnly: true,
  pattern: '/v1/vouchers/:code',
  auth: 'app-or-bearer',
  scopes: ['vouchers'],
  handle(req, state) {
    const { voucher } = findVoucher(state, req.params.code ?? '');
    return { status: 200, body: voucher };
  },
};

export const deleteVoucher: Route = {
  method: 'DELETE',
  pattern: '/v1/vouchers/:code',
  auth: 'app-or-bearer',
  scopes: ['vouchers'],
  handle(req, state) {
    const code = req.params.code ?? '';
    const force = forceFlag(req);
    const live = Object.hasOwn(state.vouchers, code) ? state.vouchers[code] : undefined;
    if (live !== undefined) {
      delete state.vouchers[code];
      // Without force the voucher waits in the bin and keeps its code taken.
      if (!force) put(state.bin, code, live);
      return { status: 204 };
    }
    // Only a forced delete reaches into the bin; to a plain delete a binned voucher is gone.
    if (force && Object.hasOwn(state.bin, code)) {
      delete state.bin[code];
      return { status: 204 };
    }
    throw voucherNotFound(code);
  },
};

export const voucherRoutes: Route[] = [createVoucher, createVoucherWithCode, getVoucher, deleteVoucher];
