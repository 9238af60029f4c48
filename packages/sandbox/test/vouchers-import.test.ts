// The voucher import over real HTTP: a job that moves through its states as the clock moves, records
// that fail alone, the 10 MB limit, and the async actions that report on jobs.
import { describe, expect, it } from 'vitest';
import { fixedClock } from './core-helpers.js';
import { type Json, useServedSandbox } from './helpers/sandbox-http.js';
import { vendorApi as lifecycleApi } from './helpers/vendor.js';

const clock = fixedClock(Date.parse('2026-05-04T10:00:00.000Z'));
const api = lifecycleApi();

const served = useServedSandbox({ now: clock.now, imports: { records_per_second: 2 } });
const { call } = served;

const discount = { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' };
const job = async (id: string) => (await call('GET', `/v1/async-actions/${id}`)).body;

async function importRecords(records: unknown[]): Promise<string> {
  const { status, body } = await call('POST', '/v1/vouchers/import', records);
  expect(status).toBe(202);
  expect(body).toEqual({ async_action_id: expect.stringMatching(/^aa_[0-9a-f]{18}$/) });
  if (api.available) expect(api.problems(api.responseSchema('import-vouchers', 202), body)).toEqual([]);
  return body.async_action_id;
}

function expectValid(action: Json) {
  if (api.available) expect(api.problems(api.responseSchema('get-async-action', 200), action)).toEqual([]);
}

describe('POST /v1/vouchers/import and the job it queues', () => {
  it('goes ENQUEUED, IN_PROGRESS with rising progress, DONE; bad and duplicate records fail alone', async () => {
    await call('POST', '/v1/vouchers/IMP-TAKEN', { type: 'DISCOUNT_VOUCHER', discount });
    const created = clock.now();
    const id = await importRecords([
      {
        code: 'IMP-1',
        type: 'DISCOUNT_VOUCHER',
        discount,
        category: 'Imported',
        active: false,
        start_date: '2026-06-01',
        redemption: { quantity: 2, redeemed_quantity: 1 },
        metadata: { batch: 7 },
        additional_info: 'first',
        campaign: 'Summer Sale',
        code_config: { length: 3 },
      },
      { code: 'IMP-2', discount: { type: 'PERCENT', percent_off: 10 } },
      { code: 'IMP-TAKEN', discount },
      {
        code: 'IMP-GIFT',
        type: 'GIFT_VOUCHER',
        gift: { amount: 2500, balance: 1, effect: 'APPLY_TO_ITEMS' },
      },
      { code: 'IMP-1', discount },
    ]);

    const enqueued = await job(id);
    expectValid(enqueued);
    expect(enqueued).toEqual({
      id,
      type: 'VOUCHERS.IMPORT',
      status: 'ENQUEUED',
      operation_status: 'UNKNOWN',
      result: null,
      created_at: '2026-05-04T10:00:00.000Z',
      updated_at: '2026-05-04T10:00:00.000Z',
      request_id: expect.stringMatching(/^v-[0-9a-f]{18}$/),
      progress: 0,
      processing_time: null,
      object: 'async_action',
    });

    clock.advance(1);
    const running = await job(id);
    expectValid(running);
    expect(running).toMatchObject({
      status: 'IN_PROGRESS',
      progress: 40,
      result: { message: '2 of 5 record(s) processed.', done_count: 1, failed_count: 1 },
      updated_at: '2026-05-04T10:00:01.000Z',
    });

    clock.advance(2);
    const done = await job(id);
    expectValid(done);
    expect(done).toMatchObject({
      status: 'DONE',
      operation_status: 'SUCCESS',
      progress: 100,
      processing_time: 2500,
    });
    expect(done.updated_at).toBe(new Date(created + 2500).toISOString());
    expect(done.result).toEqual({
      message: '2 voucher(s) imported successfully, 3 failed.',
      failed: [
        { code: 'IMP-2', reason: 'Property discount.effect is required' },
        { code: 'IMP-TAKEN', reason: 'A voucher with code IMP-TAKEN already exists.' },
        { code: 'IMP-1', reason: 'A voucher with code IMP-1 already exists.' },
      ],
      done_count: 2,
      failed_count: 3,
    });

    const first = (await call('GET', '/v1/vouchers/IMP-1')).body;
    expect(first).toMatchObject({
      code: 'IMP-1',
      campaign: null,
      category: 'Imported',
      active: false,
      start_date: '2026-06-01T00:00:00.000Z',
      metadata: { batch: 7 },
      additional_info: 'first',
      discount,
      redemption: { quantity: 2, redeemed_quantity: 0 },
      created_at: '2026-05-04T10:00:00.500Z',
    });
    const gift = (await call('GET', '/v1/vouchers/IMP-GIFT')).body;
    expect(gift).toMatchObject({
      type: 'GIFT_VOUCHER',
      gift: { amount: 2500, balance: 2500, subtracted_amount: 0, effect: 'APPLY_TO_ORDER' },
      created_at: '2026-05-04T10:00:02.000Z',
    });
  });

  it.each([
    [{ code: 'X' }, 'Property discount must be an object'],
    [{ discount }, 'Property code is required'],
    [
      { code: 'X', discount: { amount_off: 5, effect: 'APPLY_TO_ORDER' } },
      'Property discount.type is required',
    ],
    [
      { code: 'X', type: 'LOYALTY_CARD', loyalty_card: { points: 1 } },
      'Property type must be one of DISCOUNT_VOUCHER, GIFT_VOUCHER',
    ],
    [{ code: 'X', type: 'GIFT_VOUCHER', gift: {} }, 'Property gift.amount is required'],
    [
      { code: 'X', discount, expiration_date: 'never' },
      'Property expiration_date must be an ISO 8601 date-time',
    ],
    ['CODE', 'Property voucher must be an object'],
  ])('fails the record %j with the reason, code kept when there is one', async (record, reason) => {
    const id = await importRecords([record]);
    clock.advance(1);
    const code = typeof record === 'object' && 'code' in record ? record.code : null;
    expect((await job(id)).result).toMatchObject({
      failed: [{ code, reason }],
      done_count: 0,
      failed_count: 1,
    });
  });

  it('refuses a body that is not an array with 400 and queues nothing', async () => {
    const before = Object.keys(served.sandbox.state.asyncActions).length;
    const { status, body } = await call('POST', '/v1/vouchers/import', { code: 'A', discount });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      key: 'invalid_payload',
      details: 'Property body must be a JSON array of vouchers',
    });
    expect(Object.keys(served.sandbox.state.asyncActions)).toHaveLength(before);
  });

  it('finishes an empty import at once', async () => {
    const id = await importRecords([]);
    expect(await job(id)).toMatchObject({ status: 'DONE', progress: 100, processing_time: 0 });
  });

  it('queues jobs one after another: the second waits ENQUEUED while the first runs', async () => {
    const first = await importRecords([
      { code: 'Q-1', discount },
      { code: 'Q-2', discount },
    ]);
    const second = await importRecords([{ code: 'Q-3', discount }]);
    clock.advance(0.5);
    expect((await job(first)).status).toBe('IN_PROGRESS');
    expect((await job(second)).status).toBe('ENQUEUED');
    clock.advance(1);
    expect((await job(first)).status).toBe('DONE');
    expect(await job(second)).toMatchObject({ status: 'DONE', processing_time: 500 });
  });
});

