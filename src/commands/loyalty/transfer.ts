// promo loyalty transfer <to-card> --from CARD:N...: points moved from other cards of the program to
// this one, all or none. The service takes no idempotency key: the transfer carries a source_id
// (promo's own unless --source-id) on every card it touches, and after a lost answer promo looks for
// it on the receiving card's trail instead of moving the points twice (bulk/marked-write.ts). A
// --source-id the card holds already is not sent again.
import { findTransactions } from '../../api/balances.js';
import { getMember, type Member, transferPoints } from '../../api/loyalties.js';
import { VOUCHER_FIELDS } from '../../api/vouchers.js';
import { nodeCrypto } from '../../base/crypto.js';
import { ApiError, UsageError } from '../../base/errors.js';
import { shellQuote } from '../../base/shell.js';
import { writeOnce } from '../../bulk/marked-write.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { refusedInWords } from '../voucher/balance-once.js';
import { checkCode } from '../voucher/code.js';
import { memberFields } from './member-view.js';
import { CARD_ARG, findMember, withCardHint } from './refs.js';

const options = defineOptions({
  from: {
    type: 'list',
    value: 'card:n',
    help: 'take N points from this card (repeatable): LOYAL-2:300',
  },
  reason: { type: 'value', value: 'text', help: 'why: kept on both cards’ transactions' },
  sourceId: {
    type: 'value',
    value: 'id',
    help: 'your label for the transfer (default: one promo makes): never applied twice',
  },
});

/** `CARD:N`, the points a whole number above 0; the card may hold colons itself. */
function parseFrom(value: string): { code: string; points: number } {
  const at = value.lastIndexOf(':');
  const points = value.slice(at + 1).trim();
  if (at <= 0 || !/^\d{1,15}$/.test(points) || Number(points) === 0)
    throw new UsageError(
      `--from takes CARD:N, N a whole number of points above 0, such as LOYAL-2:300; not '${value}'`,
    );
  return { code: checkCode(value.slice(0, at), '--from'), points: Number(points) };
}

export default defineCommand({
  path: ['loyalty', 'transfer'],
  fields: VOUCHER_FIELDS,
  summary: "Move points from other cards of the program to a member's card, never twice",
  description: `Takes the points from each --from card (soonest-expiring first, their expiry dates kept) and
adds them to the card named, all or none: a card short of points refuses the whole transfer (exit 1,
the service's key). Prints the receiving card after the transfer. After a lost answer promo looks the
transfer's source_id up on the receiving card, never moving the points twice; not there yet, the
outcome is unknown (exit 6). A --source-id the card holds already is not sent again (exit 0).`,
  examples: ['promo loyalty transfer LOYAL-1 --from LOYAL-2:300 --reason "moved to her new card"'],
  args: CARD_ARG,
  options,
  run: async ({ card, from, reason, sourceId }, rt) => {
    const sources = (from ?? []).map(parseFrom);
    if (sources.length === 0) throw new UsageError('give --from CARD:N: where the points come from');
    if (sources.some((s) => s.code === card)) throw new UsageError('--from names the receiving card itself');
    if (sourceId !== undefined && sourceId.trim() === '')
      throw new UsageError('--source-id must not be empty');
    const client = await rt.client();
    const target = await findMember(client, card);
    const mark = sourceId ?? `promo-${nodeCrypto().randomBytes(8).toString('hex')}`;
    if (sourceId !== undefined && (await findTransactions(client, card, sourceId)).length > 0) {
      rt.out.notice(`Card ${card} holds a transfer with source_id ${sourceId} already: not sent again.`);
      return rt.out.record(target, memberFields());
    }
    const program = target.campaign_id ?? '';
    const items = sources.map((s) => ({
      ...s,
      source_id: mark,
      ...(reason === undefined ? {} : { reason }),
    }));
    try {
      const { answer } = await writeOnce<Member>(
        {
          what: 'the transfer',
          check: `promo loyalty history ${shellQuote(card)} (source_id ${mark})`,
          send: () => transferPoints(client, program, card, items),
          // A transfer lands whole or not at all: any of its transactions on the card is all of it.
          lookUp: async () => ({
            writes:
              (await findTransactions(client, card, mark)).length > 0 ? [await getMember(client, card)] : [],
          }),
        },
        (line) => {
          if (rt.globals.debug) rt.out.stderrText(line);
        },
      );
      await rt.out.record(answer, memberFields());
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const refused = refusedInWords(
        error,
        error.status === 404 ? card : sources.map((s) => s.code).join(', '),
      );
      if (refused !== error) throw refused;
      // A --from card the service does not have: exit 3 with what is likely.
      const missing = sources.find((s) => error.body.resource_id === s.code);
      throw missing
        ? await withCardHint(client, missing.code, () => Promise.reject(error)).catch((e) => e)
        : error;
    }
  },
});
