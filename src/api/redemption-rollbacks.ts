// Rolling redemptions back: one code's with `POST /v1/redemptions/{id}/rollback`, a stacked one's
// with `POST /v1/redemptions/{parentId}/rollbacks` (every code at once; a child never alone). A
// rollback gives the use and the gift credits back; it is never repeated by the transport.
import { type Checked, list, maybe, object, readAnswer } from './answer.js';
import { type ApiClient, type ApiRequest, encodePath } from './client.js';
import { REDEMPTION_ANSWER, type Redemption } from './redemptions.js';
import { ORDER_ANSWER } from './validations.js';

export interface RollbackBody {
  reason?: string;
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}

/**
 * Not repeated by the transport either; after a lost answer, getRedemption tells: `ROLLED_BACK`
 * means it happened. A repeat of a rollback that happened answers the key `already_rolled_back`.
 */
export function rollbackRequest(id: string, body: RollbackBody = {}): ApiRequest {
  const { reason, ...rest } = body;
  return {
    method: 'POST',
    path: encodePath`/v1/redemptions/${id}/rollback`,
    query: reason === undefined ? undefined : { reason },
    json: rest,
    auth: 'app',
    idempotent: false,
    mutates: true,
  };
}

export async function rollbackRedemption(
  client: ApiClient,
  id: string,
  body?: RollbackBody,
): Promise<Redemption> {
  return readAnswer(
    await client.call(rollbackRequest(id, body)),
    REDEMPTION_ANSWER,
    'POST /v1/redemptions/{id}/rollback',
  );
}

const STACKED_ROLLBACK_ANSWER = object({
  rollbacks: list(REDEMPTION_ANSWER),
  parent_rollback: REDEMPTION_ANSWER,
  order: maybe(ORDER_ANSWER),
});
export type StackedRollback = Checked<typeof STACKED_ROLLBACK_ANSWER>;

export function stackedRollbackRequest(parentId: string, body: RollbackBody = {}): ApiRequest {
  return { ...rollbackRequest(parentId, body), path: encodePath`/v1/redemptions/${parentId}/rollbacks` };
}

export async function rollbackStackedRedemption(
  client: ApiClient,
  parentId: string,
  body?: RollbackBody,
): Promise<StackedRollback> {
  return readAnswer(
    await client.call(stackedRollbackRequest(parentId, body)),
    STACKED_ROLLBACK_ANSWER,
    'POST /v1/redemptions/{id}/rollbacks',
  );
}
