// Where a rule is assigned: --campaign NAME or --voucher CODE (exactly one), found by the service's
// id, which an assignment names; and the assignment of a rule to it, looked up in the rule's list.
import { getCampaign } from '../../api/campaigns.js';
import type { ApiClient } from '../../api/client.js';
import { type Assignment, listAssignments } from '../../api/validation-rules.js';
import { getVoucher } from '../../api/vouchers.js';
import { UsageError } from '../../base/errors.js';
import { defineOptions } from '../../toolkit/define.js';

export const targetOptions = defineOptions({
  campaign: { type: 'value', value: 'name', help: 'the campaign (name or camp_... id): every code of it' },
  voucher: { type: 'value', value: 'code', help: 'one code (or its v_... id)' },
});

export interface Target {
  type: 'voucher' | 'campaign';
  /** What the person typed. */
  given: string;
}

export function parseTarget(
  flags: { campaign?: string; voucher?: string },
  optional = false,
): Target | undefined {
  if (flags.campaign !== undefined && flags.voucher !== undefined)
    throw new UsageError('give --campaign or --voucher, not both');
  if (flags.campaign !== undefined)
    return { type: 'campaign', given: nonEmpty(flags.campaign, '--campaign') };
  if (flags.voucher !== undefined) return { type: 'voucher', given: nonEmpty(flags.voucher, '--voucher') };
  if (optional) return undefined;
  throw new UsageError('give where the rule applies: --campaign NAME or --voucher CODE');
}

function nonEmpty(value: string, flag: string): string {
  if (value.trim() === '' || /[\u0000-\u001f\u007f]/.test(value))
    throw new UsageError(`${flag} must not be empty or hold control characters`);
  return value;
}

/** The service's id of the campaign or voucher (exit 3 when there is none). */
export async function targetId(client: ApiClient, target: Target): Promise<string> {
  if (target.type === 'campaign') return (await getCampaign(client, target.given)).id;
  return String((await getVoucher(client, target.given)).id);
}

/** The rule's assignment to `objectId`, if it has one (every page of the rule's assignments). */
export async function findAssignment(
  client: ApiClient,
  ruleId: string,
  objectId: string,
): Promise<Assignment | undefined> {
  for (let page = 1; ; page++) {
    const { items } = await listAssignments(client, { rule: ruleId, page, limit: 100 });
    const found = items.find((a) => a.related_object_id === objectId);
    if (found || items.length < 100) return found;
  }
}