describe('GET /v1/async-actions', () => {
  it('lists jobs newest first without their result, limited, and before end_date', async () => {
    const older = await importRecords([]);
    clock.advance(10);
    const newer = await importRecords([]);
    const { status, body } = await call('GET', '/v1/async-actions?limit=2');
    expect(status).toBe(200);
    if (api.available) expect(api.problems(api.responseSchema('list-async-actions', 200), body)).toEqual([]);
    expect(body).toMatchObject({ object: 'list', data_ref: 'async_actions', has_more: true });
    expect(body.async_actions.map((a: Json) => a.id)).toEqual([newer, older]);
    expect(body.async_actions[0]).not.toHaveProperty('result');
    const end = new Date(clock.now()).toISOString();
    const before = await call('GET', `/v1/async-actions?limit=1&end_date=${end}`);
    expect(before.body.async_actions.map((a: Json) => a.id)).toEqual([older]);
  });

  it('answers 404 for an unknown job and 400 for a bad end_date', async () => {
    const missing = await call('GET', '/v1/async-actions/aa_000000000000000000');
    expect(missing).toMatchObject({
      status: 404,
      body: { key: 'not_found', resource_type: 'async_action', resource_id: 'aa_000000000000000000' },
    });
    const bad = await call('GET', '/v1/async-actions?end_date=later');
    expect(bad).toMatchObject({ status: 400, body: { key: 'invalid_query_params' } });
  });
});

describe('the size of an import request', () => {
  // Last in the file: its job of 8,900 records keeps the queue busy for the rest of the clock's day.
  it('takes 10 MB in one request (more than other requests) and refuses more with 413', async () => {
    const padding = 'x'.repeat(1000);
    const record = (n: number) => ({ code: `BIG-${n}`, discount, additional_info: padding });
    const size = (records: unknown[]) => Buffer.byteLength(JSON.stringify(records));
    const records = Array.from({ length: 8900 }, (_, n) => record(n));
    expect(size(records)).toBeLessThanOrEqual(10_000_000);
    expect((await call('POST', '/v1/vouchers/import', records)).status).toBe(202);
    records.push(...Array.from({ length: 300 }, (_, n) => record(8900 + n)));
    expect(size(records)).toBeGreaterThan(10_000_000);
    const refused = await call('POST', '/v1/vouchers/import', records);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({
      code: 413,
      key: 'request_too_large',
      details: 'The body exceeds 10 MB (10,000,000 bytes)',
    });
    const plain = await call(
      'POST',
      '/v1/vouchers',
      undefined,
      JSON.stringify({ pad: 'x'.repeat(1_100_000) }),
    );
    expect(plain).toMatchObject({ status: 413, body: { details: 'The body exceeds 1 MiB' } });
  });
});
