// A loyalty program's tiers by points: `POST /v1/loyalties/{campaignId}/tiers` (several at once),
// the list, one by id, and `GET /v1/loyalties/members/{memberId}/tiers`: the tier whose points range
// holds the member's balance, so a member's tier follows their points (none below the lowest tier).
// Tier multipliers of earning rules and rewards are not imitated: a tier that gives them is refused.
import { DEFAULT_LIMIT, readChoice, readLimit } from './list-params.js';
import { pointsOf } from './loyalty-ledger.js';
import { findMember, findProgram, findRecord, sortedBy } from './loyalty-refs.js';
import { notImitated } from './redeem-request.js';
import { appOrBearerRoute, type Route, type RouteContext, type SandboxState } from './types.js';
import {
  invalid,
  isRecord,
  type Json,
  optionalNumber,
  optionalRecord,
  requireNumber,
  requireRecord,
  requireString,
} from './voucher-check.js';

const ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at'] as const;

/** The program's tiers, lowest first. */
export function tiersOf(state: SandboxState, programId: string): Json[] {
  return Object.values(state.loyaltyTiers)
    .filter((tier) => tier.campaign_id === programId)
    .sort((a, b) => fromOf(a) - fromOf(b));
}

function fromOf(tier: Json): number {
  return Number((tier.points as Json).from ?? 0);
}

function toOf(tier: Json): number {
  const to = (tier.points as Json).to;
  return typeof to === 'number' ? to : Number.POSITIVE_INFINITY;
}

/** The tier whose range holds `points`, if any. */
export function tierFor(tiers: Json[], points: number): Json | undefined {
  return tiers.find((tier) => points >= fromOf(tier) && points <= toOf(tier));
}

function readTier(value: unknown, path: string): Json {
  if (!isRecord(value)) invalid(path, 'must be an object');
  const name = requireString(value, 'name', path);
  const points = requireRecord(value.points, `${path}.points`);
  const from = requireNumber(points, 'from', `${path}.points`, { integer: true, min: 0 });
  const to = optionalNumber(points, 'to', `${path}.points`, { integer: true, min: from });
  for (const key of ['earning_rules', 'rewards']) {
    const mapping = optionalRecord(value, key, path);
    if (mapping && Object.keys(mapping).length > 0)
      throw notImitated(`a tier's ${key} multipliers (${path}.${key})`);
  }
  return { name, points: { from, to }, metadata: optionalRecord(value, 'metadata', path) ?? {} };
}

function createTiers(state: SandboxState, programRef: string, raw: unknown, rc: RouteContext): Json[] {
  const program = findProgram(state, programRef);
  if (!Array.isArray(raw) || raw.length === 0) invalid('body', 'must be an array of at least one tier');
  const given = raw.map((value, index) => readTier(value, `[${index}]`));
  const all = [...tiersOf(state, program.id), ...given].sort((a, b) => fromOf(a) - fromOf(b));
  for (let i = 1; i < all.length; i++) {
    const [below, above] = [all[i - 1] as Json, all[i] as Json];
    if (toOf(below) >= fromOf(above))
      invalid('points', `ranges must not overlap: '${String(below.name)}' and '${String(above.name)}'`);
  }
  const now = new Date(rc.now()).toISOString();
  return given.map((tier) => {
    const stored: Json = {
      id: rc.newId('ltr_', 24),
      name: tier.name,
      campaign_id: program.id,
      metadata: tier.metadata,
      created_at: now,
      updated_at: null,
      earning_rules: {},
      rewards: {},
      config: { points: tier.points },
      points: tier.points,
      object: 'loyalty_tier',
    };
    state.loyaltyTiers[stored.id as string] = stored;
    return stored;
  });
}

function listTiers(state: SandboxState, programRef: string, query: URLSearchParams): Json {
  const program = findProgram(state, programRef);
  const limit = readLimit(query) ?? DEFAULT_LIMIT;
  const all = sortedBy(tiersOf(state, program.id), readChoice(query, 'order', ORDERS));
  return { object: 'list', data_ref: 'data', data: all.slice(0, limit), total: all.length };
}

/** The member's tier, with when they reached it, as the service lists it. */
function memberTiers(state: SandboxState, memberId: string, nowMs: number): Json {
  const { code, card } = findMember(state, memberId);
  // The points spendable now: those past their day no longer count, written back or not.
  const tier = tierFor(tiersOf(state, String(card.campaign_id)), pointsOf(state, code, nowMs).balance);
  const data = tier
    ? [
        {
          ...tier,
          expiration: {
            customer_id: card.holder_id ?? null,
            campaign_id: tier.campaign_id,
            tier_id: tier.id,
            start_date: null,
            expiration_date: null,
            created_at: tier.created_at,
            updated_at: null,
          },
        },
      ]
    : [];
  return { object: 'list', data_ref: 'data', data, total: data.length };
}

const route = appOrBearerRoute(['loyalties']);

export const loyaltyTierRoutes: Route[] = [
  route(
    'GET',
    '/v1/loyalties/members/:memberId/tiers',
    (req, state, rc) => ({ status: 200, body: memberTiers(state, req.params.memberId as string, rc.now()) }),
    true,
  ),
  route('POST', '/v1/loyalties/:campaignId/tiers', (req, state, rc) => ({
    status: 200,
    body: createTiers(state, req.params.campaignId as string, req.body, rc),
  })),
  route(
    'GET',
    '/v1/loyalties/:campaignId/tiers',
    (req, state) => ({ status: 200, body: listTiers(state, req.params.campaignId as string, req.query) }),
    true,
  ),
  route(
    'GET',
    '/v1/loyalties/:campaignId/tiers/:tierId',
    (req, state) => {
      const program = findProgram(state, req.params.campaignId as string);
      const tier = findRecord(state.loyaltyTiers, req.params.tierId as string, 'loyalty_tier');
      if (tier.campaign_id !== program.id) findRecord({}, req.params.tierId as string, 'loyalty_tier');
      return { status: 200, body: tier };
    },
    true,
  ),
];
