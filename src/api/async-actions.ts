// Async actions: the service's background jobs (a voucher import is one). `GET /v1/async-actions/{id}`
// gives status, progress and result; `GET /v1/async-actions` lists the recent ones.
import { ExitCode, PromoError } from '../errors.js';
import { both, list, nullable, number, object, optional, readAnswer, text } from './answer.js';
import { type ApiClient, type ApiRequest, encodePath } from './client.js';

export const JOB_STATUSES = ['ENQUEUED', 'IN_PROGRESS', 'DONE', 'FAILED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** One record the job could not process. */
export interface JobFailure {
  code?: string;
  reason?: string;
  [field: string]: unknown;
}

export interface AsyncActionResult {
  message?: string;
  /** The vendor's schema says an object; answers carry a list of them. Both are read. */
  failed?: JobFailure[] | JobFailure | null;
  done_count?: number;
  failed_count?: number;
  [field: string]: unknown;
}

export interface AsyncAction {
  id: string;
  type: string;
  status: JobStatus;
  operation_status?: 'FAILED' | 'SUCCESS' | 'UNKNOWN';
  /** 0..100 */
  progress?: number;
  result?: AsyncActionResult | null;
  created_at: string;
  updated_at?: string;
  request_id?: string;
  processing_time?: number | null;
  object: 'async_action';
  [field: string]: unknown;
}

export interface AsyncActionList {
  object: 'list';
  data_ref: string;
  async_actions: AsyncAction[];
  has_more?: boolean;
  [key: string]: unknown;
}

export function isFinished(action: AsyncAction): boolean {
  return action.status === 'DONE' || action.status === 'FAILED';
}

/** The failed records of a result, whichever shape it came in. */
export function failuresOf(action: AsyncAction): JobFailure[] {
  const failed = action.result?.failed;
  if (!failed) return [];
  return Array.isArray(failed) ? failed : [failed];
}

/** What promo reads of a job while it polls and when it reports. */
const ASYNC_ACTION = object({
  id: text,
  status: text,
  progress: optional(nullable(number)),
  result: optional(nullable(object({}))),
});

export function getAsyncActionRequest(id: string): ApiRequest {
  return { method: 'GET', path: encodePath`/v1/async-actions/${id}`, auth: 'app' };
}

export async function getAsyncAction(client: ApiClient, id: string): Promise<AsyncAction> {
  return readAnswer<AsyncAction>(
    await client.call<unknown>(getAsyncActionRequest(id)),
    ASYNC_ACTION,
    'GET /v1/async-actions/{id}',
  );
}

export interface ListAsyncActionsQuery {
  limit?: number;
  /** Only actions scheduled before this instant (ISO 8601). */
  endDate?: string;
}

export function listAsyncActionsRequest(query: ListAsyncActionsQuery): ApiRequest {
  return {
    method: 'GET',
    path: '/v1/async-actions',
    query: { limit: query.limit, end_date: query.endDate },
    auth: 'app',
  };
}

export function asyncActionsOf(list: AsyncActionList): AsyncAction[] {
  const items = list[list.data_ref] ?? list.async_actions;
  if (!Array.isArray(items)) {
    throw new PromoError(
      `unexpected answer from the service: no array under '${String(list.data_ref)}' in the job list`,
      ExitCode.failure,
    );
  }
  return items as AsyncAction[];
}

export async function listAsyncActions(
  client: ApiClient,
  query: ListAsyncActionsQuery,
): Promise<AsyncActionList> {
  return readAnswer<AsyncActionList>(
    await client.call<unknown>(listAsyncActionsRequest(query)),
    both(object({ data_ref: optional(text) }), (value) => {
      const page = value as AsyncActionList;
      return list(ASYNC_ACTION)(
        page[page.data_ref] ?? page.async_actions,
        'the array that body.data_ref names',
      );
    }),
    'GET /v1/async-actions',
  );
}
