// What a member can get and getting it: `GET /v1/loyalties/members/{memberId}/rewards` (the
// program's rewards with their points prices; `affordable_only=true` keeps those the card's balance
// pays for) and `POST /v1/loyalties/members/{memberId}/redemption`, which takes the reward's price
// from the card through the ledger (soonest-expiring points first; more than it holds is the
// service's loyalty_card_points_exceeded, and nothing changes) and keeps a redemption object with
// the caller's metadata, which `GET /v1/redemptions` finds by a metadata filter as it finds voucher
// redemptions (the service takes no idempotency key: a caller marks it and looks it up). A product
// (MATERIAL) reward is imitated, and one whose stock is all redeemed is refused (facts/rewards.ts); one that makes codes or credits (CAMPAIGN), pays an order with
// points (COIN) or comes with an order is refused by name.
import { simpleCustomer } from './customers.js';
import { REWARD_OUT_OF_STOCK, unitsLeft } from './facts/rewards.js';
import { readBoolean } from './list-params.js';
import { pointsOf, takePoints } from './loyalty-ledger.js';
import { findMember, findRecord, notFound } from './loyalty-refs.js';
import { notImitated } from './redeem-request.js';
import { putRedemption } from './redemption-build.js';
import { assignmentsOf, priceOf } from './reward-assignments.js';
import { findReward } from './rewards.js';
import { appOrBearerRoute, type Route, type RouteContext, SandboxError, type SandboxState } from './types.js';
import {
  bodyObject,
  isGiven,
  type Json,
  optionalRecord,
  requireRecord,
  requireString,
} from './voucher-check.js';

/** The program's rewards as a member sees them, each with its assignment (the price). */
function memberRewards(state: SandboxState, memberId: string, query: URLSearchParams, nowMs: number): Json {
  const { code, card } = findMember(state, memberId);
  const affordableOnly = readBoolean(query, 'affordable_only') ?? false;
  const { balance } = pointsOf(state, code, nowMs);
  const data = assignmentsOf(state, String(card.campaign_id))
    .filter((assignment) => {
      const price = priceOf(assignment);
      return !affordableOnly || (price === null ? balance > 0 : price <= balance);
    })
    .map((assignment) => ({
      reward: findRecord(state.rewards, String(assignment.reward_id), 'reward'),
      assignment,
      object: 'loyalty_reward',
    }));
  return { object: 'list', data_ref: 'data', data, total: data.length };
}

function redeemReward(state: SandboxState, memberId: string, raw: unknown, rc: RouteContext): Json {
  const body = bodyObject(raw);
  const { code, card } = findMember(state, memberId);
  const given = requireRecord(body.reward, 'reward');
  const reward = findReward(state, requireString(given, 'id', 'reward'));
  const assignment = assignmentsOf(state, String(card.campaign_id)).find((a) => a.reward_id === reward.id);
  if (!assignment)
    throw notFound('reward_assignment', `${String(reward.id)} in campaign ${String(card.campaign_id)}`);
  if (reward.type !== 'MATERIAL') throw notImitated(`redeeming a reward of the type ${String(reward.type)}`);
  if (isGiven(body.order)) throw notImitated('an order with a reward redemption');
  if (unitsLeft(reward) === 0) {
    throw new SandboxError(
      400,
      REWARD_OUT_OF_STOCK,
      'Reward out of stock',
      `Reward ${String(reward.id)} has no stock left: all ${String(reward.stock)} redeemed`,
    );
  }
  const price = priceOf(assignment) as number;
  const metadata = optionalRecord(body, 'metadata');
  const id = rc.newId('r_', 18);
  const date = new Date(rc.now()).toISOString();
  const change = takePoints(state, code, price, {
    rc,
    type: 'POINTS_REDEMPTION',
    operation: 'AUTOMATIC',
    related: { redemption: { id }, reward: { id: reward.id, name: reward.name } },
  });
  state.rewards[reward.id as string] = { ...reward, redeemed: Number(reward.redeemed ?? 0) + 1 };
  const holder = card.holder_id ? (state.customers[String(card.holder_id)] ?? null) : null;
  const customer = simpleCustomer(holder);
  const redemption: Json = {
    id,
    object: 'redemption',
    date,
    customer_id: card.holder_id ?? null,
    tracking_id: null,
    metadata,
    amount: price,
    result: 'SUCCESS',
    status: 'SUCCEEDED',
    channel: { channel_id: rc.appId, channel_type: 'API' },
    customer,
    related_object_type: 'voucher',
    related_object_id: card.id,
    voucher: change.voucher,
    reward: { ...reward, redeemed: Number(reward.redeemed ?? 0) + 1, customer, assignment_id: assignment.id },
    loyalty_card: { points: price },
  };
  putRedemption(state, redemption);
  return redemption;
}

const route = appOrBearerRoute(['loyalties']);

export const memberRewardRoutes: Route[] = [
  route(
    'GET',
    '/v1/loyalties/members/:memberId/rewards',
    (req, state, rc) => ({
      status: 200,
      body: memberRewards(state, req.params.memberId as string, req.query, rc.now()),
    }),
    true,
  ),
  route('POST', '/v1/loyalties/members/:memberId/redemption', (req, state, rc) => ({
    status: 200,
    body: redeemReward(state, req.params.memberId as string, req.body, rc),
  })),
];
