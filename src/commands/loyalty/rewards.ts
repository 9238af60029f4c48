// promo loyalty rewards [<card> | --program P]: what a loyalty program offers for points, cheapest
// first; for a card (a member), what its balance affords and the balance itself.
import {
  getReward,
  type LoyaltyReward,
  listMemberRewards,
  listProgramRewards,
  priceOf,
} from '../../api/rewards.js';
import { UsageError } from '../../base/errors.js';
import type { Column } from '../../output/table.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { programId } from './program-ref.js';
import { CARD_ARG, findMember } from './refs.js';

/** One reward as the table shows it; -o json prints the service's loyalty_reward with `affordable`. */
type Row = LoyaltyReward & { affordable?: boolean };

/** Cheapest first; a pay-with-points reward (no price: the member names the points) last. */
function cheapestFirst(rows: Row[]): Row[] {
  const price = (row: Row) => priceOf(row.assignment) ?? Number.POSITIVE_INFINITY;
  return [...rows].sort((a, b) => price(a) - price(b));
}

function columns(withCard: boolean): Column<Row>[] {
  return [
    { header: 'Reward', value: (r) => r.reward.id, id: true, whole: true },
    { header: 'Name', value: (r) => r.reward.name, text: true },
    { header: 'Type', value: (r) => r.reward.type },
    { header: 'Points', value: (r) => priceOf(r.assignment) ?? 'any (pay with points)' },
    ...(withCard ? [{ header: 'Affordable', value: (r: Row) => (r.affordable ? 'yes' : 'no') }] : []),
  ];
}

const options = defineOptions({
  program: {
    type: 'value',
    value: 'program',
    help: "the program's rewards (its id or name), without a card",
  },
});

export default defineCommand({
  path: ['loyalty', 'rewards'],
  summary: 'What a loyalty program offers for points and, for a card, what its balance affords',
  description: `With a card: the rewards of its program, cheapest first, each with its points price and
whether the card's balance affords it, then the balance. With --program: what the program offers.
A pay-with-points reward has no price (the member says how many points to spend): it comes last.`,
  examples: [
    'promo loyalty rewards LOYAL-1',
    "promo loyalty rewards --program 'Loyalty Club' -o json | jq -r '.[] | .reward.name'",
  ],
  args: { card: { ...CARD_ARG.card, required: false } },
  options,
  run: async ({ card, program }, rt: Runtime) => {
    if ((card === undefined) === (program === undefined))
      throw new UsageError('give a card or --program, one of the two');
    const client = await rt.client();
    if (card !== undefined) {
      const voucher = await findMember(client, card);
      if (voucher.type !== 'LOYALTY_CARD') throw new UsageError(`${card} is not a loyalty card`);
      const balance = Number(voucher.loyalty_card?.balance ?? 0);
      const rows = cheapestFirst(await listMemberRewards(client, card)).map((row) => ({
        ...row,
        affordable: (priceOf(row.assignment) ?? 1) <= balance,
      }));
      await rt.out.list(rows, columns(true), 'The program offers no rewards.');
      if (!rt.out.isJson) rt.out.text(`Balance: ${balance} points`);
      return;
    }
    const id = await programId(client, program as string);
    const assignments = await listProgramRewards(client, id);
    // Each reward read at once, not one round trip after another.
    const rows: Row[] = await Promise.all(
      assignments.map(async (assignment) => ({
        reward: await getReward(client, assignment.reward_id),
        assignment,
      })),
    );
    await rt.out.list(cheapestFirst(rows), columns(false), 'The program offers no rewards.');
  },
});
