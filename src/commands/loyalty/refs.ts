// How loyalty commands name what they act on: a program as campaigns are named (by name or id,
// unknown: exit 3 with the names close to it), a member by its loyalty card's code (unknown: exit 3
// with what is likely, as for vouchers).

import { getCampaign } from '../../api/campaigns.js';
import type { ApiClient } from '../../api/client.js';
import { getMember, type Member } from '../../api/loyalties.js';
import { ApiError } from '../../base/errors.js';
import { CAMPAIGN_ARG, withCampaignHint } from '../campaign/ref.js';
import { checkCode } from '../voucher/code.js';
import { withMissingHint } from '../voucher/missing.js';

export const PROGRAM_ARG = {
  program: { ...CAMPAIGN_ARG.campaign, help: 'loyalty program name, or its id (camp_...)' },
} as const;

export const CARD_ARG = {
  card: { help: "the member's loyalty card code", required: true, parse: checkCode },
} as const;

/**
 * Runs `call`, which names the card in its requests: a 404 for it is exit 3 with what is likely (as
 * for vouchers), a card that exists in another case offered as what was meant.
 */
export function withCardHint<T>(client: ApiClient, card: string, call: () => Promise<T>): Promise<T> {
  return withMissingHint(client, card, call, (other) => `Did you mean '${other}'? Codes are case-sensitive.`);
}

/** The member the card names; a card the service does not have: exit 3 with what is likely. */
export function findMember(client: ApiClient, card: string): Promise<Member> {
  return withCardHint(client, card, () => getMember(client, card));
}

/**
 * Runs a command that names a program in its requests' paths. A 404 for it comes back with the
 * names close to it, as for campaigns; a campaign of that name that is no loyalty program is said
 * to be one (the names close to it would offer the very name given).
 */
export async function withProgramHint<T>(
  client: () => Promise<ApiClient>,
  program: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await withCampaignHint(client, program, run);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404 && error.body.resource_type === 'campaign'))
      throw error;
    const other = await getCampaign(await client(), program).catch(() => undefined);
    if (other === undefined || other.campaign_type === 'LOYALTY_PROGRAM') throw error;
    throw new ApiError({
      status: error.status,
      body: error.body,
      method: error.method,
      path: error.path,
      requestId: error.requestId,
      headers: error.headers,
      hint: `'${program}' is a campaign of type ${other.campaign_type}, not a loyalty program; promo loyalty list shows the programs.`,
    });
  }
}
