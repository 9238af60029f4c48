// What the loyalty routes of rewards, tiers and earning rules name in their paths: a program (a
// campaign of type LOYALTY_PROGRAM, by id or name, as the campaign routes read it), a member (a
// loyalty card, by code), and their own records by id; each missing one is the service's 404.
import { findCampaignRef } from './campaign-store.js';
import { compareKeys } from './list-params.js';
import { type CampaignRecord, SandboxError, type SandboxState } from './types.js';
import type { Json } from './voucher-check.js';
import { findVoucher } from './voucher-store.js';

export function notFound(resourceType: string, id: string): SandboxError {
  return new SandboxError(
    404,
    'not_found',
    'Resource not found',
    `Cannot find ${resourceType} with id ${id}`,
    {
      resource_id: id,
      resource_type: resourceType,
    },
  );
}

/** The loyalty program a path names; another kind of campaign is not one. */
export function findProgram(state: SandboxState, ref: string): CampaignRecord {
  const { campaign } = findCampaignRef(state, ref);
  if (campaign.campaign_type !== 'LOYALTY_PROGRAM') throw notFound('campaign', ref);
  return campaign;
}

/** The member a path names: a loyalty card, by code (or id). */
export function findMember(state: SandboxState, memberId: string): { code: string; card: Json } {
  const { code, voucher } = findVoucher(state, memberId);
  if (voucher.type !== 'LOYALTY_CARD') throw notFound('loyalty_card', memberId);
  return { code, card: voucher };
}

/** One record of a slice by id, or the service's 404 naming its type. */
export function findRecord(slice: Record<string, Json>, id: string, resourceType: string): Json {
  const record = Object.hasOwn(slice, id) ? slice[id] : undefined;
  if (!record) throw notFound(resourceType, id);
  return record;
}

/** A page of a list (page numbers from 1), in the list shape the loyalty routes answer. */
export function pageOf(all: Json[], limit: number, page: number): Json {
  return {
    object: 'list',
    data_ref: 'data',
    data: all.slice((page - 1) * limit, page * limit),
    total: all.length,
  };
}

/** The records in a list order (`created_at`, `-updated_at`, ...), or as they are without one. */
export function sortedBy(all: Json[], order: string | undefined): Json[] {
  if (!order) return all;
  const field = order.replace('-', '');
  const sorted = [...all].sort((a, b) => compareKeys(String(a[field] ?? ''), String(b[field] ?? '')));
  return order.startsWith('-') ? sorted.reverse() : sorted;
}
