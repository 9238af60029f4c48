// Campaigns: `/v1/campaigns[/{campaign}]` and the campaign's vouchers. A campaign is named in the
// path by its id (`camp_…`) or its name, which the service keeps unique in a project. Creating one
// with `vouchers_count` starts the generation of its codes in the background: the campaign answers
// at once with `vouchers_generation_status` IN_PROGRESS, and reads DONE (or FAILED) once they are
// all there. Adding many vouchers, importing and deleting are async actions (202, an id to follow).
import type { CampaignOrder } from 'promo-sandbox/facts/lists';
import type { VoucherType } from 'promo-sandbox/facts/vouchers';
import { OutcomeUnknownError } from '../http/failures.js';
import {
  anything,
  type Checked,
  flag,
  type ListAnswer,
  maybe,
  number,
  object,
  readAnswer,
  readListAnswer,
  record,
  text,
} from './answer.js';
import { type ApiClient, type ApiRequest, type ApiResponse, encodePath } from './client.js';
import type { FilterCondition } from './templates.js';
import { filterParams } from './templates.js';
import type { CodeConfig, CreateVoucherBody } from './vouchers.js';
import { campaignVoucherRequest, VOUCHER_ANSWER, type Voucher } from './vouchers.js';

/** The kinds of campaign promo creates, by the type of voucher each holds. */
export const CAMPAIGN_TYPE_OF: Record<VoucherType, string> = {
  DISCOUNT_VOUCHER: 'DISCOUNT_COUPONS',
  GIFT_VOUCHER: 'GIFT_VOUCHERS',
  LOYALTY_CARD: 'LOYALTY_PROGRAM',
};
export { CAMPAIGN_ORDERS, type CampaignOrder } from 'promo-sandbox/facts/lists';
export { CAMPAIGN_TYPES } from 'promo-sandbox/facts/vouchers';

/** The voucher every code of the campaign is made from. */
export interface CampaignVoucherBody {
  type: VoucherType;
  discount?: CreateVoucherBody['discount'];
  gift?: CreateVoucherBody['gift'];
  loyalty_card?: CreateVoucherBody['loyalty_card'];
  redemption?: CreateVoucherBody['redemption'];
  code_config?: CodeConfig;
}

export interface CreateCampaignBody {
  name: string;
  campaign_type: string;
  /** AUTO_UPDATE: vouchers can be added later; STATIC: the generated ones only. */
  type?: 'AUTO_UPDATE' | 'STATIC';
  description?: string;
  vouchers_count?: number;
  voucher: CampaignVoucherBody;
  start_date?: string;
  expiration_date?: string;
  validity_timeframe?: CreateVoucherBody['validity_timeframe'];
  validity_day_of_week?: number[];
  validity_hours?: CreateVoucherBody['validity_hours'];
  join_once?: boolean;
  auto_join?: boolean;
  category?: string;
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}

/** What `PUT /v1/campaigns/{campaign}` may change (type and voucher shape stay). */
export interface UpdateCampaignBody {
  description?: string | null;
  start_date?: string | null;
  expiration_date?: string | null;
  join_once?: boolean;
  auto_join?: boolean;
  category?: string;
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}

export const CAMPAIGN_ANSWER = object({
  id: text,
  name: text,
  campaign_type: maybe(text),
  type: maybe(text),
  description: maybe(text),
  vouchers_count: maybe(number),
  active: maybe(flag),
  start_date: maybe(text),
  expiration_date: maybe(text),
  join_once: maybe(flag),
  auto_join: maybe(flag),
  category: maybe(text),
  creation_status: maybe(text),
  vouchers_generation_status: maybe(text),
  voucher: maybe(
    object({
      type: maybe(text),
      discount: maybe(record(anything)),
      gift: maybe(record(anything)),
      loyalty_card: maybe(record(anything)),
      code_config: maybe(record(anything)),
      redemption: maybe(record(anything)),
    }),
  ),
  metadata: maybe(record(anything)),
  created_at: maybe(text),
  updated_at: maybe(text),
});
export type Campaign = Checked<typeof CAMPAIGN_ANSWER>;

