// The rewards catalogue: `POST|GET /v1/rewards`, get, update (PUT) and delete by id. A reward is
// what a loyalty program may offer for points (reward-assignments.ts prices it): a product
// (MATERIAL), points as money (COIN), or credits or codes from a campaign (CAMPAIGN). Its type
// follows from its parameters; an update keeps the type.

import { findCampaignRef } from './campaign-store.js';
import { DEFAULT_LIMIT, readLimit } from './list-params.js';
import { findRecord } from './loyalty-refs.js';
import { storedProduct } from './products.js';
import { appOrBearerRoute, type Route, type RouteContext, type SandboxState } from './types.js';
import {
  bodyObject,
  invalid,
  isGiven,
  type Json,
  optionalNumber,
  optionalRecord,
  optionalString,
  requireNumber,
  requireRecord,
  requireString,
} from './voucher-check.js';
import { readPage } from './voucher-list.js';

export type RewardType = 'CAMPAIGN' | 'COIN' | 'MATERIAL';

const KIND_OF: Record<string, RewardType> = { campaign: 'CAMPAIGN', coin: 'COIN', product: 'MATERIAL' };

export function findReward(state: SandboxState, id: string): Json {
  return findRecord(state.rewards, id, 'reward');
}

/** The parameters of one kind, checked and completed as the service answers them. */
function readParameters(state: SandboxState, raw: unknown): { type: RewardType; parameters: Json } {
  const given = requireRecord(raw, 'parameters');
  const kinds = Object.keys(KIND_OF).filter((key) => isGiven(given[key]));
  if (kinds.length !== 1) invalid('parameters', 'must hold exactly one of campaign, coin, product');
  const kind = kinds[0] as string;
  const value = requireRecord(given[kind], `parameters.${kind}`);
  const path = `parameters.${kind}`;
  if (kind === 'campaign') {
    const campaign = findCampaignRef(state, requireString(value, 'id', path)).campaign;
    const type = campaign.campaign_type;
    if (type !== 'DISCOUNT_COUPONS' && type !== 'GIFT_VOUCHERS' && type !== 'LOYALTY_PROGRAM')
      invalid(`${path}.id`, 'must name a discount, gift or loyalty campaign');
    const balance = optionalNumber(value, 'balance', path, { integer: true, min: 1 });
    if (type !== 'DISCOUNT_COUPONS' && balance === null) invalid(`${path}.balance`, 'is required');
    return {
      type: 'CAMPAIGN',
      parameters: { campaign: { id: campaign.id, ...(balance === null ? {} : { balance }), type } },
    };
  }
  if (kind === 'coin') {
    const exchange = requireNumber(value, 'exchange_ratio', path, { min: 0 });
    const points = requireNumber(value, 'points_ratio', path, { integer: true, min: 1 });
    return { type: 'COIN', parameters: { coin: { exchange_ratio: exchange, points_ratio: points } } };
  }
  const product = storedProduct(state, requireString(value, 'id', path));
  const sku = optionalString(value, 'sku_id', path);
  return { type: 'MATERIAL', parameters: { product: { id: product.id, sku_id: sku } } };
}

/** The fields a create or an update gives besides the parameters. */
function readOthers(body: Json): Json {
  const picked: Json = {};
  if (body.name !== undefined) picked.name = optionalString(body, 'name');
  if (body.stock !== undefined) picked.stock = optionalNumber(body, 'stock', '', { integer: true, min: 0 });
  if (body.attributes !== undefined) picked.attributes = optionalRecord(body, 'attributes') ?? {};
  if (body.metadata !== undefined) picked.metadata = optionalRecord(body, 'metadata');
  return picked;
}

function createReward(state: SandboxState, raw: unknown, rc: RouteContext): Json {
  const body = bodyObject(raw);
  const { type, parameters } = readParameters(state, body.parameters);
  const reward: Json = {
    id: rc.newId('rew_', 24),
    name: null,
    type,
    parameters,
    stock: null,
    redeemed: null,
    attributes: {},
    created_at: new Date(rc.now()).toISOString(),
    updated_at: null,
    metadata: null,
    ...readOthers(body),
    object: 'reward',
  };
  state.rewards[reward.id as string] = reward;
  return reward;
}

function updateReward(state: SandboxState, id: string, raw: unknown, rc: RouteContext): Json {
  const reward = findReward(state, id);
  const body = bodyObject(raw);
  const next: Json = { ...reward, ...readOthers(body), updated_at: new Date(rc.now()).toISOString() };
  if (isGiven(body.parameters)) {
    const { type, parameters } = readParameters(state, body.parameters);
    if (type !== reward.type) invalid('parameters', `must stay of the reward's type ${String(reward.type)}`);
    next.parameters = parameters;
  }
  state.rewards[id] = next;
  return next;
}

const route = appOrBearerRoute(['rewards', 'loyalties']);

export const rewardRoutes: Route[] = [
  route('POST', '/v1/rewards', (req, state, rc) => ({
    status: 200,
    body: createReward(state, req.body, rc),
  })),
  route(
    'GET',
    '/v1/rewards',
    (req, state) => {
      const limit = readLimit(req.query) ?? DEFAULT_LIMIT;
      const page = readPage(req.query);
      const all = Object.values(state.rewards);
      const data = all.slice((page - 1) * limit, page * limit);
      return { status: 200, body: { object: 'list', data_ref: 'data', data, total: all.length } };
    },
    true,
  ),
  route(
    'GET',
    '/v1/rewards/:rewardId',
    (req, state) => ({ status: 200, body: findReward(state, req.params.rewardId as string) }),
    true,
  ),
  route('PUT', '/v1/rewards/:rewardId', (req, state, rc) => ({
    status: 200,
    body: updateReward(state, req.params.rewardId as string, req.body, rc),
  })),
  route('DELETE', '/v1/rewards/:rewardId', (req, state) => {
    const reward = findReward(state, req.params.rewardId as string);
    // A program no longer offers a reward that is gone.
    for (const [id, assignment] of Object.entries(state.rewardAssignments)) {
      if (assignment.reward_id === reward.id) delete state.rewardAssignments[id];
    }
    delete state.rewards[reward.id as string];
    return { status: 204 };
  }),
];
