// A loyalty program's earning rules: `POST|GET /v1/loyalties/{campaignId}/earning-rules`, one by id
// (get, PUT, DELETE), `…/enable` and `…/disable`. The sandbox imitates two events, an order paid
// (`order.paid`) and a custom event of the project's schema, each with a FIXED number of points or,
// for an order, points PROPORTIONAL to its amount (ORDER_AMOUNT: `points` for `every` unit of the
// amount, in the smallest currency unit); earning-credit.ts credits them. Everything else a rule may
// hold is refused at create and update by name (400 not_imitated), never kept and silently ignored.
import { DEFAULT_LIMIT, readChoice, readLimit } from './list-params.js';
import { findProgram, findRecord, notFound, pageOf, sortedBy } from './loyalty-refs.js';
import { notImitated } from './redeem-request.js';
import { appOrBearerRoute, type Route, type RouteContext, type SandboxState } from './types.js';
import {
  bodyObject,
  invalid,
  isGiven,
  isRecord,
  type Json,
  optionalBoolean,
  optionalRecord,
  optionalString,
  requireNumber,
  requireRecord,
  requireString,
} from './voucher-check.js';
import { readPage } from './voucher-list.js';

export const ORDER_PAID = 'order.paid';
const ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at'] as const;
const NOT_IMITATED_FIELDS = [
  'validation_rule_id',
  'pending_points',
  'expiration_rules',
  'validity_timeframe',
  'validity_day_of_week',
  'validity_hours',
  'segment',
  'loyalty_tier',
];

/** `loyalty`: FIXED points for any event; PROPORTIONAL to the order amount for an order paid. */
function readLoyalty(raw: unknown, event: string): Json {
  const loyalty = requireRecord(raw, 'loyalty');
  if (isGiven(loyalty.points_formula)) throw notImitated('points formulas (loyalty.points_formula)');
  if (loyalty.type === 'FIXED') {
    return { type: 'FIXED', points: requireNumber(loyalty, 'points', 'loyalty', { integer: true, min: 1 }) };
  }
  if (loyalty.type !== 'PROPORTIONAL') invalid('loyalty.type', 'must be one of FIXED, PROPORTIONAL');
  const calculation = String(loyalty.calculation_type ?? '');
  if (calculation !== 'ORDER_AMOUNT' || event !== ORDER_PAID)
    throw notImitated(`proportional earning rules of the calculation type '${calculation}' for '${event}'`);
  const amount = requireRecord(requireRecord(loyalty.order, 'loyalty.order').amount, 'loyalty.order.amount');
  if (isGiven(amount.points_formula))
    throw notImitated('points formulas (loyalty.order.amount.points_formula)');
  const every = requireNumber(amount, 'every', 'loyalty.order.amount', { integer: true, min: 1 });
  const points = requireNumber(amount, 'points', 'loyalty.order.amount', { integer: true, min: 1 });
  return { type: 'PROPORTIONAL', calculation_type: 'ORDER_AMOUNT', order: { amount: { every, points } } };
}

/** The event a rule listens to: an order paid or a custom event the project's schema defines. */
function readEvent(state: SandboxState, body: Json): string {
  const event = requireString(body, 'event');
  if (event === ORDER_PAID) return event;
  if (event.startsWith('customer.')) throw notImitated(`earning rules on the event '${event}'`);
  if (!state.eventSchemas.includes(event)) throw notFound('custom_event_schema', event);
  return event;
}

/** The dates, banner, switch and metadata a create or an update gives (the others are refused). */
function readCommon(body: Json): Json {
  for (const field of NOT_IMITATED_FIELDS) {
    if (isGiven(body[field])) throw notImitated(`earning rules with ${field}`);
  }
  const picked: Json = {};
  for (const key of ['start_date', 'expiration_date']) {
    const value = optionalString(body, key);
    if (value !== null && Number.isNaN(Date.parse(value))) invalid(key, 'must be an ISO 8601 date-time');
    if (body[key] !== undefined) picked[key] = value;
  }
  const active = optionalBoolean(body, 'active');
  if (active !== null) picked.active = active;
  if (body.metadata !== undefined) picked.metadata = optionalRecord(body, 'metadata') ?? {};
  const source = optionalRecord(body, 'source');
  if (source !== null) picked.banner = optionalString(source, 'banner', 'source');
  return picked;
}

