// Publications: a campaign's code (or a named voucher) handed to a customer (`POST /v1/publications`)
// and their list (`GET /v1/publications`). A campaign's active vouchers not published yet are picked
// in the order they were made; each becomes the customer's (holder_id) and counts the publication.
// With `join_once=true` a customer who already holds a publication of the campaign gets the same one
// again, whatever the number of requests: that is what makes a repeat safe.

import { findCampaignRef, vouchersOf } from './campaign-store.js';
import { addToCampaign, NO_FIELDS } from './campaign-vouchers.js';
import { readNamedCustomer, upsertNamedCustomer } from './customer-upsert.js';
import { simpleCustomer } from './customers.js';
import {
  MAX_PUBLICATION_COUNT,
  NO_VOUCHER_FOR_PUBLICATION,
  PUBLICATION_ORDERS,
} from './facts/publications.js';
import { readBoolean, readChoice, readLimit } from './list-params.js';
import { type Route, type RouteContext, SandboxError, type SandboxState } from './types.js';
import { bodyObject, isRecord, type Json } from './voucher-check.js';
import { readPage } from './voucher-list.js';
import { findVoucher, replaceVoucher } from './voucher-store.js';

const invalid = (details: string) => new SandboxError(400, 'invalid_payload', 'Invalid payload', details);

interface PublicationRequest {
  voucher: string | null;
  campaign: { name: string; count: number } | null;
  source_id: string | null;
  metadata: Json;
  channel: string;
}

function readRequest(body: unknown): PublicationRequest {
  const input = bodyObject(body);
  const text = (key: string) => {
    const value = input[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') throw invalid(`Property ${key} must be a string`);
    return value;
  };
  let campaign: PublicationRequest['campaign'] = null;
  if (typeof input.campaign === 'string') campaign = { name: input.campaign, count: 1 };
  else if (isRecord(input.campaign)) {
    const { name, count = 1 } = input.campaign;
    if (typeof name !== 'string' || name === '') throw invalid('Property campaign.name must be a string');
    if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > MAX_PUBLICATION_COUNT) {
      throw invalid(`Property campaign.count must be an integer from 1 to ${MAX_PUBLICATION_COUNT}`);
    }
    campaign = { name, count: count as number };
  }
  const voucher = text('voucher');
  if ((voucher === null) === (campaign === null)) {
    throw invalid('Give either voucher or campaign: the source of the published code');
  }
  if (input.metadata !== undefined && input.metadata !== null && !isRecord(input.metadata)) {
    throw invalid('Property metadata must be an object');
  }
  return {
    voucher,
    campaign,
    source_id: text('source_id'),
    metadata: (input.metadata as Json | null) ?? {},
    channel: text('channel') ?? 'API',
  };
}

const noneLeft = (campaign: string) =>
  new SandboxError(
    400,
    NO_VOUCHER_FOR_PUBLICATION,
    "Couldn't find any voucher suitable for publication.",
    `No active, unpublished voucher left in campaign ${campaign}`,
  );

function publishable(voucher: Json): boolean {
  return voucher.active !== false && Number((voucher.publish as Json | undefined)?.count ?? 0) === 0;
}

/** The codes to publish, and the campaign they came from (null for a standalone voucher). */
function pickCodes(
  state: SandboxState,
  request: PublicationRequest,
  rc: RouteContext,
): { codes: string[]; campaignId: string | null } {
  if (request.voucher !== null) {
    const { code, voucher } = findVoucher(state, request.voucher);
    if (!publishable(voucher)) throw noneLeft(String(voucher.campaign ?? code));
    return { codes: [code], campaignId: (voucher.campaign_id as string | null) ?? null };
  }
  const { campaign } = findCampaignRef(state, request.campaign!.name);
  const wanted = request.campaign!.count;
  const codes = vouchersOf(state, campaign.id).filter((code) => publishable(state.vouchers[code] as Json));
  // An auto-update campaign grows as it is published: the codes it lacks are made now, from its
  // own code pattern and voucher template, as the service does. A static one has what it has.
  if (campaign.type === 'AUTO_UPDATE') {
    while (codes.length < wanted)
      codes.push(String(addToCampaign(state, campaign, null, NO_FIELDS, rc).code));
  }
  if (codes.length < wanted) throw noneLeft(campaign.name);
  return { codes: codes.slice(0, wanted), campaignId: campaign.id };
}

function published(voucher: Json, customerId: string): Json {
  const publish = (voucher.publish as Json | undefined) ?? {};
  return {
    ...voucher,
    holder_id: customerId,
    publish: { ...publish, count: Number(publish.count ?? 0) + 1 },
  };
}

