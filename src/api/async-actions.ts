// Async actions: the service's background jobs (a voucher import is one). `GET /v1/async-actions/{id}`
// gives status, progress and result; `GET /v1/async-actions` lists the recent ones.
import {
  type Checked,
  either,
  type ListAnswer,
  list,
  maybe,
  number,
  object,
  readAnswer,
  readListAnswer,
  text,
} from './answer.js';
import { type ApiClient, type ApiRequest, encodePath } from './client.js';

/** One record the job could not process: a voucher by its code, a CSV row by its number and source id. */
const JOB_FAILURE = object({
  code: maybe(text),
  row: maybe(number),
  source_id: maybe(text),
  reason: maybe(text),
});
export type JobFailure = Checked<typeof JOB_FAILURE>;

/**
 * A job as promo reads it while it polls and when it reports; other fields pass through. The
 * vendor's schema says `result.failed` is an object; answers carry a list of them: both are read.
 */
const ASYNC_ACTION = object({
  id: text,
  type: maybe(text),
  status: text,
  /** 0..100 */
  progress: maybe(number),
  result: maybe(
    object({
      message: maybe(text),
      failed: maybe(either(list(JOB_FAILURE), JOB_FAILURE)),
      done_count: maybe(number),
      failed_count: maybe(number),
    }),
  ),
  created_at: maybe(text),
  updated_at: maybe(text),
  /** The id of the request that started the job: how a campaign's generation job is found. */
  request_id: maybe(text),
  processing_time: maybe(number),
});
export type AsyncAction = Checked<typeof ASYNC_ACTION>;

/** The top-level fields of an async action (for --fields). */
export const JOB_FIELDS = [
  'id',
  'type',
  'status',
  'operation_status',
  'progress',
  'result',
  'created_at',
  'updated_at',
  'request_id',
  'processing_time',
  'object',
] as const;

export function isFinished(action: AsyncAction): boolean {
  return action.status === 'DONE' || action.status === 'FAILED';
}

/** The failed records of a result, whichever shape it came in. */
export function failuresOf(action: AsyncAction): JobFailure[] {
  const failed = action.result?.failed;
  if (!failed) return [];
  return Array.isArray(failed) ? failed : [failed];
}

export function getAsyncActionRequest(id: string): ApiRequest {
  return { method: 'GET', path: encodePath`/v1/async-actions/${id}`, auth: 'app' };
}

export async function getAsyncAction(client: ApiClient, id: string): Promise<AsyncAction> {
  return readAnswer(await client.call(getAsyncActionRequest(id)), ASYNC_ACTION, 'GET /v1/async-actions/{id}');
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

/** A page of jobs: the list object (for --raw) and its jobs, under the key `data_ref` names. */
export type AsyncActionList = ListAnswer<AsyncAction>;

export async function listAsyncActions(
  client: ApiClient,
  query: ListAsyncActionsQuery,
): Promise<AsyncActionList> {
  return readListAnswer(
    await client.call(listAsyncActionsRequest(query)),
    ASYNC_ACTION,
    'async_actions',
    'GET /v1/async-actions',
  );
}
