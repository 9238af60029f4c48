// Where validation rules apply: `POST /v1/validation-rules/{id}/assignments` to a voucher or a
// campaign, the rule's assignments, every assignment (`GET /v1/validation-rules-assignments`) and
// `DELETE …/assignments/{assignmentId}`. The slice holds them all; a voucher's own are also in its
// `validation_rules_assignments`, as the service shows them, kept in step here.
import { findCampaignRef } from './campaign-store.js';
import { DEFAULT_LIMIT, readLimit } from './list-params.js';
import { notImitated } from './redeem-request.js';
import { type Route, type RouteContext, SandboxError, type SandboxState } from './types.js';
import { bodyObject, invalid, type Json } from './voucher-check.js';
import { readPage } from './voucher-list.js';
import { findVoucher, findVoucherOrNone, replaceVoucher } from './voucher-store.js';

const SCOPES = ['validation-rules'];

export function ruleNotFound(id: string): SandboxError {
  return new SandboxError(
    404,
    'not_found',
    'Resource not found',
    `Cannot find validation_rule with id ${id}`,
    {
      resource_id: id,
      resource_type: 'validation_rule',
    },
  );
}

/** A voucher's own assignments, as its object lists them. */
function assignmentList(data: Json[]): Json {
  return { object: 'list', data_ref: 'data', data, total: data.length };
}

/** Writes a voucher's assignments into its object again, from the slice. */
function syncVoucher(state: SandboxState, voucherId: string, nowMs: number): void {
  const { code, voucher } = findVoucher(state, voucherId);
  const own = Object.values(state.ruleAssignments).filter((a) => a.related_object_id === voucherId);
  replaceVoucher(state, code, { ...voucher, validation_rules_assignments: assignmentList(own) }, nowMs);
}

/** Removes the assignments `which` picks, and from their vouchers. */
export function dropAssignments(state: SandboxState, which: (a: Json) => boolean, nowMs: number): void {
  const gone = Object.values(state.ruleAssignments).filter(which);
  for (const assignment of gone) delete state.ruleAssignments[assignment.id as string];
  const vouchers = new Set(
    gone.filter((a) => a.related_object_type === 'voucher').map((a) => a.related_object_id),
  );
  // A voucher moved to the bin keeps what it had.
  for (const id of vouchers) if (findVoucherOrNone(state, String(id))) syncVoucher(state, String(id), nowMs);
}

/** A new voucher's `validation_rules` name rules that must exist; its assignments join the slice. */
export function recordVoucherAssignments(state: SandboxState, voucher: Json): void {
  const data = ((voucher.validation_rules_assignments as Json | undefined)?.data ?? []) as Json[];
  for (const assignment of data) {
    const ruleId = String(assignment.rule_id);
    if (!Object.hasOwn(state.validationRules, ruleId)) throw ruleNotFound(ruleId);
    state.ruleAssignments[assignment.id as string] = assignment;
  }
}

/** The rule ids that apply to a voucher: its own, then its campaign's. */
export function rulesFor(
  state: SandboxState,
  voucher: Json,
): Array<{ ruleId: string; on: 'voucher' | 'campaign' }> {
  const own = ((voucher.validation_rules_assignments as Json | undefined)?.data ?? []) as Json[];
  const found: Array<{ ruleId: string; on: 'voucher' | 'campaign' }> = own.map((a) => ({
    ruleId: String(a.rule_id),
    on: 'voucher',
  }));
  if (typeof voucher.campaign_id === 'string') {
    for (const a of Object.values(state.ruleAssignments)) {
      if (a.related_object_type === 'campaign' && a.related_object_id === voucher.campaign_id)
        found.push({ ruleId: String(a.rule_id), on: 'campaign' });
    }
  }
  return found;
}

function page(req: { query: URLSearchParams }, all: Json[]) {
  const limit = readLimit(req.query) ?? DEFAULT_LIMIT;
  const at = readPage(req.query);
  if (req.query.get('order') === '-created_at') all.reverse();
  const data = all.slice((at - 1) * limit, at * limit);
  return { status: 200, body: { object: 'list', data_ref: 'data', data, total: all.length } };
}

