// A campaign as the command line names it: by id (camp_…) or by name, which the service accepts
// alike in a path. Checked before anything is sent; a name that matches no campaign is exit 3
// with what it may have meant, wherever it is named (the service's lists answer such a name with
// no items, which must not read as an empty success).
import { getCampaign, listCampaigns } from '../../api/campaigns.js';
import type { ApiClient } from '../../api/client.js';
import { isDotSegment } from '../../api/client.js';
import { ApiError, NotFoundError, UsageError } from '../../base/errors.js';
import { closeTo } from '../../base/suggest.js';

export function checkCampaign(value: string, name = 'CAMPAIGN'): string {
  if (value.trim() === '' || /[\u0000-\u001f\u007f]/.test(value))
    throw new UsageError(`${name} must be a campaign name or id, not empty and without control characters`);
  // Such a name could not travel in a URL path: the request would name another resource.
  if (isDotSegment(value)) throw new UsageError(`${name} must not be '.' or '..' or hold '../'`);
  return value;
}

export const CAMPAIGN_ARG = {
  campaign: { help: 'campaign name, or its id (camp_...)', required: true, parse: checkCampaign },
} as const;

/**
 * Resolves when the campaign exists; else throws exit 3 naming it, with the campaign names close
 * to it (one more page of campaigns, read only on this path). Lists call it when they come back
 * empty, so that a list of a campaign that exists costs nothing more.
 */
export async function requireCampaign(client: ApiClient, campaign: string): Promise<void> {
  try {
    await getCampaign(client, campaign);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    throw new NotFoundError(`no campaign '${campaign}'`, await nearbyNames(client, campaign));
  }
}

/**
 * Runs a command that names a campaign in its requests' paths: the service's 404 for the
 * campaign (exit 3 already) comes back with the names close to it as its hint.
 */
export async function withCampaignHint<T>(
  client: () => Promise<ApiClient>,
  campaign: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const missing =
      error instanceof ApiError &&
      error.status === 404 &&
      !error.afterLostAnswer &&
      error.body.resource_type === 'campaign';
    if (!missing) throw error;
    const hint = await nearbyNames(await client(), campaign);
    throw error.withHintFirst(hint);
  }
}

async function nearbyNames(client: ApiClient, campaign: string): Promise<string> {
  const fallback = 'promo campaign list shows the campaigns (names are case-sensitive).';
  let names: string[];
  try {
    const page = await listCampaigns(client, { limit: 100, order: '-updated_at' });
    names = page.items.flatMap((c) => [c.name, c.id]).filter((n): n is string => typeof n === 'string');
  } catch {
    return fallback;
  }
  const exact = names.find((n) => n.toLowerCase() === campaign.toLowerCase());
  const close = exact ? [exact] : closeTo(campaign, names);
  return close.length > 0 ? `Did you mean ${close.map((n) => `'${n}'`).join(' or ')}?` : fallback;
}
