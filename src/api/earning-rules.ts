// A loyalty program's earning rules: `GET /v1/loyalties/{campaignId}/earning-rules` and switching
// one on or off (`…/{earningRuleId}/enable`, `…/disable`: setting a state, so sending it again after
// a lost answer does no harm).
import {
  anything,
  type Checked,
  flag,
  maybe,
  object,
  optional,
  readAnswer,
  readListAnswer,
  record,
  text,
} from './answer.js';
import { type ApiClient, encodePath } from './client.js';

export const EARNING_RULE_ANSWER = object({
  id: text,
  event: maybe(text),
  active: maybe(flag),
  loyalty: record(anything),
  source: optional(maybe(object({ banner: optional(maybe(text)) }))),
  start_date: optional(maybe(text)),
  expiration_date: optional(maybe(text)),
});
export type EarningRule = Checked<typeof EARNING_RULE_ANSWER>;

/** Every rule of the program (pages of 100 until a short one). */
export async function listEarningRules(client: ApiClient, programId: string): Promise<EarningRule[]> {
  const rules: EarningRule[] = [];
  for (let page = 1; ; page++) {
    const response = await client.call({
      method: 'GET',
      path: encodePath`/v1/loyalties/${programId}/earning-rules`,
      query: { limit: 100, page },
      auth: 'app',
    });
    const { items } = readListAnswer(
      response,
      EARNING_RULE_ANSWER,
      'data',
      'GET /v1/loyalties/{campaignId}/earning-rules',
    );
    rules.push(...items);
    if (items.length < 100) return rules;
  }
}

export async function switchEarningRule(
  client: ApiClient,
  programId: string,
  ruleId: string,
  on: boolean,
): Promise<EarningRule> {
  const verb = on ? 'enable' : 'disable';
  const response = await client.call({
    method: 'POST',
    path: encodePath`/v1/loyalties/${programId}/earning-rules/${ruleId}/${verb}`,
    auth: 'app',
    mutates: true,
  });
  return readAnswer(
    response,
    EARNING_RULE_ANSWER,
    `POST /v1/loyalties/{campaignId}/earning-rules/{earningRuleId}/${verb}`,
  );
}
