// A reward's stock: a material reward may have a number of units (`stock`), and `redeemed` counts its
// successful redemptions. The service refuses a redemption when none is left. Its description names
// no error key for that refusal, so this one is the sandbox's own, chosen to say what happened; promo
// explains it in words.

export const REWARD_OUT_OF_STOCK = 'reward_out_of_stock';

/** How many units of the reward are left, or null when it has no stock (unlimited). */
export function unitsLeft(reward: { stock?: unknown; redeemed?: unknown }): number | null {
  if (typeof reward.stock !== 'number') return null;
  return Math.max(0, reward.stock - Number(reward.redeemed ?? 0));
}
