// promo loyalty join <program> --customer C: the customer becomes a member, holding a new loyalty
// card of the program. A customer who holds one already is not given a second (said, exit 0), so
// the command may be repeated; the service takes no idempotency key, so after a lost answer promo
// looks the customer's cards in the program up, and never sends the join again (marked-write.ts).

import type { ApiClient } from '../../api/client.js';
import { addMember, getProgram, listMembers, type Member } from '../../api/loyalties.js';
import { VOUCHER_FIELDS } from '../../api/vouchers.js';
import { UsageError } from '../../base/errors.js';
import { shellQuote } from '../../base/shell.js';
import { writeOnce } from '../../bulk/marked-write.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { checkCustomer, customerIdOf } from './customer-ref.js';
import { memberFields } from './member-view.js';
import { PROGRAM_ARG, withProgramHint } from './refs.js';

const options = defineOptions({
  customer: {
    type: 'value',
    value: 'id',
    help: 'the customer: id (cust_...) or source id (a new source id makes the customer)',
  },
});

/** The customer's cards in the program, oldest first. */
async function cardsOf(client: ApiClient, program: string, customer: string): Promise<Member[]> {
  const holder = await customerIdOf(client, customer);
  if (holder === undefined) return [];
  return (await listMembers(client, program, { customer: holder, limit: 100, order: 'created_at' })).items;
}

export default defineCommand({
  path: ['loyalty', 'join'],
  fields: VOUCHER_FIELDS,
  summary: 'Make a customer a member of a program: a loyalty card of theirs',
  description: `Gives the customer a new loyalty card of the program (a source id the service does not know
yet makes the customer). A customer who already holds a card of the program keeps it: nothing is
sent, and the card is shown (exit 0). After a lost answer promo looks the customer's cards up
rather than joining twice; not there yet, the outcome is unknown (exit 6).`,
  examples: ["promo loyalty join 'Loyalty Club' --customer ada@example.com"],
  args: PROGRAM_ARG,
  options,
  run: async ({ program, customer }, rt) => {
    if (customer === undefined) throw new UsageError('--customer is required: who joins');
    checkCustomer(customer);
    const client = await rt.client();
    await withProgramHint(rt.client.bind(rt), program, () => getProgram(client, program));
    const held = await cardsOf(client, program, customer);
    if (held.length > 0) {
      rt.out.notice(`${customer} is a member already (card ${held[0]?.code}): not joined again.`);
      return rt.out.record(held[0] as Member, memberFields());
    }
    const who = /^cust_[A-Za-z0-9]+$/.test(customer) ? { id: customer } : { source_id: customer };
    const { answer } = await writeOnce<Member>(
      {
        what: 'the join',
        check: `promo loyalty members ${shellQuote(program)} --customer ${shellQuote(customer)}`,
        send: () => addMember(client, program, who),
        lookUp: async () => ({ writes: await cardsOf(client, program, customer) }),
      },
      (line) => {
        if (rt.globals.debug) rt.out.stderrText(line);
      },
    );
    await rt.out.record(answer, memberFields());
  },
});
