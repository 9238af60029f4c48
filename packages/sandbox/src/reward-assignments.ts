// A loyalty program's rewards: `POST|GET /v1/loyalties/{campaignId}/rewards` and one assignment by
// id (get, PUT, DELETE). An assignment offers a catalogue reward (rewards.ts) in one program at a
// points price (`parameters.loyalty.points`); a pay-with-points (COIN) reward has no price, the
// member says how many points to spend. One reward is offered once per program.
import { DEFAULT_LIMIT, readLimit } from './list-params.js';
import { findProgram, findRecord, pageOf } from './loyalty-refs.js';
import { findReward } from './rewards.js';
import { appOrBearerRoute, type Route, type RouteContext, SandboxError, type SandboxState } from './types.js';
import {
  bodyObject,
  invalid,
  isRecord,
  type Json,
  optionalRecord,
  requireNumber,
  requireRecord,
  requireString,
} from './voucher-check.js';
import { readPage } from './voucher-list.js';

/** The program's assignments, in the order they were made. */
export function assignmentsOf(state: SandboxState, programId: string): Json[] {
  return Object.values(state.rewardAssignments).filter((a) => a.related_object_id === programId);
}

/** The points price an assignment asks, or null (a COIN reward: the member names the points). */
export function priceOf(assignment: Json): number | null {
  const loyalty = ((assignment.parameters as Json | undefined)?.loyalty ?? null) as Json | null;
  return typeof loyalty?.points === 'number' ? loyalty.points : null;
}

/** `parameters.loyalty.points` for a reward of `type`: required but for COIN, which has none. */
function readPrice(item: Json, path: string, type: unknown): Json | undefined {
  const parameters = optionalRecord(item, 'parameters', path);
  if (type === 'COIN') {
    if (parameters !== null) invalid(`${path}.parameters`, 'is not taken by a pay-with-points (COIN) reward');
    return undefined;
  }
  const loyalty = requireRecord(parameters?.loyalty, `${path}.parameters.loyalty`);
  const points = requireNumber(loyalty, 'points', `${path}.parameters.loyalty`, { integer: true, min: 1 });
  return { loyalty: { points } };
}

function createAssignments(state: SandboxState, programRef: string, raw: unknown, rc: RouteContext): Json[] {
  const program = findProgram(state, programRef);
  const items = Array.isArray(raw) ? raw : [raw];
  if (items.length === 0) invalid('body', 'must hold at least one reward');
  const now = new Date(rc.now()).toISOString();
  const taken = new Set(assignmentsOf(state, program.id).map((a) => a.reward_id));
  return items.map((value, index) => {
    const path = Array.isArray(raw) ? `[${index}]` : 'body';
    if (!isRecord(value)) invalid(path, 'must be an object');
    const reward = findReward(state, requireString(value, 'reward', path));
    if (taken.has(reward.id)) {
      throw new SandboxError(
        400,
        'duplicate_found',
        'Duplicate found',
        `Reward ${String(reward.id)} is already assigned to campaign ${program.id}`,
      );
    }
    taken.add(reward.id);
    const parameters = readPrice(value, path, reward.type);
    const assignment: Json = {
      id: rc.newId('rewa_', 24),
      reward_id: reward.id,
      related_object_id: program.id,
      related_object_type: 'campaign',
      ...(parameters ? { parameters } : {}),
      created_at: now,
      updated_at: null,
      object: 'reward_assignment',
    };
    state.rewardAssignments[assignment.id as string] = assignment;
    return assignment;
  });
}

/** The assignment a path names, in the program it names. */
function findAssignment(state: SandboxState, programRef: string, id: string): Json {
  const program = findProgram(state, programRef);
  const assignment = findRecord(state.rewardAssignments, id, 'reward_assignment');
  if (assignment.related_object_id !== program.id) return findRecord({}, id, 'reward_assignment');
  return assignment;
}

const route = appOrBearerRoute(['loyalties']);
const PROGRAM = '/v1/loyalties/:campaignId/rewards';

export const rewardAssignmentRoutes: Route[] = [
  route('POST', PROGRAM, (req, state, rc) => ({
    status: 200,
    body: createAssignments(state, req.params.campaignId as string, req.body, rc),
  })),
  route(
    'GET',
    PROGRAM,
    (req, state) => {
      const program = findProgram(state, req.params.campaignId as string);
      const wanted = req.query.get('assignment_id');
      const all = assignmentsOf(state, program.id).filter((a) => wanted === null || a.id === wanted);
      return { status: 200, body: pageOf(all, readLimit(req.query) ?? DEFAULT_LIMIT, readPage(req.query)) };
    },
    true,
  ),
  route(
    'GET',
    `${PROGRAM}/:assignmentId`,
    (req, state) => ({
      status: 200,
      body: findAssignment(state, req.params.campaignId as string, req.params.assignmentId as string),
    }),
    true,
  ),
  route('PUT', `${PROGRAM}/:assignmentId`, (req, state, rc) => {
    const assignment = findAssignment(
      state,
      req.params.campaignId as string,
      req.params.assignmentId as string,
    );
    const reward = findReward(state, assignment.reward_id as string);
    const parameters = readPrice(bodyObject(req.body), 'body', reward.type);
    const next = {
      ...assignment,
      ...(parameters ? { parameters } : {}),
      updated_at: new Date(rc.now()).toISOString(),
    };
    state.rewardAssignments[assignment.id as string] = next;
    return { status: 200, body: next };
  }),
  route('DELETE', `${PROGRAM}/:assignmentId`, (req, state) => {
    const assignment = findAssignment(
      state,
      req.params.campaignId as string,
      req.params.assignmentId as string,
    );
    delete state.rewardAssignments[assignment.id as string];
    return { status: 204 };
  }),
];