/** The top-level fields of the service's campaign object (for --fields). */
export const CAMPAIGN_FIELDS = [
  'id',
  'name',
  'description',
  'campaign_type',
  'type',
  'voucher',
  'auto_join',
  'join_once',
  'use_voucher_metadata_schema',
  'validity_timeframe',
  'validity_day_of_week',
  'validity_hours',
  'activity_duration_after_publishing',
  'vouchers_count',
  'start_date',
  'expiration_date',
  'active',
  'metadata',
  'created_at',
  'updated_at',
  'category',
  'category_id',
  'categories',
  'creation_status',
  'vouchers_generation_status',
  'protected',
  'object',
] as const;

const ASYNC_ANSWER = object({ async_action_id: text });

/** Whether the campaign's codes are still being made. */
export function isGenerating(campaign: Campaign): boolean {
  const status = campaign.vouchers_generation_status ?? campaign.creation_status;
  return status === 'IN_PROGRESS' || status === 'MODIFYING' || status === 'DRAFT';
}

const path = (campaign: string, rest = '') => `${encodePath`/v1/campaigns/${campaign}`}${rest}`;

/**
 * Not repeated on a lost answer: the service may have made it (and begun generating its codes).
 * The name is unique, so `campaign get NAME` tells.
 */
export function createCampaignRequest(body: CreateCampaignBody): ApiRequest {
  return { method: 'POST', path: '/v1/campaigns', json: body, auth: 'app', mutates: true };
}

async function lostAnswerHint<T>(name: string, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof OutcomeUnknownError) throw error.withHint(what.replace('NAME', quoted(name)));
    throw error;
  }
}

/** A name as a shell word: quoted when it holds more than letters, digits and - _ . */
export function quoted(name: string): string {
  return /^[\w.-]+$/.test(name) ? name : `'${name.replaceAll("'", "'\\''")}'`;
}

/**
 * The campaign made, and the id of the request that made it: the job that generates its codes
 * carries that id (the campaign does not name its job).
 */
export async function createCampaign(
  client: ApiClient,
  body: CreateCampaignBody,
): Promise<{ campaign: Campaign; requestId?: string }> {
  return lostAnswerHint(
    body.name,
    '`promo campaign get NAME` shows whether it was created (a campaign name is unique).',
    async () => {
      const response = await client.call(createCampaignRequest(body));
      const requestId = response.headers['x-request-id'];
      return {
        campaign: readAnswer(response, CAMPAIGN_ANSWER, 'POST /v1/campaigns'),
        requestId: typeof requestId === 'string' ? requestId : undefined,
      };
    },
  );
}

export async function getCampaign(client: ApiClient, campaign: string): Promise<Campaign> {
  const request: ApiRequest = { method: 'GET', path: path(campaign), auth: 'app' };
  return readAnswer(await client.call(request), CAMPAIGN_ANSWER, 'GET /v1/campaigns/{campaign}');
}

export interface ListCampaignsQuery {
  limit?: number;
  page?: number;
  campaignType?: string;
  order?: CampaignOrder;
  filters?: FilterCondition[];
  junction?: 'and' | 'or';
}

export function listCampaignsRequest(query: ListCampaignsQuery): ApiRequest {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.campaignType !== undefined) params.set('campaign_type', query.campaignType);
  if (query.order !== undefined) params.set('order', query.order);
  for (const [key, value] of filterParams(query.filters ?? [], query.junction)) params.append(key, value);
  return { method: 'GET', path: '/v1/campaigns', query: params, auth: 'app' };
}

export type CampaignList = ListAnswer<Campaign>;

export async function listCampaigns(client: ApiClient, query: ListCampaignsQuery): Promise<CampaignList> {
  return readListAnswer(
    await client.call(listCampaignsRequest(query)),
    CAMPAIGN_ANSWER,
    'campaigns',
    'GET /v1/campaigns',
  );
}

export function updateCampaignRequest(campaign: string, body: UpdateCampaignBody): ApiRequest {
  // The same fields again give the same campaign: safe to repeat after a lost answer.
  return { method: 'PUT', path: path(campaign), json: body, auth: 'app', idempotent: true, mutates: true };
}

