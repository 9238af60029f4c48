// promo loyalty tiers <card>: the member's tier (it follows their points) and the points to the next.
import { type LoyaltyTier, listProgramTiers, memberTier } from '../../api/loyalty-tiers.js';
import { UsageError } from '../../base/errors.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand } from '../../toolkit/define.js';
import { CARD_ARG, findMember } from './refs.js';

interface Standing {
  card: string;
  points: number;
  tier: LoyaltyTier | null;
  next_tier: LoyaltyTier | null;
  points_to_next: number | null;
}

const from = (tier: LoyaltyTier) => tier.points?.from ?? 0;

export default defineCommand({
  path: ['loyalty', 'tiers'],
  summary: "A member's tier and the points to the next one",
  description: `The tier whose points range holds the card's balance (none below the lowest tier), the next
tier up and how many points reach it. -o json prints the same as one object (tiers as the service
answers them). \`promo tiers list\` is the v2 tier structures, another API.`,
  examples: ['promo loyalty tiers LOYAL-1', 'promo loyalty tiers LOYAL-1 -o json | jq .points_to_next'],
  args: CARD_ARG,
  run: async ({ card }, rt: Runtime) => {
    const client = await rt.client();
    const voucher = await findMember(client, card);
    if (voucher.type !== 'LOYALTY_CARD' || !voucher.campaign_id)
      throw new UsageError(`${card} is not a loyalty card of a program`);
    const points = Number(voucher.loyalty_card?.balance ?? 0);
    // The member's tier and the program's tiers, asked at once: one round trip, not two.
    const [held, listed] = await Promise.all([
      memberTier(client, card),
      listProgramTiers(client, voucher.campaign_id),
    ]);
    const tier = held ?? null;
    const tiers = listed.sort((a, b) => from(a) - from(b));
    const next = tiers.find((t) => from(t) > points) ?? null;
    const standing: Standing = {
      card,
      points,
      tier,
      next_tier: next,
      points_to_next: next ? from(next) - points : null,
    };
    const range = (t: LoyaltyTier) => `${from(t)}${t.points?.to == null ? '+' : `-${t.points.to}`}`;
    await rt.out.record(standing, [
      { header: 'Card', value: (s) => s.card },
      { header: 'Points', value: (s) => s.points },
      { header: 'Tier', value: (s) => (s.tier ? `${s.tier.name} (${range(s.tier)})` : 'none') },
      {
        header: 'Next tier',
        value: (s) =>
          s.next_tier
            ? `${s.next_tier.name} (${range(s.next_tier)})`
            : tiers.length === 0
              ? 'none: the program has no tiers'
              : 'none: this is the top',
      },
      { header: 'Points to next', value: (s) => s.points_to_next ?? '' },
    ]);
  },
});
