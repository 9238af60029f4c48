// promo loyalty redeem-reward <card> --reward ID: the reward paid with the card's points, never twice.
// The service takes no idempotency key: the redemption carries promo's mark (metadata
// promo_request_id) and, when the answer is lost, promo looks the mark up among the redemptions
// (bulk/marked-write.ts, as voucher redeem does): found, it happened once; not found, the outcome is
// unknown (exit 6, with the command that checks) and nothing is sent again.

import { BALANCE_KEYS } from 'promo-sandbox/facts/balances';
import { REWARD_OUT_OF_STOCK } from 'promo-sandbox/facts/rewards';
import { listMemberRewards, priceOf, type RewardRedemption, redeemReward } from '../../api/rewards.js';
import { ApiError, NotFoundError, RefusedError, UsageError } from '../../base/errors.js';
import { writeOnce } from '../../bulk/marked-write.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { confirmOrCancel } from '../confirm.js';
import { checkCommand, listMarked, newMark } from '../voucher/redeem-once.js';
import { CARD_ARG, withCardHint } from './refs.js';

const options = defineOptions({
  reward: {
    type: 'value',
    value: 'id',
    help: 'the reward to redeem (its id, rew_...: see loyalty rewards)',
    required: true,
  },
});

/** The service's refusals for a balance too small and a reward none is left of, in words; others as they are. */
function refused(error: unknown, card: string, price: number, reward: string): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.body.key === REWARD_OUT_OF_STOCK) {
    return new RefusedError(
      `Refused: ${reward} is out of stock: every unit has been redeemed (${REWARD_OUT_OF_STOCK}); nothing was redeemed, no points taken`,
      error,
      `See what else the program offers with: promo loyalty rewards ${card}`,
    );
  }
  if (error.body.key !== BALANCE_KEYS.pointsExceeded) return error;
  return new RefusedError(
    `Refused: ${card}: the reward costs ${price} points, more than the card holds (${BALANCE_KEYS.pointsExceeded}); nothing was redeemed`,
    error,
    `See what the card affords with: promo loyalty rewards ${card}`,
  );
}

export default defineCommand({
  path: ['loyalty', 'redeem-reward'],
  summary: "Redeem a reward with a card's points; never twice",
  description: `Takes the reward's points price from the card (soonest-expiring points first) and prints
the redemption and the balance after. On a terminal promo asks first; without one it needs --yes
(exit 2, nothing sent). A card that holds too few points, or a reward whose stock is all redeemed:
exit 1, nothing redeemed. A reward the card's program does not offer: exit 3; a pay-with-points
reward (no price): exit 2, nothing sent.
Never twice: the redemption carries a mark of promo's (metadata promo_request_id); after a lost
answer promo looks it up: found, it happened once; not found, the outcome is unknown (exit 6, with
the command that checks) and nothing is sent again.`,
  examples: [
    'promo loyalty redeem-reward LOYAL-1 --reward "$(promo loyalty rewards LOYAL-1 -o json | jq -r \'.[0].reward.id\')" --yes',
  ],
  args: CARD_ARG,
  options,
  run: async ({ card, reward }, rt: Runtime) => {
    const client = await rt.client();
    const offered = await withCardHint(client, card, () => listMemberRewards(client, card));
    const chosen = offered.find((r) => r.reward.id === reward);
    if (!chosen)
      throw new NotFoundError(
        `${card}'s program offers no reward ${reward}`,
        `See what it offers with: promo loyalty rewards ${card}`,
      );
    const price = priceOf(chosen.assignment);
    // A pay-with-points reward has no price: it spends points on an order, which this verb does not.
    if (price === undefined)
      throw new UsageError(
        `${reward} is a pay-with-points reward (no points price): it pays an order with points, which redeem-reward does not do`,
      );
    await confirmOrCancel(rt, `Redeem ${chosen.reward.name ?? reward} for ${price} points from ${card}?`);
    const mark = newMark();
    const sentAt = rt.ctx.now();
    const debug = (line: string) => {
      if (rt.globals.debug) rt.out.stderrText(line);
    };
    const { answer, foundByMark } = await writeOnce<RewardRedemption>(
      {
        what: 'the reward redemption',
        check: checkCommand(mark),
        send: () => redeemReward(client, card, reward, mark),
        lookUp: async () => ({
          writes: (await listMarked(client, mark, sentAt)).filter(
            (r) => (r as { reward?: unknown }).reward !== undefined,
          ) as unknown as RewardRedemption[],
        }),
      },
      debug,
    ).catch((error) => {
      throw refused(error, card, price, chosen.reward.name ? `${chosen.reward.name} (${reward})` : reward);
    });
    await rt.out.record(answer, [
      { header: 'Redemption', value: (r) => r.id },
      { header: 'Reward', value: (r) => `${r.reward.name ?? ''} (${r.reward.id})` },
      { header: 'Points', value: (r) => r.loyalty_card?.points ?? r.amount },
      { header: 'Card', value: () => card },
      { header: 'Balance after', value: (r) => String(r.voucher?.loyalty_card?.balance ?? '') },
    ]);
    if (foundByMark)
      rt.out.notice('The answer was lost; promo found the reward redemption by its mark: it happened once.');
  },
});
