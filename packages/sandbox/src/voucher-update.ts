// Update, enable and disable a voucher. Update takes only the fields the service lets it change and
// skips every other one silently; what it takes is checked as create checks it, and what it leaves
// out stays as it was. Gift amounts and loyalty points change through balance operations, not here.
import { GIFT_EFFECTS } from './facts/vouchers.js';
import type { Route, RouteContext, SandboxState } from './types.js';
import { findOrCreateCategory } from './voucher-build.js';
import {
  bodyObject,
  invalid,
  isRecord,
  type Json,
  optionalBoolean,
  optionalNonEmptyString,
  optionalString,
} from './voucher-check.js';
import { validateDiscount } from './voucher-kinds.js';
import { findVoucher, replaceVoucher } from './voucher-store.js';
import { validateValidity } from './voucher-validity.js';

const VALIDITY_FIELDS = [
  'start_date',
  'expiration_date',
  'validity_timeframe',
  'validity_day_of_week',
  'validity_hours',
] as const;

/** The validity fields after the update, checked together with the ones the update leaves alone. */
function updatedValidity(voucher: Json, body: Json): Json {
  const given = VALIDITY_FIELDS.filter((key) => key in body);
  if (given.length === 0) return {};
  const merged: Json = {};
  for (const key of VALIDITY_FIELDS) merged[key] = key in body ? body[key] : voucher[key];
  const checked = validateValidity(merged) as unknown as Json;
  return Object.fromEntries(given.map((key) => [key, checked[key]]));
}

function updatedCategory(state: SandboxState, body: Json, rc: RouteContext): Json {
  if (!('category' in body) && !('category_id' in body)) return {};
  const category = findOrCreateCategory(
    state,
    {
      category: optionalNonEmptyString(body, 'category'),
      category_id: optionalNonEmptyString(body, 'category_id'),
    },
    rc,
  );
  return {
    category: category?.name ?? null,
    category_id: category?.id ?? null,
    categories: category ? [{ ...category, object: 'category' }] : [],
  };
}

/** The parts that depend on the voucher's type, which an update cannot change. */
function updatedKind(voucher: Json, body: Json): Json {
  const type = optionalString(body, 'type');
  if (type !== null && type !== voucher.type) {
    invalid('type', `cannot be changed by an update (the voucher is a ${String(voucher.type)})`);
  }
  if (voucher.type === 'DISCOUNT_VOUCHER' && body.discount != null) {
    return { discount: validateDiscount(body.discount) };
  }
  if (voucher.type === 'GIFT_VOUCHER' && isRecord(body.gift) && body.gift.effect != null) {
    const effect = body.gift.effect;
    if (typeof effect !== 'string' || !(GIFT_EFFECTS as readonly string[]).includes(effect)) {
      invalid('gift.effect', `must be one of ${GIFT_EFFECTS.join(', ')}`);
    }
    return { gift: { ...(voucher.gift as Json), effect } };
  }
  return {};
}

function updatedPlainFields(body: Json): Json {
  const changes: Json = {};
  if ('active' in body) {
    const active = optionalBoolean(body, 'active');
    if (active !== null) changes.active = active;
  }
  if ('additional_info' in body) changes.additional_info = optionalString(body, 'additional_info');
  if ('metadata' in body) {
    const metadata = body.metadata;
    if (metadata !== null && !isRecord(metadata)) invalid('metadata', 'must be an object');
    // The given object replaces the metadata; null clears it.
    changes.metadata = structuredClone(metadata ?? {});
  }
  return changes;
}

export const updateVoucher: Route = {
  method: 'PUT',
  pattern: '/v1/vouchers/:code',
  auth: 'app-or-bearer',
  scopes: ['vouchers'],
  handle(req, state, rc) {
    const { code, voucher } = findVoucher(state, req.params.code ?? '');
    const body = bodyObject(req.body);
    const changes = {
      ...updatedKind(voucher, body),
      ...updatedValidity(voucher, body),
      ...updatedPlainFields(body),
      ...updatedCategory(state, body, rc),
    };
    return { status: 200, body: replaceVoucher(state, code, { ...voucher, ...changes }, rc.now()) };
  },
};

function switchRoute(action: 'enable' | 'disable'): Route {
  return {
    method: 'POST',
    pattern: `/v1/vouchers/:code/${action}`,
    auth: 'app-or-bearer',
    scopes: ['vouchers'],
    handle(req, state, rc) {
      const { code, voucher } = findVoucher(state, req.params.code ?? '');
      const next = { ...voucher, active: action === 'enable' };
      return { status: 200, body: replaceVoucher(state, code, next, rc.now()) };
    },
  };
}

export const voucherUpdateRoutes: Route[] = [updateVoucher, switchRoute('enable'), switchRoute('disable')];
