// A loyalty program's tiers by points (`GET /v1/loyalties/{campaignId}/tiers`) and a member's tier
// (`GET /v1/loyalties/members/{memberId}/tiers`). Not the v2 tier structures of api/tiers.ts.
import { type Checked, maybe, number, object, optional, readListAnswer, text } from './answer.js';
import { type ApiClient, encodePath } from './client.js';

export const LOYALTY_TIER_ANSWER = object({
  id: text,
  name: maybe(text),
  campaign_id: optional(maybe(text)),
  points: optional(maybe(object({ from: optional(maybe(number)), to: optional(maybe(number)) }))),
});
export type LoyaltyTier = Checked<typeof LOYALTY_TIER_ANSWER>;

/** The program's tiers (a program has a few: one page of 100). */
export async function listProgramTiers(client: ApiClient, programId: string): Promise<LoyaltyTier[]> {
  const response = await client.call({
    method: 'GET',
    path: encodePath`/v1/loyalties/${programId}/tiers`,
    query: { limit: 100 },
    auth: 'app',
  });
  return readListAnswer(response, LOYALTY_TIER_ANSWER, 'data', 'GET /v1/loyalties/{campaignId}/tiers').items;
}

/** The member's tier: none while their points are below the lowest tier. */
export async function memberTier(client: ApiClient, card: string): Promise<LoyaltyTier | undefined> {
  const response = await client.call({
    method: 'GET',
    path: encodePath`/v1/loyalties/members/${card}/tiers`,
    auth: 'app',
  });
  return readListAnswer(response, LOYALTY_TIER_ANSWER, 'data', 'GET /v1/loyalties/members/{memberId}/tiers')
    .items[0];
}
