// The v1 loyalty API's programs and members. A program is a campaign of type LOYALTY_PROGRAM (the
// campaign operations do the work), a member is one of its loyalty cards, named in a path by its
// code. Members are listed as `GET /v1/vouchers?campaign_id=` lists them, from the database's
// indexes (a program of 100,000 cards is read a page at a time); a member joins with a card made
// for them (the program's code config) or a card of the program named by `voucher`, published to
// the customer.
import { create, list, remove, update } from './campaign-routes.js';
import { campaignAnswer, campaignNotFound, findCampaignRef } from './campaign-store.js';
import { addToCampaign, readOwnFields } from './campaign-vouchers.js';
import { loyaltyCard, memberView } from './loyalty-ledger.js';
import { createPublication } from './publications.js';
import {
  appOrBearerRoute,
  type CampaignRecord,
  type RouteContext,
  type SandboxReply,
  type SandboxRequest,
  type SandboxState,
} from './types.js';
import { bodyObject, type Json } from './voucher-check.js';
import { listVouchers } from './voucher-list.js';
import { voucherNotFound } from './voucher-store.js';

const PROGRAM = 'LOYALTY_PROGRAM';

/** The program a path names, by id or name: a campaign of another type is not one (404). */
export function findProgram(state: SandboxState, ref: string): { index: number; campaign: CampaignRecord } {
  const found = findCampaignRef(state, ref);
  if (found.campaign.campaign_type !== PROGRAM) throw campaignNotFound(ref);
  return found;
}

/** A request with the query changed: the campaign routes answer for the program routes. */
function withQuery(req: SandboxRequest, set: Record<string, string>): SandboxRequest {
  const query = new URLSearchParams(req.query);
  for (const [key, value] of Object.entries(set)) query.set(key, value);
  return { ...req, query, rawQuery: query.toString() };
}

function createProgram(req: SandboxRequest, state: SandboxState, rc: RouteContext) {
  const body: Json = { ...bodyObject(req.body), campaign_type: PROGRAM };
  const voucher = { type: 'LOYALTY_CARD', ...((body.voucher as Json | undefined) ?? {}) };
  return create({ ...req, body: { ...body, voucher } }, state, rc);
}

function deleteProgram(req: SandboxRequest, state: SandboxState, rc: RouteContext) {
  const { campaign } = findProgram(state, req.params.campaignId ?? '');
  // The loyalty API answers the same job with 200, where the campaign API says 202.
  const { body } = remove({ ...req, params: { campaign: campaign.id } }, state, rc);
  return { status: 200, body };
}

/** The member a path names; under a program's path, it must be that program's card. */
function findMember(state: SandboxState, req: SandboxRequest): { code: string; voucher: Json } {
  const ref = req.params.memberId ?? '';
  const found = loyaltyCard(state, ref);
  if (req.params.campaignId !== undefined) {
    const { campaign } = findProgram(state, req.params.campaignId);
    if (found.voucher.campaign_id !== campaign.id) throw voucherNotFound(ref);
  }
  return found;
}

export function memberAnswer(state: SandboxState, req: SandboxRequest, nowMs: number): Json {
  const { code } = findMember(state, req);
  return memberView(state, code, nowMs);
}

function listMembers(req: SandboxRequest, state: SandboxState, rc: RouteContext) {
  const { campaign } = findProgram(state, req.params.campaignId ?? '');
  return listVouchers(withQuery(req, { campaign_id: campaign.id }), state, rc);
}

function addMember(req: SandboxRequest, state: SandboxState, rc: RouteContext): SandboxReply {
  const { campaign } = findProgram(state, req.params.campaignId ?? '');
  const body = bodyObject(req.body);
  let code = typeof body.voucher === 'string' ? body.voucher : undefined;
  if (code === undefined) code = String(addToCampaign(state, campaign, null, readOwnFields({}), rc).code);
  else if (loyaltyCard(state, code).voucher.campaign_id !== campaign.id) throw voucherNotFound(code);
  const { campaign: _campaign, ...rest } = body;
  const published = createPublication.handle({ ...req, body: { ...rest, voucher: code } }, state, rc);
  const voucher = (published.body as Json).voucher as Json;
  return { status: 200, body: memberView(state, String(voucher.code), rc.now()) };
}

const route = appOrBearerRoute(['loyalties']);

export const loyaltyProgramRoutes = [
  route(
    'GET',
    '/v1/loyalties/members/:memberId',
    (req, state, rc) => ({
      status: 200,
      body: memberAnswer(state, req, rc.now()),
    }),
    true,
  ),
  route(
    'GET',
    '/v1/loyalties',
    (req, state) => list(withQuery(req, { campaign_type: PROGRAM }), state),
    true,
  ),
  route('POST', '/v1/loyalties', createProgram),
  route(
    'GET',
    '/v1/loyalties/:campaignId',
    (req, state) => ({
      status: 200,
      body: campaignAnswer(state, findProgram(state, req.params.campaignId ?? '').campaign),
    }),
    true,
  ),
  route('PUT', '/v1/loyalties/:campaignId', (req, state, rc) => {
    const { campaign } = findProgram(state, req.params.campaignId ?? '');
    return update({ ...req, params: { campaign: campaign.id } }, state, rc);
  }),
  route('DELETE', '/v1/loyalties/:campaignId', deleteProgram),
  route('GET', '/v1/loyalties/:campaignId/members', listMembers, true),
  route('POST', '/v1/loyalties/:campaignId/members', addMember),
  route(
    'GET',
    '/v1/loyalties/:campaignId/members/:memberId',
    (req, state, rc) => ({
      status: 200,
      body: memberAnswer(state, req, rc.now()),
    }),
    true,
  ),
];
