// A campaign as the command line names it: by id (camp_…) or by name, which the service accepts
// alike in a path. Checked before anything is sent.
import { isDotSegment } from '../../api/client.js';
import { UsageError } from '../../base/errors.js';

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