/** The answer: one code's voucher whole, several codes as a list of codes. */
function answerOf(state: SandboxState, record: Json): Json {
  const { campaign_id: _campaign, ...shown } = record;
  const codes = record.vouchers as string[];
  if (codes.length !== 1) return shown;
  const { vouchers: _codes, ...one } = shown;
  return { ...one, voucher: structuredClone(state.vouchers[codes[0] as string] ?? null) };
}

export const createPublication: Route = {
  method: 'POST',
  pattern: '/v1/publications',
  auth: 'app',
  handle(req, state, rc: RouteContext) {
    const request = readRequest(req.body);
    const named = readNamedCustomer(bodyObject(req.body).customer, 'customer');
    if (named === undefined)
      throw invalid('Property customer is required: an object with id, source_id or email');
    const joinOnce = readBoolean(req.query, 'join_once') === true;
    // The service creates or updates the customer a publication names (an email alone is enough).
    const customer = upsertNamedCustomer(state, named, rc);
    if (joinOnce && request.campaign !== null) {
      const { campaign } = findCampaignRef(state, request.campaign.name);
      const before = Object.values(state.publications).find(
        (p) => p.customer_id === customer.id && p.campaign_id === campaign.id,
      );
      if (before) return { status: 200, body: answerOf(state, before) };
    }
    const { codes, campaignId } = pickCodes(state, request, rc);
    const ids: string[] = [];
    for (const code of codes) {
      const voucher = published(state.vouchers[code] as Json, customer.id as string);
      replaceVoucher(state, code, voucher, rc.now());
      ids.push(voucher.id as string);
    }
    const id = rc.newId('pub_', 32);
    const record: Json = {
      id,
      object: 'publication',
      created_at: new Date(rc.now()).toISOString(),
      customer_id: customer.id,
      tracking_id: customer.source_id ?? null,
      metadata: request.metadata,
      channel: request.channel,
      source_id: request.source_id,
      result: 'SUCCESS',
      customer: simpleCustomer(customer),
      vouchers: codes,
      vouchers_id: ids,
      campaign_id: campaignId,
    };
    Object.defineProperty(state.publications, id, {
      value: record,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return { status: 200, body: answerOf(state, record) };
  },
};

/** A publication as the list shows it: its codes, and one code's voucher in brief. */
function listItem(state: SandboxState, record: Json): Json {
  const { campaign_id: _campaign, ...item } = record;
  const codes = record.vouchers as string[];
  if (codes.length !== 1) return item;
  const voucher = state.vouchers[codes[0] as string] ?? {};
  const { code, campaign, gift, loyalty_card, discount, is_referral_code } = voucher;
  return {
    ...item,
    voucher: { code, object: 'voucher', campaign, gift, loyalty_card, discount, is_referral_code },
  };
}

function sortKey(record: Json, field: string): string {
  if (field === 'voucher_code') return String((record.vouchers as string[])[0] ?? '');
  return String(record[field] ?? '');
}

export const listPublications: Route = {
  method: 'GET',
  pattern: '/v1/publications',
  auth: 'app',
  readOnly: true,
  handle(req, state) {
    const limit = readLimit(req.query) ?? 10;
    const page = readPage(req.query);
    const order = readChoice(req.query, 'order', PUBLICATION_ORDERS) ?? '-created_at';
    const campaignRef = req.query.get('campaign');
    const campaignId = campaignRef === null ? null : findCampaignRef(state, campaignRef).campaign.id;
    const customer = req.query.get('customer');
    const voucher = req.query.get('voucher');
    const sourceId = req.query.get('source_id');
    const matching = Object.values(state.publications).filter(
      (p) =>
        (campaignId === null || p.campaign_id === campaignId) &&
        (customer === null || p.customer_id === customer || p.tracking_id === customer) &&
        (voucher === null || (p.vouchers as string[]).includes(voucher)) &&
        (sourceId === null || p.source_id === sourceId),
    );
    const field = order.replace(/^-/, '');
    // Stable: publications made in the same millisecond keep the order they were made in.
    const sorted = matching
      .map((p, i) => ({ p, i }))
      .sort((a, b) => sortKey(a.p, field).localeCompare(sortKey(b.p, field)) || a.i - b.i)
      .map(({ p }) => p);
    if (order.startsWith('-')) sorted.reverse();
    const items = sorted.slice((page - 1) * limit, page * limit).map((p) => listItem(state, p));
    return {
      status: 200,
      body: { object: 'list', data_ref: 'publications', publications: items, total: matching.length },
    };
  },
};

export const publicationRoutes: Route[] = [createPublication, listPublications];