function assign(state: SandboxState, ruleId: string, raw: unknown, force: boolean, rc: RouteContext): Json {
  if (!Object.hasOwn(state.validationRules, ruleId)) throw ruleNotFound(ruleId);
  const body = bodyObject(raw);
  const type = body.related_object_type ?? 'voucher';
  if (type !== 'voucher' && type !== 'campaign') throw notImitated(`rule assignments to a ${String(type)}`);
  if (typeof body.related_object_id !== 'string' || body.related_object_id === '')
    invalid('related_object_id', 'is required');
  // Found by id, as the service does (a code or a campaign name is also taken here).
  const target =
    type === 'voucher'
      ? String(findVoucher(state, body.related_object_id).voucher.id)
      : findCampaignRef(state, body.related_object_id).campaign.id;
  const same = (a: Json) => a.rule_id === ruleId && a.related_object_id === target;
  if (Object.values(state.ruleAssignments).some(same)) {
    if (!force) {
      throw new SandboxError(
        400,
        'duplicate_found',
        'Duplicated resource found',
        `Validation rule ${ruleId} is already assigned to ${type} ${target}`,
        {
          resource_id: ruleId,
          resource_type: 'validation_rules_assignment',
        },
      );
    }
    dropAssignments(state, same, rc.now());
  }
  const assignment: Json = {
    id: rc.newId('asgm_', 16),
    rule_id: ruleId,
    related_object_id: target,
    related_object_type: type,
    created_at: new Date(rc.now()).toISOString(),
    object: 'validation_rules_assignment',
  };
  state.ruleAssignments[assignment.id as string] = assignment;
  if (type === 'voucher') syncVoucher(state, target, rc.now());
  return assignment;
}

export const ruleAssignmentRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/v1/validation-rules/:validationRuleId/assignments',
    auth: 'app-or-bearer',
    scopes: SCOPES,
    handle(req, state, rc) {
      const force = req.query.get('force') === 'true';
      return { status: 200, body: assign(state, req.params.validationRuleId as string, req.body, force, rc) };
    },
  },
  {
    method: 'GET',
    pattern: '/v1/validation-rules/:validationRuleId/assignments',
    auth: 'app-or-bearer',
    scopes: SCOPES,
    readOnly: true,
    handle: (req, state) =>
      page(
        req,
        Object.values(state.ruleAssignments).filter((a) => a.rule_id === req.params.validationRuleId),
      ),
  },
  {
    method: 'DELETE',
    pattern: '/v1/validation-rules/:validationRuleId/assignments/:assignmentId',
    auth: 'app-or-bearer',
    scopes: SCOPES,
    handle(req, state, rc) {
      const validationRuleId = req.params.validationRuleId as string;
      const assignmentId = req.params.assignmentId as string;
      const found = state.ruleAssignments[assignmentId];
      if (!Object.hasOwn(state.ruleAssignments, assignmentId) || found?.rule_id !== validationRuleId) {
        throw new SandboxError(
          404,
          'not_found',
          'Resource not found',
          `Cannot find validation_rules_assignment with id ${assignmentId}`,
          {
            resource_id: assignmentId,
            resource_type: 'validation_rules_assignment',
          },
        );
      }
      dropAssignments(state, (a) => a.id === assignmentId, rc.now());
      return { status: 204 };
    },
  },
  {
    method: 'GET',
    pattern: '/v1/validation-rules-assignments',
    auth: 'app-or-bearer',
    scopes: ['validation-rules-assignments', ...SCOPES],
    readOnly: true,
    handle(req, state) {
      const related = req.query.get('related_object_id');
      const rule = req.query.get('rule');
      return page(
        req,
        Object.values(state.ruleAssignments).filter(
          (a) =>
            (related === null || a.related_object_id === related) && (rule === null || a.rule_id === rule),
        ),
      );
    },
  },
];
