// Loyalty rewards: the catalogue (`GET /v1/rewards/{id}`), a program's rewards with their points
// prices (`GET /v1/loyalties/{campaignId}/rewards`), what a member can get
// (`GET /v1/loyalties/members/{memberId}/rewards`) and redeeming one with points
// (`POST /v1/loyalties/members/{memberId}/redemption`). The redemption takes no idempotency key: it
// carries promo's mark in its metadata (REDEMPTION_MARK) and is found by it after a lost answer as
// a voucher redemption is (findMarkedRedemptions), never sent twice.
import {
  anything,
  type Checked,
  maybe,
  number,
  object,
  optional,
  readAnswer,
  readListAnswer,
  record,
  text,
} from './answer.js';
import { type ApiClient, encodePath } from './client.js';
import { REDEMPTION_MARK } from './redemptions.js';

export const REWARD_ANSWER = object({
  id: text,
  name: maybe(text),
  type: maybe(text),
  parameters: maybe(record(anything)),
  stock: optional(maybe(number)),
  redeemed: optional(maybe(number)),
  metadata: optional(maybe(record(anything))),
});
export type Reward = Checked<typeof REWARD_ANSWER>;

export const REWARD_ASSIGNMENT_ANSWER = object({
  id: text,
  reward_id: text,
  related_object_id: maybe(text),
  parameters: optional(
    maybe(object({ loyalty: optional(maybe(object({ points: optional(maybe(number)) }))) })),
  ),
});
export type RewardAssignment = Checked<typeof REWARD_ASSIGNMENT_ANSWER>;

const LOYALTY_REWARD_ANSWER = object({ reward: REWARD_ANSWER, assignment: REWARD_ASSIGNMENT_ANSWER });
export type LoyaltyReward = Checked<typeof LOYALTY_REWARD_ANSWER>;

export const REWARD_REDEMPTION_ANSWER = object({
  id: text,
  object: text,
  date: maybe(text),
  result: maybe(text),
  amount: maybe(number),
  customer_id: maybe(text),
  metadata: maybe(record(anything)),
  reward: object({ id: text, name: maybe(text), assignment_id: optional(maybe(text)) }),
  voucher: optional(maybe(object({ code: maybe(text), loyalty_card: optional(maybe(record(anything))) }))),
  loyalty_card: optional(maybe(object({ points: maybe(number) }))),
});
export type RewardRedemption = Checked<typeof REWARD_REDEMPTION_ANSWER>;

/** The points price of an assignment; none for a pay-with-points reward. */
export function priceOf(assignment: RewardAssignment): number | undefined {
  return assignment.parameters?.loyalty?.points ?? undefined;
}

export async function getReward(client: ApiClient, id: string): Promise<Reward> {
  const response = await client.call({ method: 'GET', path: encodePath`/v1/rewards/${id}`, auth: 'app' });
  return readAnswer(response, REWARD_ANSWER, 'GET /v1/rewards/{rewardId}');
}

/** A program's rewards and their prices (one page of up to 100: programs offer few). */
export async function listProgramRewards(client: ApiClient, programId: string): Promise<RewardAssignment[]> {
  const response = await client.call({
    method: 'GET',
    path: encodePath`/v1/loyalties/${programId}/rewards`,
    query: { limit: 100 },
    auth: 'app',
  });
  return readListAnswer(response, REWARD_ASSIGNMENT_ANSWER, 'data', 'GET /v1/loyalties/{campaignId}/rewards')
    .items;
}

/** What the member's program offers, each reward with its assignment (its price). */
export async function listMemberRewards(
  client: ApiClient,
  card: string,
  affordableOnly = false,
): Promise<LoyaltyReward[]> {
  const response = await client.call({
    method: 'GET',
    path: encodePath`/v1/loyalties/members/${card}/rewards`,
    query: affordableOnly ? { affordable_only: 'true' } : {},
    auth: 'app',
  });
  return readListAnswer(
    response,
    LOYALTY_REWARD_ANSWER,
    'data',
    'GET /v1/loyalties/members/{memberId}/rewards',
  ).items;
}

/** Redeems a reward with the card's points, marked with `mark` (never idempotent: see above). */
export async function redeemReward(
  client: ApiClient,
  card: string,
  rewardId: string,
  mark: string,
): Promise<RewardRedemption> {
  const response = await client.call({
    method: 'POST',
    path: encodePath`/v1/loyalties/members/${card}/redemption`,
    json: { reward: { id: rewardId }, metadata: { [REDEMPTION_MARK]: mark } },
    auth: 'app',
    idempotent: false,
    mutates: true,
  });
  return readAnswer(response, REWARD_REDEMPTION_ANSWER, 'POST /v1/loyalties/members/{memberId}/redemption');
}