export async function updateCampaign(
  client: ApiClient,
  campaign: string,
  body: UpdateCampaignBody,
): Promise<Campaign> {
  return readAnswer(
    await client.call(updateCampaignRequest(campaign, body)),
    CAMPAIGN_ANSWER,
    'PUT /v1/campaigns/{campaign}',
  );
}

export function switchCampaignRequest(campaign: string, on: boolean): ApiRequest {
  const rest = on ? '/enable' : '/disable';
  return { method: 'POST', path: path(campaign, rest), auth: 'app', idempotent: true, mutates: true };
}

/** Answers an empty object: promo reads the campaign back to show it. */
export async function switchCampaign(client: ApiClient, campaign: string, on: boolean): Promise<void> {
  readAnswer(
    await client.call(switchCampaignRequest(campaign, on)),
    anything,
    'POST /v1/campaigns/{campaign}/enable',
  );
}

export function deleteCampaignRequest(campaign: string, force: boolean): ApiRequest {
  const query = force ? new URLSearchParams({ force: 'true' }) : undefined;
  return { method: 'DELETE', path: path(campaign), query, auth: 'app', idempotent: true, mutates: true };
}

/** The deletion runs in the background (its vouchers with it): the id of that job. */
export async function deleteCampaign(client: ApiClient, campaign: string, force: boolean): Promise<string> {
  const response = await client.call(deleteCampaignRequest(campaign, force));
  return readAnswer(response, ASYNC_ANSWER, 'DELETE /v1/campaigns/{campaign}').async_action_id;
}

/** The fields a voucher added to a campaign may set; its type and value come from the campaign. */
export interface CampaignVoucherFields {
  code_config?: CodeConfig;
  category?: string;
  additional_info?: string;
  start_date?: string;
  expiration_date?: string;
  redemption?: { quantity?: number | null };
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}

/** One voucher into the campaign: the route of a create that names the campaign. */
export function addVoucherRequest(campaign: string, body: CampaignVoucherFields, code?: string): ApiRequest {
  return campaignVoucherRequest(campaign, body, code);
}

/** One voucher into the campaign, with the code given or one the campaign's code config makes. */
export async function addVoucher(
  client: ApiClient,
  campaign: string,
  body: CampaignVoucherFields,
  code?: string,
): Promise<Voucher> {
  return readAnswer(
    await client.call(addVoucherRequest(campaign, body, code)),
    VOUCHER_ANSWER,
    'POST /v1/campaigns/{campaign}/vouchers',
  );
}

export function addVouchersRequest(campaign: string, count: number, body: CampaignVoucherFields): ApiRequest {
  return {
    method: 'POST',
    path: path(campaign, '/vouchers'),
    query: new URLSearchParams({ vouchers_count: String(count) }),
    json: body,
    auth: 'app',
    mutates: true,
  };
}

/** N generated vouchers: the service answers a job (202) for more than one, the voucher for one. */
export async function addVouchers(
  client: ApiClient,
  campaign: string,
  count: number,
  body: CampaignVoucherFields,
): Promise<{ voucher: Voucher } | { job: string }> {
  const response: ApiResponse = await client.call(addVouchersRequest(campaign, count, body));
  const operation = 'POST /v1/campaigns/{campaign}/vouchers';
  if (response.status === 202) return { job: readAnswer(response, ASYNC_ANSWER, operation).async_action_id };
  return { voucher: readAnswer(response, VOUCHER_ANSWER, operation) };
}

/** Vouchers into the campaign through its import (202, a job); their value comes from the campaign. */
export function importToCampaignRequest(campaign: string, vouchers: CampaignVoucherFields[]): ApiRequest {
  return { method: 'POST', path: path(campaign, '/import'), json: vouchers, auth: 'app', mutates: true };
}

export async function importToCampaign(
  client: ApiClient,
  campaign: string,
  vouchers: CampaignVoucherFields[],
): Promise<string> {
  return lostAnswerHint(
    campaign,
    'An import job may have been queued: `promo job list` shows the recent ones, `promo campaign vouchers NAME` what the campaign holds.',
    async () =>
      readAnswer(
        await client.call(importToCampaignRequest(campaign, vouchers)),
        ASYNC_ANSWER,
        'POST /v1/campaigns/{campaign}/import',
      ).async_action_id,
  );
}
