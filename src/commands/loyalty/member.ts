// promo loyalty member <card>: one member: the balance, the points pending, the next points to
// expire and when, the points earned, the tier, the customer holding the card.
import { memberTier } from '../../api/loyalty-tiers.js';
import { VOUCHER_FIELDS } from '../../api/vouchers.js';
import { defineCommand } from '../../toolkit/define.js';
import { memberFields } from './member-view.js';
import { CARD_ARG, findMember } from './refs.js';

export default defineCommand({
  path: ['loyalty', 'member'],
  fields: VOUCHER_FIELDS,
  summary: 'One member: balance, pending points, next expiry, tier, customer',
  description: `On a terminal: the card's balance (the points it can spend now), the points pending (they join
the balance when activated), the next points to expire and their date, the points earned over its
life, the tier its points reach (\`none\` below the lowest; promo loyalty tiers says how far the next
is) and the customer holding it. -o json: the service's member object. A card the service does
not have is exit 3, with what is likely (a space around it, another case).`,
  examples: [
    'promo loyalty member LOYAL-1',
    'promo loyalty member LOYAL-1 -o json | jq .loyalty_card.balance',
  ],
  args: CARD_ARG,
  run: async ({ card }, rt) => {
    const client = await rt.client();
    // The tier is a second question, asked only for people (-o json is the service's member object),
    // at the same time as the member: one round trip, not two. A card the service does not have is
    // said by the member's answer, with its hint; the tier's is then not waited for.
    const tierAsked = rt.out.isJson ? undefined : memberTier(client, card);
    tierAsked?.catch(() => undefined);
    const member = await findMember(client, card);
    const tier = tierAsked === undefined ? undefined : ((await tierAsked)?.name ?? 'none');
    await rt.out.record(member, memberFields(tier));
  },
});
