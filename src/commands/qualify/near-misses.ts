// The codes a qualification leaves out, and why, in voucher validate's words: those the service's
// qualification lists but this customer has used up (it does not count uses per customer, a
// validation does), and, for --explain, the codes with validation rules of their own, and the
// campaigns with rules assigned to the whole campaign, that do not apply to this order. A campaign is
// asked through one of its codes (its rules are the campaign's), and named by its name. Each group is
// asked in stacked validations of up to 30 codes (one request each); a code whose rules the order
// meets is skipped there, one that breaks a rule is refused with its key.
import type { ApiClient } from '../../api/client.js';
import type { Qualified } from '../../api/qualifications.js';
import { listAssignments } from '../../api/validation-rules.js';
import { MAX_REDEEMABLES, type RedeemableAnswer, refusalKey, validate } from '../../api/validations.js';
import { listVouchers } from '../../api/voucher-list.js';
import { getVoucher } from '../../api/vouchers.js';
import type { OrderParts } from '../voucher/order-options.js';
import { RULE_KEYS } from '../voucher/rule-refusal.js';

/** The codes refused by a validation of `codes` (in stacks of 30) for the order and customer given. */
async function refused(client: ApiClient, codes: string[], parts: OrderParts): Promise<RedeemableAnswer[]> {
  const found: RedeemableAnswer[] = [];
  for (let at = 0; at < codes.length; at += MAX_REDEEMABLES) {
    const redeemables = codes
      .slice(at, at + MAX_REDEEMABLES)
      .map((id) => ({ object: 'voucher' as const, id }));
    const answer = await validate(client, { redeemables, ...parts });
    found.push(...answer.redeemables.filter((r) => r.status === 'INAPPLICABLE'));
  }
  return found;
}

/** The listed codes this customer has used up: refused for uses per customer. */
export async function usedUp(client: ApiClient, listed: readonly Qualified[], parts: OrderParts) {
  const codes = listed.filter((q) => q.object === 'voucher').map((q) => q.id);
  const answers = codes.length === 0 ? [] : await refused(client, codes, parts);
  return answers.filter((r) => refusalKey(r) === 'redemption_rules_violated');
}

/** The ids of the vouchers and of the campaigns that have validation rules (every page of assignments). */
async function ruledIds(client: ApiClient): Promise<{ vouchers: string[]; campaigns: string[] }> {
  const vouchers = new Set<string>();
  const campaigns = new Set<string>();
  for (let page = 1; ; page++) {
    const { items } = await listAssignments(client, { page, limit: 100 });
    for (const a of items)
      if (a.related_object_type === 'voucher') vouchers.add(a.related_object_id);
      else if (a.related_object_type === 'campaign') campaigns.add(a.related_object_id);
    if (items.length < 100) return { vouchers: [...vouchers], campaigns: [...campaigns] };
  }
}

/**
 * One code of each ruled campaign the qualification left out (neither the campaign nor a code of it
 * listed), to stand for it, with the campaign's name; at most `room`. Returns how many were read.
 */
async function standIns(
  client: ApiClient,
  campaigns: readonly string[],
  listed: readonly Qualified[],
  room: number,
  labels: Map<string, string>,
): Promise<number> {
  let read = 0;
  for (const id of campaigns) {
    if (labels.size >= room) break;
    read++;
    if (listed.some((q) => q.id === id || q.campaign_id === id)) continue;
    const code = (await listVouchers(client, { campaignId: id, limit: 1 })).items[0];
    if (code) labels.set(code.code, code.campaign ?? id);
  }
  return read;
}

export interface NearMisses {
  refused: RedeemableAnswer[];
  /** How many ruled codes and campaigns were left unchecked (past the first 30). */
  unchecked: number;
  /** The name to show for a code that stands for its campaign. */
  labels: ReadonlyMap<string, string>;
}

/**
 * The codes with rules of their own, then the campaigns with rules, not listed, that break a rule for
 * this order (the first 30 checked).
 */
export async function nearMisses(
  client: ApiClient,
  listed: readonly Qualified[],
  parts: OrderParts,
): Promise<NearMisses> {
  const { vouchers: ids, campaigns } = await ruledIds(client);
  const shown = new Set(listed.map((q) => q.id));
  // Their codes, read 30 at a time until 30 not listed are found: a project may rule thousands.
  const checked: string[] = [];
  let read = 0;
  while (checked.length < MAX_REDEEMABLES && read < ids.length) {
    const batch = ids.slice(read, read + MAX_REDEEMABLES);
    read += batch.length;
    const vouchers = await Promise.all(batch.map((id) => getVoucher(client, id).catch(() => undefined)));
    for (const v of vouchers)
      if (v && !shown.has(v.code) && checked.length < MAX_REDEEMABLES) checked.push(v.code);
  }
  const labels = new Map<string, string>();
  const room = MAX_REDEEMABLES - checked.length;
  const campaignsRead = room > 0 ? await standIns(client, campaigns, listed, room, labels) : 0;
  checked.push(...[...labels.keys()].filter((code) => !checked.includes(code)));
  const answers = checked.length === 0 ? [] : await refused(client, checked, parts);
  return {
    refused: answers.filter((r) => RULE_KEYS.includes(refusalKey(r) ?? '')),
    unchecked: ids.length - read + campaigns.length - campaignsRead,
    labels,
  };
}
