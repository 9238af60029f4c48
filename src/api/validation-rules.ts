// Validation rules: `POST|GET /v1/validation-rules`, get, update (PUT) and delete by id, and their
// assignments to vouchers and campaigns (`…/{id}/assignments`, `GET /v1/validation-rules-assignments`).
// A create is not repeated after a lost answer (each makes a new rule); an assignment is: the service
// refuses a second one of the same rule to the same object, and promo looks the first up.
import {
  anything,
  type Checked,
  type ListAnswer,
  maybe,
  number,
  object,
  optional,
  readAnswer,
  readListAnswer,
  record,
  text,
} from './answer.js';
import { type ApiClient, type ApiRequest, encodePath } from './client.js';

/** What a create or update sends: the service's fields (rules as its whole object). */
export interface RuleBody {
  name?: string;
  rules?: Record<string, unknown>;
  error?: { message?: string };
  applicable_to?: Record<string, unknown>;
  type?: string;
  [field: string]: unknown;
}

export const RULE_ANSWER = object({
  id: text,
  name: maybe(text),
  rules: maybe(record(anything)),
  error: optional(maybe(object({ message: optional(maybe(text)) }))),
  applicable_to: optional(maybe(record(anything))),
  created_at: optional(maybe(text)),
  assignments_count: optional(maybe(number)),
});
export type Rule = Checked<typeof RULE_ANSWER>;

export const ASSIGNMENT_ANSWER = object({
  id: text,
  rule_id: text,
  related_object_id: text,
  related_object_type: text,
  created_at: optional(maybe(text)),
});
export type Assignment = Checked<typeof ASSIGNMENT_ANSWER>;

/** The top-level fields of a rule (for --fields). */
export const RULE_FIELDS = [
  'id',
  'name',
  'rules',
  'error',
  'applicable_to',
  'type',
  'context_type',
  'created_at',
  'updated_at',
  'assignments_count',
  'object',
] as const;

const LIST_PAGE = object({ total: optional(maybe(number)) });

export function createRuleRequest(body: RuleBody): ApiRequest {
  return {
    method: 'POST',
    path: '/v1/validation-rules',
    json: body,
    auth: 'app',
    idempotent: false,
    mutates: true,
  };
}

export async function createRule(client: ApiClient, body: RuleBody): Promise<Rule> {
  return readAnswer(await client.call(createRuleRequest(body)), RULE_ANSWER, 'POST /v1/validation-rules');
}

export async function getRule(client: ApiClient, id: string): Promise<Rule> {
  return readAnswer(
    await client.call({ method: 'GET', path: encodePath`/v1/validation-rules/${id}`, auth: 'app' }),
    RULE_ANSWER,
    'GET /v1/validation-rules/{validationRuleId}',
  );
}

/** PUT sets the given fields: sending it twice does no harm. */
export function updateRuleRequest(id: string, body: RuleBody): ApiRequest {
  return { method: 'PUT', path: encodePath`/v1/validation-rules/${id}`, json: body, auth: 'app' };
}

export async function updateRule(client: ApiClient, id: string, body: RuleBody): Promise<Rule> {
  return readAnswer(
    await client.call(updateRuleRequest(id, body)),
    RULE_ANSWER,
    'PUT /v1/validation-rules/{validationRuleId}',
  );
}

/** Sent again after a lost answer; the 404 of that retry then means the first one deleted it. */
export async function deleteRule(client: ApiClient, id: string): Promise<void> {
  await client.call({
    method: 'DELETE',
    path: encodePath`/v1/validation-rules/${id}`,
    auth: 'app',
    mutates: true,
  });
}

export async function listRules(
  client: ApiClient,
  query: { limit?: number; page?: number },
): Promise<ListAnswer<Rule, Checked<typeof LIST_PAGE>>> {
  return readListAnswer(
    await client.call({ method: 'GET', path: '/v1/validation-rules', query, auth: 'app' }),
    RULE_ANSWER,
    'data',
    'GET /v1/validation-rules',
    LIST_PAGE,
  );
}

export function assignRequest(ruleId: string, type: 'voucher' | 'campaign', id: string): ApiRequest {
  return {
    method: 'POST',
    path: encodePath`/v1/validation-rules/${ruleId}/assignments`,
    json: { related_object_type: type, related_object_id: id },
    auth: 'app',
    idempotent: false,
    mutates: true,
  };
}

export async function assignRule(
  client: ApiClient,
  ruleId: string,
  type: 'voucher' | 'campaign',
  id: string,
): Promise<Assignment> {
  return readAnswer(
    await client.call(assignRequest(ruleId, type, id)),
    ASSIGNMENT_ANSWER,
    'POST /v1/validation-rules/{validationRuleId}/assignments',
  );
}

/** One page of assignments: of a rule, or of everything narrowed by the object they are on. */
export async function listAssignments(
  client: ApiClient,
  query: { rule?: string; related_object_id?: string; page?: number; limit?: number },
): Promise<ListAnswer<Assignment, Checked<typeof LIST_PAGE>>> {
  const { rule, ...rest } = query;
  const request: ApiRequest =
    rule !== undefined && query.related_object_id === undefined
      ? {
          method: 'GET',
          path: encodePath`/v1/validation-rules/${rule}/assignments`,
          query: rest,
          auth: 'app',
        }
      : { method: 'GET', path: '/v1/validation-rules-assignments', query, auth: 'app' };
  return readListAnswer(
    await client.call(request),
    ASSIGNMENT_ANSWER,
    'data',
    request.path.startsWith('/v1/validation-rules-assignments')
      ? 'GET /v1/validation-rules-assignments'
      : 'GET /v1/validation-rules/{validationRuleId}/assignments',
    LIST_PAGE,
  );
}

/** Removing one twice does no harm: the retry's 404 means the first removed it. */
export async function unassignRule(client: ApiClient, ruleId: string, assignmentId: string): Promise<void> {
  await client.call({
    method: 'DELETE',
    path: encodePath`/v1/validation-rules/${ruleId}/assignments/${assignmentId}`,
    auth: 'app',
    mutates: true,
  });
}
