// Get voucher by code or id, and create with the code in the path, over real HTTP; answers are
// checked against the vendor's voucher-lifecycle description.
import { describe, expect, it } from 'vitest';
import { useServedSandbox } from './helpers/sandbox-http.js';
import { vendorApi as lifecycleApi } from './helpers/vendor.js';

const NOW = Date.parse('2026-05-04T10:00:00.000Z');
const api = lifecycleApi();

const served = useServedSandbox({ now: () => NOW });
const { call } = served;

const discount = { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' };

describe('POST /v1/vouchers/{code}', () => {
  it('creates the voucher with the code of the path, which wins over the body', async () => {
    const { status, body } = await call('POST', '/v1/vouchers/PATH-1', {
      type: 'DISCOUNT_VOUCHER',
      code: 'BODY-1',
      discount,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 'PATH-1', type: 'DISCOUNT_VOUCHER', discount, object: 'voucher' });
    if (api.available) expect(api.problems(api.responseSchema('create-voucher', 200), body)).toEqual([]);
    expect(Object.keys(served.sandbox.state.vouchers)).toContain('PATH-1');
    expect(Object.keys(served.sandbox.state.vouchers)).not.toContain('BODY-1');
  });

  it('takes a gift card without code or code_config in the body and an encoded code', async () => {
    const { status, body } = await call('POST', '/v1/vouchers/GIFT%2F7', {
      type: 'GIFT_VOUCHER',
      gift: { amount: 1000 },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 'GIFT/7', gift: { amount: 1000, balance: 1000 } });
  });

  it('answers 409 duplicate_found for a code that exists, live or in the bin', async () => {
    await call('POST', '/v1/vouchers/DUP-1', { type: 'DISCOUNT_VOUCHER', discount });
    const live = await call('POST', '/v1/vouchers/DUP-1', { type: 'DISCOUNT_VOUCHER', discount });
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({
      code: 409,
      key: 'duplicate_found',
      details: 'A voucher with code DUP-1 already exists.',
      resource_id: 'DUP-1',
      resource_type: 'voucher',
    });
    expect((await call('DELETE', '/v1/vouchers/DUP-1')).status).toBe(204);
    const binned = await call('POST', '/v1/vouchers/DUP-1', { type: 'DISCOUNT_VOUCHER', discount });
    expect(binned.status).toBe(409);
  });

  it('validates the body as the create does', async () => {
    const { status, body } = await call('POST', '/v1/vouchers/BAD-1', { type: 'DISCOUNT_VOUCHER' });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      key: 'invalid_payload',
      details: 'Property discount is required for type DISCOUNT_VOUCHER',
    });
    expect(Object.keys(served.sandbox.state.vouchers)).not.toContain('BAD-1');
  });
});

describe('GET /v1/vouchers/{code}', () => {
  it('answers the stored voucher by code and by id, valid against the vendor schema', async () => {
    const created = await call('POST', '/v1/vouchers/GET-1', {
      type: 'DISCOUNT_VOUCHER',
      discount,
      category: 'Read back',
      metadata: { region: 'EU' },
    });
    const byCode = await call('GET', '/v1/vouchers/GET-1');
    expect(byCode).toEqual({ status: 200, body: created.body });
    if (api.available) expect(api.problems(api.responseSchema('get-voucher', 200), byCode.body)).toEqual([]);
    // The check has teeth: a wrong type is caught.
    const broken = { ...byCode.body, active: 'yes', redemption: { quantity: 'many' } };
    if (api.available)
      expect(api.problems('VouchersGetResponseBody', broken)).toEqual([
        '$.active: must be boolean,null {"type":["boolean","null"]}',
        '$.redemption.quantity: must be integer,null {"type":["integer","null"]}',
      ]);
    const byId = await call('GET', `/v1/vouchers/${created.body.id}`);
    expect(byId).toEqual({ status: 200, body: created.body });
  });

  it('finds by id a voucher created after an earlier lookup by id', async () => {
    const first = await call('POST', '/v1/vouchers/ID-A', { type: 'DISCOUNT_VOUCHER', discount });
    expect((await call('GET', `/v1/vouchers/${first.body.id}`)).status).toBe(200);
    const second = await call('POST', '/v1/vouchers/ID-B', { type: 'DISCOUNT_VOUCHER', discount });
    expect((await call('GET', `/v1/vouchers/${second.body.id}`)).body.code).toBe('ID-B');
  });

  it('answers 404 not_found for an unknown code, an unknown id and a voucher in the bin', async () => {
    await call('POST', '/v1/vouchers/BINNED', { type: 'DISCOUNT_VOUCHER', discount });
    await call('DELETE', '/v1/vouchers/BINNED');
    for (const name of ['NOPE', 'v_00000000000000000000000000000000', 'BINNED']) {
      const { status, body } = await call('GET', `/v1/vouchers/${name}`);
      expect(status).toBe(404);
      expect(body).toEqual({
        code: 404,
        key: 'not_found',
        message: 'Resource not found',
        details: `Cannot find voucher with id ${name}`,
        request_id: expect.stringMatching(/^v-[0-9a-f]{18}$/),
        resource_id: name,
        resource_type: 'voucher',
      });
    }
  });

  it('answers 401 without credentials', async () => {
    const res = await fetch(`${served.url}/v1/vouchers/GET-1`);
    expect(res.status).toBe(401);
  });
});
