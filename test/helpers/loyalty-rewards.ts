// Set-up of loyalty programs for the rewards, tiers and earning-rules tests, over real HTTP to the
// fixture's sandbox: a program, members (a card published to a customer, with points), a product
// reward offered at a points price, tiers, earning rules.
import { expect } from 'vitest';
import { APP_ID, APP_TOKEN, type Fixture } from './sandbox.js';
import { callSandbox, type Json } from './sandbox-http.js';

const HEADERS = { 'Content-Type': 'application/json', 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN };

/** A request the set-up needs to succeed: its answer's body. */
export async function call(fx: Fixture, method: string, path: string, body?: unknown): Promise<Json> {
  const answer = await callSandbox(fx.sandbox.url, method, path, { body, headers: HEADERS });
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

/** A loyalty program: its id. */
export async function program(fx: Fixture, name: string): Promise<string> {
  const made = await call(fx, 'POST', '/v1/campaigns', {
    name,
    campaign_type: 'LOYALTY_PROGRAM',
    type: 'STATIC',
    voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } },
  });
  return made.id;
}

/** A member: the card `code` of the program, held by the customer `customer`, with `points`. */
export async function member(fx: Fixture, programId: string, code: string, customer: string, points = 0) {
  await call(fx, 'POST', `/v1/campaigns/${programId}/vouchers/${code}`, {});
  await call(fx, 'POST', '/v1/publications', { voucher: code, customer: { source_id: customer } });
  if (points > 0) await call(fx, 'POST', `/v1/vouchers/${code}/balance`, { amount: points });
}

/** A product reward offered by the program at `points`: the reward's id. */
export async function productReward(fx: Fixture, programId: string, name: string, points: number) {
  const product = await call(fx, 'POST', '/v1/products', { name });
  const reward = await call(fx, 'POST', '/v1/rewards', { name, parameters: { product: { id: product.id } } });
  await call(fx, 'POST', `/v1/loyalties/${programId}/rewards`, [
    { reward: reward.id, parameters: { loyalty: { points } } },
  ]);
  return reward.id as string;
}

/** The card's balance as the sandbox holds it. */
export function balanceOf(fx: Fixture, code: string): number {
  return Number((fx.sandbox.state.vouchers[code] as Json).loyalty_card.balance);
}

/** The requests the sandbox saw, as `METHOD path` (query left out). */
export function seen(fx: Fixture): string[] {
  return fx.sandbox.requests.map((r) => `${r.method} ${r.rawPath}`);
}

/**
 * What the help examples and the README recipes name in a program: rewards, an earning rule, tiers,
 * and points enough on the member `card` for the cheaper reward, whatever examples before took.
 */
export async function furnishProgram(fx: Fixture, name: string, card: string): Promise<void> {
  await call(fx, 'POST', `/v1/vouchers/${card}/balance`, { amount: 1000 });
  const programId = (await call(fx, 'GET', `/v1/campaigns/${encodeURIComponent(name)}`)).id as string;
  await productReward(fx, programId, 'Mug', 300);
  await productReward(fx, programId, 'Weekend for two', 50_000);
  await call(fx, 'POST', `/v1/loyalties/${programId}/earning-rules`, [
    { event: 'order.paid', loyalty: { type: 'FIXED', points: 10 }, source: { banner: 'Every order' } },
  ]);
  await call(fx, 'POST', `/v1/loyalties/${programId}/tiers`, [
    { name: 'Silver', points: { from: 0, to: 1999 } },
    { name: 'Gold', points: { from: 2000 } },
  ]);
}
