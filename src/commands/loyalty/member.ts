// promo loyalty member <card>: one member: the balance, the points pending, the next points to
// expire and when, the points earned, the customer holding the card.
import { VOUCHER_FIELDS } from '../../api/vouchers.js';
import { defineCommand } from '../../toolkit/define.js';
import { memberFields } from './member-view.js';
import { CARD_ARG, findMember } from './refs.js';

export default defineCommand({
  path: ['loyalty', 'member'],
  fields: VOUCHER_FIELDS,
  summary: 'One member: balance, pending points, next expiry, customer',
  description: `On a terminal: the card's balance (the points it can spend now), the points pending (they join
the balance when activated), the next points to expire and their date, the points earned over its
life and the customer holding it. -o json: the service's member object. A card the service does
not have is exit 3, with what is likely (a space around it, another case).`,
  examples: [
    'promo loyalty member LOYAL-1',
    'promo loyalty member LOYAL-1 -o json | jq .loyalty_card.balance',
  ],
  args: CARD_ARG,
  run: async ({ card }, rt) => {
    const client = await rt.client();
    const member = await findMember(client, card);
    await rt.out.record(member, memberFields());
  },
});
