// Delete voucher over real HTTP: the bin, the forced delete, code reuse, encoded codes, the 404.
import { describe, expect, it } from 'vitest';
import { useServedSandbox } from './helpers/sandbox-http.js';

const NOW = Date.parse('2026-05-04T10:00:00.000Z');

const served = useServedSandbox({ now: () => NOW });
const post = (body: unknown) => served.call('POST', '/v1/vouchers', body);
const remove = (encodedCode: string, query = '') =>
  served.call('DELETE', `/v1/vouchers/${encodedCode}${query}`);

let serial = 0;
const uniqueCode = (stem: string) => `${stem}-${++serial}`;

describe('DELETE /v1/vouchers/:code', () => {
  it('refuses a code that is live, and one that is in the bin, with 409 duplicate_found', async () => {
    const code = uniqueCode('DUP');
    const body = { type: 'DISCOUNT_VOUCHER', code, discount: { type: 'PERCENT', percent_off: 5 } };
    expect((await post(body)).status).toBe(200);
    const live = await post(body);
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({
      code: 409,
      key: 'duplicate_found',
      resource_id: code,
      resource_type: 'voucher',
    });
    expect(live.body.details).toContain(code);
    expect((await remove(code)).status).toBe(204);
    expect((await post(body)).status).toBe(409);
  });

  it('bins without force, then removes for good with force, and only then frees the code', async () => {
    const code = uniqueCode('BIN');
    const body = { type: 'DISCOUNT_VOUCHER', code, discount: { type: 'AMOUNT', amount_off: 1 } };
    await post(body);
    expect(await remove(code)).toEqual({ status: 204, body: undefined });
    expect(served.sandbox.state.bin[code]).toBeDefined();
    expect((await remove(code)).status).toBe(404);
    expect((await post(body)).status).toBe(409);
    expect((await remove(code, '?force=true')).status).toBe(204);
    expect(served.sandbox.state.bin[code]).toBeUndefined();
    expect((await post(body)).status).toBe(200);
    expect((await remove(code, '?force=true')).status).toBe(204);
    expect(served.sandbox.state.vouchers[code]).toBeUndefined();
  });

  it('answers the service 404 error object for an unknown code', async () => {
    const { status, body } = await remove('10OFF', '?force=true');
    expect(status).toBe(404);
    expect(body).toEqual({
      code: 404,
      key: 'not_found',
      message: 'Resource not found',
      details: 'Cannot find voucher with id 10OFF',
      request_id: expect.stringMatching(/^v-/),
      resource_id: '10OFF',
      resource_type: 'voucher',
    });
  });

  it('creates and deletes a code holding / and ? through its percent-encoded path', async () => {
    const code = 'A/B?C';
    const created = await post({
      type: 'DISCOUNT_VOUCHER',
      code,
      discount: { type: 'PERCENT', percent_off: 1 },
    });
    expect(created.status).toBe(200);
    expect(created.body.publish.url).toBe('/v1/vouchers/A%2FB%3FC/publications?page=1&limit=10');
    expect((await remove(encodeURIComponent(code))).status).toBe(204);
    expect(served.sandbox.state.bin[code]).toBeDefined();
    expect((await remove(encodeURIComponent(code), '?force=true')).status).toBe(204);
    expect(served.sandbox.state.bin[code]).toBeUndefined();
  });
});
