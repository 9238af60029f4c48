// A loyalty program as a person names it: its id (camp_...) or its name, which the campaign routes
// resolve (unknown: exit 3 with the names close to it); the loyalty routes want the id.
import { getCampaign } from '../../api/campaigns.js';
import type { ApiClient } from '../../api/client.js';
import { UsageError } from '../../base/errors.js';
import { withProgramHint } from './refs.js';

export async function programId(client: ApiClient, ref: string): Promise<string> {
  if (/^camp_/.test(ref)) return ref;
  const campaign = await withProgramHint(
    async () => client,
    ref,
    () => getCampaign(client, ref),
  );
  if (campaign.campaign_type !== 'LOYALTY_PROGRAM')
    throw new UsageError(`${ref} is a campaign of type ${campaign.campaign_type}, not a loyalty program`);
  return campaign.id;
}
