// Validation rules: `POST|GET /v1/validation-rules`, get, update (PUT) and delete by id. A rule set
// holding what the sandbox cannot judge is refused whole at create and update (400 not_imitated,
// naming it), so that no assigned rule is ever half applied. Assignments: rule-assignments.ts;
// judging: rules-evaluate.ts.
import { ruleProblem } from './facts/validation-rules-check.js';
import { DEFAULT_LIMIT, readLimit } from './list-params.js';
import { notImitated } from './redeem-request.js';
import { dropAssignments, ruleNotFound } from './rule-assignments.js';
import type { Route, RouteContext, SandboxState } from './types.js';
import { bodyObject, invalid, isRecord, type Json } from './voucher-check.js';
import { readPage } from './voucher-list.js';

const SCOPES = ['validation-rules'];
const TYPES = ['expression', 'basic', 'advanced', 'complex'];

export function findRule(state: SandboxState, id: string): Json {
  const rule = Object.hasOwn(state.validationRules, id) ? state.validationRules[id] : undefined;
  if (!rule) throw ruleNotFound(id);
  return rule;
}

/** The service fills in each applicable_to entry's effect: every unit of it (APPLY_TO_EVERY). */
function withEffects(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const filled = (list: unknown) =>
    Array.isArray(list) ? list.map((e) => (isRecord(e) ? { effect: 'APPLY_TO_EVERY', ...e } : e)) : list;
  return {
    excluded: [],
    included: [],
    included_all: false,
    ...value,
    ...(value.included === undefined ? {} : { included: filled(value.included) }),
    ...(value.excluded === undefined ? {} : { excluded: filled(value.excluded) }),
  };
}

/** The parts of a body a rule keeps, checked; `creating` needs a name. */
function readRuleBody(raw: unknown, creating: boolean): Json {
  const body = bodyObject(raw);
  const picked: Json = {};
  if (creating || body.name !== undefined) {
    if (typeof body.name !== 'string' || body.name.trim() === '')
      invalid('name', 'must be a non-empty string');
    picked.name = body.name;
  }
  if (body.rules !== undefined) {
    if (!isRecord(body.rules)) invalid('rules', 'must be an object');
    picked.rules = body.rules;
  }
  if (body.error !== undefined) {
    if (
      body.error !== null &&
      (!isRecord(body.error) || !['string', 'undefined'].includes(typeof body.error.message))
    )
      invalid('error.message', 'must be a string');
    picked.error = body.error;
  }
  if (body.applicable_to !== undefined) picked.applicable_to = withEffects(body.applicable_to);
  if (body.type !== undefined) {
    if (!TYPES.includes(String(body.type))) invalid('type', `must be one of ${TYPES.join(', ')}`);
    picked.type = body.type;
  }
  if (body.bundle_rules !== undefined) picked.bundle_rules = body.bundle_rules;
  if (body.context_type !== undefined && body.context_type !== 'global')
    throw notImitated(`validation rules of the context ${String(body.context_type)}`);
  return picked;
}

function checked(rule: Json): Json {
  const problem = ruleProblem(rule);
  if (problem?.kind === 'invalid') invalid(problem.path, problem.rule);
  if (problem) throw notImitated(problem.what);
  return rule;
}

/** The rule as the service answers: with how many times it is assigned. */
export function ruleAnswer(state: SandboxState, rule: Json): Json {
  const count = Object.values(state.ruleAssignments).filter((a) => a.rule_id === rule.id).length;
  return { ...rule, assignments_count: count, object: 'validation_rules' };
}

export const validationRuleRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/v1/validation-rules',
    auth: 'app-or-bearer',
    scopes: SCOPES,
    handle(req, state, rc: RouteContext) {
      const given = readRuleBody(req.body, true);
      const rule = checked({
        id: rc.newId('val_', 12),
        name: given.name,
        rules: given.rules ?? {},
        ...(given.bundle_rules === undefined ? {} : { bundle_rules: given.bundle_rules }),
        error: given.error ?? null,
        applicable_to: given.applicable_to ?? { excluded: [], included: [], included_all: false },
        created_at: new Date(rc.now()).toISOString(),
        updated_at: null,
        type: given.type ?? 'expression',
        context_type: 'global',
      });
      state.validationRules[rule.id as string] = rule;
      return { status: 200, body: ruleAnswer(state, rule) };
    },
  },
  {
    method: 'GET',
    pattern: '/v1/validation-rules',
    auth: 'app-or-bearer',
    scopes: SCOPES,
    readOnly: true,
    handle(req, state) {
      const limit = readLimit(req.query) ?? DEFAULT_LIMIT;
      const page = readPage(req.query);
      const descending = req.query.get('order') === '-created_at';
      const all = Object.values(state.validationRules);
      if (descending) all.reverse();
      const data = all.slice((page - 1) * limit, page * limit).map((rule) => ruleAnswer(state, rule));
      return { status: 200, body: { object: 'list', data_ref: 'data', data, total: all.length } };
    },
  },
  {
    method: 'GET',
    pattern: '/v1/validation-rules/:validationRuleId',
    auth: 'app-or-bearer',
    scopes: SCOPES,
    readOnly: true,
    handle: (req, state) => ({
      status: 200,
      body: ruleAnswer(state, findRule(state, req.params.validationRuleId as string)),
    }),
  },
  {
    method: 'PUT',
    pattern: '/v1/validation-rules/:validationRuleId',
    auth: 'app-or-bearer',
    scopes: SCOPES,
    handle(req, state, rc) {
      const rule = findRule(state, req.params.validationRuleId as string);
      const next = checked({
        ...rule,
        ...readRuleBody(req.body, false),
        updated_at: new Date(rc.now()).toISOString(),
      });
      state.validationRules[rule.id as string] = next;
      return { status: 200, body: ruleAnswer(state, next) };
    },
  },
  {
    method: 'DELETE',
    pattern: '/v1/validation-rules/:validationRuleId',
    auth: 'app-or-bearer',
    scopes: SCOPES,
    handle(req, state, rc) {
      const rule = findRule(state, req.params.validationRuleId as string);
      // Its assignments go with it: a voucher no longer shows a rule that is gone.
      dropAssignments(state, (a) => a.rule_id === rule.id, rc.now());
      delete state.validationRules[rule.id as string];
      return { status: 204 };
    },
  },
];
