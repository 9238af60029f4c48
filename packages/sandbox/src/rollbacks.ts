// Roll back: `POST /v1/redemptions/{id}/rollback` for a redemption of one code, and
// `POST /v1/redemptions/{parentId}/rollbacks` for a stacked one (every code at once; a child cannot
// be rolled back alone). A rollback gives the use back (and a gift card its credits), marks the
// redemption ROLLED_BACK and is kept as a `redemption_rollback` (`rr_...`). A repeat answers
// `already_rolled_back`, so promo can read a lost answer back with GET /v1/redemptions/{id}.

import { recordCreditsMoved } from './balances.js';
import { ALREADY_ROLLED_BACK } from './facts/redemption-keys.js';
import { notImitated } from './redeem-request.js';
import { putRedemption } from './redemption-build.js';
import { usedVoucher } from './redemptions.js';
import {
  type Route,
  type RouteContext,
  SandboxError,
  type SandboxRequest,
  type SandboxState,
} from './types.js';
import type { Json } from './voucher-check.js';
import { isRecord } from './voucher-check.js';
import { replaceVoucher } from './voucher-store.js';

export function redemptionNotFound(id: string): SandboxError {
  return new SandboxError(404, 'not_found', 'Resource not found', `Cannot find redemption with id ${id}`, {
    resource_id: id,
    resource_type: 'redemption',
  });
}

function cannotRollBack(details: string): SandboxError {
  return new SandboxError(400, 'invalid_rollback', 'Cannot roll back', details);
}

export function findRedemption(state: SandboxState, id: string): Json {
  if (!Object.hasOwn(state.redemptions, id)) throw redemptionNotFound(id);
  return state.redemptions[id] as Json;
}

interface RollbackInput {
  reason: string | null;
  metadata: Json | null;
}

function rollbackInput(req: SandboxRequest): RollbackInput {
  const body = isRecord(req.body) ? req.body : {};
  const reason = req.query.get('reason') ?? (typeof body.reason === 'string' ? body.reason : null);
  return { reason, metadata: isRecord(body.metadata) ? body.metadata : null };
}

/** Checks that a redemption can be rolled back; `parent` says which route is asking. */
function checkRollback(redemption: Json, parent: boolean): void {
  const id = String(redemption.id);
  if (redemption.object !== 'redemption') throw cannotRollBack(`${id} is a rollback, not a redemption`);
  if (redemption.status === 'ROLLED_BACK') {
    throw new SandboxError(
      400,
      ALREADY_ROLLED_BACK,
      'Already rolled back',
      `Redemption ${id} has already been rolled back`,
    );
  }
  if (redemption.result !== 'SUCCESS')
    throw cannotRollBack(`Redemption ${id} failed; there is nothing to roll back`);
  // A reward's points would go back to the card (POINTS_REFUND): not imitated, so refused by name
  // rather than rolled back as a code's use.
  if (redemption.reward !== undefined) throw notImitated('rolling back a reward redemption');
  const isParent = redemption.related_object_type === 'redemption';
  if (parent && !isParent) {
    throw cannotRollBack(
      `Redemption ${id} is not stacked; roll it back with POST /v1/redemptions/${id}/rollback`,
    );
  }
  if (!parent && isParent) {
    throw cannotRollBack(
      `Redemption ${id} is stacked; roll it back with POST /v1/redemptions/${id}/rollbacks`,
    );
  }
  if (!parent && typeof redemption.redemption === 'string') {
    throw cannotRollBack(
      `Redemption ${id} is part of the stacked redemption ${redemption.redemption}; roll that back with POST /v1/redemptions/${redemption.redemption}/rollbacks`,
    );
  }
}

function rollbackRecord(
  redemption: Json,
  input: RollbackInput,
  rc: RouteContext,
  voucher: Json | undefined,
): Json {
  const credits = Number(redemption.amount ?? 0);
  const gift = redemption.gift !== undefined;
  return {
    id: rc.newId('rr_', 18),
    object: 'redemption_rollback',
    date: new Date(rc.now()).toISOString(),
    customer_id: redemption.customer_id ?? null,
    tracking_id: redemption.tracking_id ?? null,
    metadata: input.metadata ?? redemption.metadata ?? {},
    amount: -credits,
    redemption: redemption.id,
    reason: input.reason,
    result: 'SUCCESS',
    status: 'SUCCEEDED',
    order: redemption.order ?? null,
    channel: { channel_id: rc.appId, channel_type: 'API' },
    customer: redemption.customer ?? null,
    related_object_type: redemption.related_object_type,
    related_object_id: redemption.related_object_id,
    ...(voucher ? { voucher } : {}),
    ...(gift ? { gift: { amount: -credits } } : {}),
  };
}

/** Marks the redemption rolled back, naming its rollback. */
function markRolledBack(state: SandboxState, redemption: Json, rollback: Json): void {
  const related = (redemption.related_redemptions ?? {}) as Json;
  const rollbacks = Array.isArray(related.rollbacks) ? related.rollbacks : [];
  putRedemption(state, {
    ...redemption,
    status: 'ROLLED_BACK',
    related_redemptions: { ...related, rollbacks: [...rollbacks, { id: rollback.id, date: rollback.date }] },
  });
}

/** Rolls back one code's redemption: the use and credits go back to the voucher, if it still exists. */
function rollbackOne(state: SandboxState, redemption: Json, input: RollbackInput, rc: RouteContext): Json {
  const code = String((redemption.voucher as Json | undefined)?.code ?? '');
  const live = Object.hasOwn(state.vouchers, code) ? (state.vouchers[code] as Json) : undefined;
  const voucher =
    live && replaceVoucher(state, code, usedVoucher(live, -1, -Number(redemption.amount ?? 0)), rc.now());
  const rollback = rollbackRecord(redemption, input, rc, voucher);
  putRedemption(state, rollback);
  if (voucher)
    recordCreditsMoved(state, rc, voucher, Number(redemption.amount ?? 0), { rollback: String(rollback.id) });
  markRolledBack(state, redemption, rollback);
  return rollback;
}

export const rollbackRoute: Route = {
  method: 'POST',
  pattern: '/v1/redemptions/:redemptionId/rollback',
  auth: 'app-or-bearer',
  scopes: ['redemptions'],
  handle(req, state, rc) {
    const redemption = findRedemption(state, req.params.redemptionId ?? '');
    checkRollback(redemption, false);
    return { status: 200, body: rollbackOne(state, redemption, rollbackInput(req), rc) };
  },
};

export const stackedRollbackRoute: Route = {
  method: 'POST',
  pattern: '/v1/redemptions/:parentRedemptionId/rollbacks',
  auth: 'app-or-bearer',
  scopes: ['redemptions'],
  handle(req, state, rc) {
    const parent = findRedemption(state, req.params.parentRedemptionId ?? '');
    checkRollback(parent, true);
    const input = rollbackInput(req);
    const children = ((parent.related_redemptions as Json).redemptions as Json[]).map((child) =>
      findRedemption(state, String(child.id)),
    );
    const rollbacks = children
      .filter((child) => child.status === 'SUCCEEDED')
      .map((child) => rollbackOne(state, child, input, rc));
    const parentRollback = {
      ...rollbackRecord(parent, input, rc, undefined),
      amount: rollbacks.reduce((sum, each) => sum + Number(each.amount ?? 0), 0),
    };
    putRedemption(state, parentRollback);
    markRolledBack(state, parent, parentRollback);
    return { status: 200, body: { rollbacks, parent_rollback: parentRollback, order: parent.order ?? null } };
  },
};