function ruleOf(stored: Json, given: Json, programId: string): Json {
  const { banner, ...rest } = given;
  const source = (stored.source ?? { banner: null }) as Json;
  return {
    ...stored,
    ...rest,
    source: {
      banner: banner === undefined ? source.banner : banner,
      object_id: programId,
      object_type: 'campaign',
    },
  };
}

function createRules(state: SandboxState, programRef: string, raw: unknown, rc: RouteContext): Json[] {
  const program = findProgram(state, programRef);
  const items = Array.isArray(raw) ? raw : [raw];
  if (items.length === 0) invalid('body', 'must hold at least one earning rule');
  const now = new Date(rc.now()).toISOString();
  const rules = items.map((value) => {
    if (!isRecord(value)) invalid('body', 'must hold earning rule objects');
    const event = readEvent(state, value);
    const base: Json = {
      id: rc.newId('ern_', 24),
      created_at: now,
      updated_at: null,
      validation_rule_id: null,
      loyalty: readLoyalty(value.loyalty, event),
      event,
      active: true,
      object: 'earning_rule',
      automation_id: rc.newId('auto_', 24),
      metadata: {},
    };
    return ruleOf(base, readCommon(value), program.id);
  });
  for (const rule of rules) state.earningRules[rule.id as string] = rule;
  return rules;
}

/** The rule a path names, in the program it names. */
function findRule(state: SandboxState, programRef: string, id: string): Json {
  const program = findProgram(state, programRef);
  const rule = findRecord(state.earningRules, id, 'earning_rule');
  if ((rule.source as Json).object_id !== program.id) findRecord({}, id, 'earning_rule');
  return rule;
}

/** The program's rules, in the order they were made. */
export function rulesOf(state: SandboxState, programId: string): Json[] {
  return Object.values(state.earningRules).filter((rule) => (rule.source as Json).object_id === programId);
}

function updateRule(state: SandboxState, programRef: string, id: string, raw: unknown, now: number): Json {
  const rule = findRule(state, programRef, id);
  const body = bodyObject(raw);
  if (isGiven(body.event) && body.event !== rule.event) invalid('event', 'cannot change');
  const given = readCommon(body);
  if (isGiven(body.loyalty)) given.loyalty = readLoyalty(body.loyalty, String(rule.event));
  const next = ruleOf(
    rule,
    { ...given, updated_at: new Date(now).toISOString() },
    String((rule.source as Json).object_id),
  );
  state.earningRules[id] = next;
  return next;
}

const route = appOrBearerRoute(['loyalties']);
const RULES = '/v1/loyalties/:campaignId/earning-rules';
const ONE = `${RULES}/:earningRuleId`;
const switchTo =
  (active: boolean): Route['handle'] =>
  (req, state, rc) => {
    const rule = findRule(state, req.params.campaignId as string, req.params.earningRuleId as string);
    const next = { ...rule, active, updated_at: new Date(rc.now()).toISOString() };
    state.earningRules[rule.id as string] = next;
    return { status: 200, body: next };
  };

export const earningRuleRoutes: Route[] = [
  route('POST', RULES, (req, state, rc) => ({
    status: 200,
    body: createRules(state, req.params.campaignId as string, req.body, rc),
  })),
  route(
    'GET',
    RULES,
    (req, state) => {
      const program = findProgram(state, req.params.campaignId as string);
      const all = sortedBy(rulesOf(state, program.id), readChoice(req.query, 'order', ORDERS));
      return { status: 200, body: pageOf(all, readLimit(req.query) ?? DEFAULT_LIMIT, readPage(req.query)) };
    },
    true,
  ),
  route(
    'GET',
    ONE,
    (req, state) => ({
      status: 200,
      body: findRule(state, req.params.campaignId as string, req.params.earningRuleId as string),
    }),
    true,
  ),
  route('PUT', ONE, (req, state, rc) => ({
    status: 200,
    body: updateRule(
      state,
      req.params.campaignId as string,
      req.params.earningRuleId as string,
      req.body,
      rc.now(),
    ),
  })),
  route('DELETE', ONE, (req, state) => {
    const rule = findRule(state, req.params.campaignId as string, req.params.earningRuleId as string);
    delete state.earningRules[rule.id as string];
    return { status: 204 };
  }),
  route('POST', `${ONE}/enable`, switchTo(true)),
  route('POST', `${ONE}/disable`, switchTo(false)),
];
