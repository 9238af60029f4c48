// What a customer and an order can use: `POST /v1/qualifications` (scenario ALL). It changes nothing
// on the service, so it is repeated like a GET after a lost answer. Money in hundredths.
import { type Checked, flag, list, maybe, number, object, readAnswer, text } from './answer.js';
import type { ApiClient, ApiRequest } from './client.js';
import { type CustomerRef, ORDER_ANSWER, type Order, RESULT_ANSWER } from './validations.js';

/** The service's largest page of qualified redeemables. */
export const MAX_QUALIFICATIONS = 50;

export interface QualificationBody {
  scenario: 'ALL';
  customer?: CustomerRef;
  order?: Order;
  options: { limit: number; sorting_rule: 'BEST_DEAL' | 'LEAST_DEAL' | 'DEFAULT'; starting_after?: string };
}

export const QUALIFIED_ANSWER = object({
  id: text,
  object: maybe(text),
  created_at: maybe(text),
  campaign_name: maybe(text),
  campaign_id: maybe(text),
  name: maybe(text),
  order: maybe(ORDER_ANSWER),
  result: maybe(RESULT_ANSWER),
});
export type Qualified = Checked<typeof QUALIFIED_ANSWER>;

const QUALIFICATION_ANSWER = object({
  redeemables: object({
    data: list(QUALIFIED_ANSWER),
    total: maybe(number),
    has_more: maybe(flag),
    more_starting_after: maybe(text),
  }),
  order: maybe(ORDER_ANSWER),
});
export type Qualification = Checked<typeof QUALIFICATION_ANSWER>;

// A question, not a change: sent again after a lost answer like a GET.
export function qualifyRequest(body: QualificationBody): ApiRequest {
  return {
    method: 'POST',
    path: '/v1/qualifications',
    json: body,
    auth: 'app',
    idempotent: true,
    mutates: false,
  };
}

export async function qualify(client: ApiClient, body: QualificationBody): Promise<Qualification> {
  return readAnswer(await client.call(qualifyRequest(body)), QUALIFICATION_ANSWER, 'POST /v1/qualifications');
}
