// The API layer of validations and redemptions (src/api/validations.ts, src/api/redemptions.ts)
// against the sandbox over real HTTP: answers typed by their checks, a refusal as an ApiError with
// its key, and a redeem or rollback whose answer is lost never sent twice, then looked up.

import type { Sandbox } from 'promo-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { rollbackRedemption, rollbackStackedRedemption } from '../../src/api/redemption-rollbacks.js';
import {
  findMarkedRedemptions,
  getRedemption,
  getVoucherRedemptions,
  listRedemptions,
  REDEMPTION_MARK,
  redeem,
} from '../../src/api/redemptions.js';
import { refusalKey, validate } from '../../src/api/validations.js';
import { ApiError } from '../../src/base/errors.js';
import { OutcomeUnknownError } from '../../src/http/failures.js';
import { SecretSet } from '../../src/http/redact.js';
import { Transport } from '../../src/http/transport.js';
import { TestClock } from '../helpers/clock.js';
import { startCheckedSandbox } from '../helpers/sandbox.js';
import { callSandbox } from '../helpers/sandbox-http.js';

const clock = new TestClock();
let sandbox: Sandbox;
let client: ApiClient;
beforeAll(async () => {
  sandbox = await startCheckedSandbox({ now: clock.now });
  const transport = new Transport({
    timeoutMs: 5000,
    retries: 3,
    secrets: new SecretSet(),
    now: clock.now,
    sleep: clock.sleep,
  });
  client = new ApiClient(sandbox.url, { appId: 'sandbox', appToken: 'sandbox' }, transport);
});
afterAll(() => sandbox.close());

async function voucher(code: string, fields: Record<string, unknown>): Promise<void> {
  const created = await callSandbox(sandbox.url, 'POST', '/v1/vouchers', {
    body: { code, type: 'DISCOUNT_VOUCHER', ...fields },
  });
  expect(created.status).toBe(200);
}

const order = { amount: 20050 };
const one = (id: string) => [{ object: 'voucher' as const, id }];
const posts = (path: string) =>
  sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath === path).length;

describe('validate and redeem through the API layer', () => {
  it('types a validation, and a refusal names its key', async () => {
    await voucher('API-10', { discount: { type: 'PERCENT', percent_off: 10 }, redemption: { quantity: 1 } });
    const valid = await validate(client, { redeemables: one('API-10'), order });
    expect([valid.valid, valid.order?.discount_amount, valid.order?.total_amount]).toEqual([
      true,
      2005,
      18045,
    ]);
    const missing = await validate(client, { redeemables: one('API-NONE'), order });
    expect(missing.valid).toBe(false);
    expect(refusalKey(missing.redeemables[0]!)).toBe('resource_not_found');
  });

  it('a redemption refused for a rule is an ApiError with the key and every code beside it', async () => {
    await voucher('API-OFF', { discount: { type: 'AMOUNT', amount_off: 5 }, active: false });
    const error = await redeem(client, { redeemables: one('API-OFF'), order }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const { status, body } = error as ApiError;
    expect([status, body.key]).toEqual([400, 'voucher_disabled']);
    expect((body.inapplicable_redeemables as Array<{ id: string }>).map((r) => r.id)).toEqual(['API-OFF']);
    const failed = await listRedemptions(client, { result: 'FAILURE' });
    expect(failed.items.map((r) => [r.failure_code, r.voucher?.code])).toContainEqual([
      'voucher_disabled',
      'API-OFF',
    ]);
  });

  it('a redeem whose answer is lost is sent once, and the mark finds the one use it made', async () => {
    await voucher('API-LOST', { discount: { type: 'AMOUNT', amount_off: 5 } });
    const since = new Date(clock.now()).toISOString();
    clock.advance(1000);
    sandbox.faults.push({
      match: { method: 'POST', path: '/v1/redemptions' },
      action: { replyAfterHandling: 502 },
    });
    const before = posts('/v1/redemptions');
    const body = { redeemables: one('API-LOST'), order, metadata: { [REDEMPTION_MARK]: 'req-lost-1' } };
    await expect(redeem(client, body)).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(posts('/v1/redemptions') - before).toBe(1);
    const found = await findMarkedRedemptions(client, 'req-lost-1', since);
    expect(found.map((r) => r.result)).toEqual(['SUCCESS']);
    expect(await findMarkedRedemptions(client, 'req-other', since)).toEqual([]);
    expect((await getVoucherRedemptions(client, 'API-LOST')).redeemed_quantity).toBe(1);
  });
});

describe('roll back through the API layer', () => {
  it('a rollback whose answer is lost is read back as ROLLED_BACK, and a repeat says already_rolled_back', async () => {
    await voucher('API-RB', { discount: { type: 'AMOUNT', amount_off: 5 }, redemption: { quantity: 1 } });
    const done = await redeem(client, { redeemables: one('API-RB'), order });
    const id = done.redemptions[0]!.id;
    sandbox.faults.push({
      match: { method: 'POST', path: `/v1/redemptions/${id}` },
      action: { reset: 'after-handling' },
    });
    await expect(rollbackRedemption(client, id, { reason: 'refund' })).rejects.toBeInstanceOf(
      OutcomeUnknownError,
    );
    expect((await getRedemption(client, id)).status).toBe('ROLLED_BACK');
    const repeat = await rollbackRedemption(client, id).catch((e: unknown) => e);
    expect((repeat as ApiError).body.key).toBe('already_rolled_back');
    expect((await getVoucherRedemptions(client, 'API-RB')).redeemed_quantity).toBe(0);
  });

  it('a stacked redemption rolls back through its parent', async () => {
    await voucher('API-S1', { discount: { type: 'AMOUNT', amount_off: 5 } });
    await voucher('API-S2', { discount: { type: 'AMOUNT', amount_off: 7 } });
    const both = await redeem(client, { redeemables: [...one('API-S1'), ...one('API-S2')], order });
    expect(both.order?.total_discount_amount).toBe(12);
    const parent = both.parent_redemption?.id as string;
    const rolled = await rollbackStackedRedemption(client, parent, { reason: 'order cancelled' });
    expect(rolled.rollbacks.map((r) => r.reason)).toEqual(['order cancelled', 'order cancelled']);
    expect((await getRedemption(client, parent)).status).toBe('ROLLED_BACK');
  });
});
