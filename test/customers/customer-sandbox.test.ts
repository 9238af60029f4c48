// The sandbox's customer routes over HTTP, as another client (the vendor's SDK, a script) calls
// them: the upsert by source_id, the list's filters, order, pages and cursor, the refusals, and a
// customer a redemption created on the fly listed with the others.
import { describe, expect, it } from 'vitest';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox, JSON_HEADERS, type Json } from '../helpers/sandbox-http.js';

const fx = useSandbox();
const call = (method: string, path: string, body?: unknown) =>
  callSandbox(fx.sandbox.url, method, path, {
    body,
    headers: { ...JSON_HEADERS, 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN },
  });
const sourceIds = (body: Json) => (body.customers as Json[]).map((c) => c.source_id);

describe('sandbox customers', () => {
  it('creates one customer per source id, and one each time without a source id', async () => {
    const a = await call('POST', '/v1/customers', {
      source_id: 'sb-1',
      email: 'one@x.co',
      metadata: { a: 1 },
    });
    const b = await call('POST', '/v1/customers', { source_id: 'sb-1', metadata: { b: 2 } });
    expect(b.body).toMatchObject({ id: a.body.id, email: 'one@x.co', metadata: { b: 2 } });
    expect(b.body.updated_at).not.toBeNull();
    const n1 = await call('POST', '/v1/customers', { name: 'anon' });
    const n2 = await call('POST', '/v1/customers', { name: 'anon' });
    expect(n1.body.id).not.toBe(n2.body.id);
    expect((await call('GET', '/v1/customers?name=anon')).body.total).toBe(2);
  });

  it('filters, orders and pages the list; starting_after reads past a date', async () => {
    for (const id of ['sb-c', 'sb-a', 'sb-b']) {
      await call('POST', '/v1/customers', { source_id: id, name: 'Paged', address: { city: 'Lund' } });
      await new Promise((r) => setTimeout(r, 3));
    }
    const ordered = await call('GET', '/v1/customers?name=Paged&order=source_id&limit=2');
    expect(sourceIds(ordered.body)).toEqual(['sb-a', 'sb-b']);
    expect(ordered.body).toMatchObject({ object: 'list', data_ref: 'customers', total: 3, has_more: true });
    expect(
      sourceIds((await call('GET', '/v1/customers?name=Paged&order=source_id&limit=2&page=2')).body),
    ).toEqual(['sb-c']);
    const newest = await call('GET', '/v1/customers?city=Lund');
    expect(sourceIds(newest.body)).toEqual(['sb-b', 'sb-a', 'sb-c']);
    const first = newest.body.customers[2].created_at;
    const after = await call('GET', `/v1/customers?city=Lund&order=created_at&starting_after=${first}`);
    expect(sourceIds(after.body)).toEqual(['sb-a', 'sb-b']);
    expect((await call('GET', '/v1/customers?city=Lund&segment_id=seg_1')).body.customers).toEqual([]);
  });

  it('refuses a bad body or query with 400, and an unknown customer with 404', async () => {
    expect((await call('POST', '/v1/customers', { email: 42 })).status).toBe(400);
    expect((await call('POST', '/v1/customers', { birthdate: '1st May' })).status).toBe(400);
    expect((await call('GET', '/v1/customers?order=name')).status).toBe(400);
    expect((await call('GET', '/v1/customers?created_at[after]=soon')).status).toBe(400);
    for (const [method, path] of [
      ['GET', '/v1/customers/sb-none'],
      ['PUT', '/v1/customers/sb-none'],
      ['DELETE', '/v1/customers/sb-none'],
      ['POST', '/v1/customers/sb-none/permanent-deletion'],
    ] as const) {
      const answer = await call(method, path, method === 'PUT' ? { name: 'x' } : undefined);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toMatchObject({ key: 'not_found', resource_type: 'customer' });
    }
  });

  it('lists and deletes for good a customer that a redemption created', async () => {
    await call('POST', '/v1/vouchers', { code: 'SB-CU-1', discount: { type: 'AMOUNT', amount_off: 100 } });
    const redeemed = await call('POST', '/v1/redemptions', {
      redeemables: [{ object: 'voucher', id: 'SB-CU-1' }],
      order: { amount: 1000 },
      customer: { source_id: 'sb-redeemer' },
    });
    expect(redeemed.status).toBe(200);
    const got = await call('GET', '/v1/customers/sb-redeemer');
    expect(got.body).toMatchObject({ source_id: 'sb-redeemer', object: 'customer' });
    const receipt = await call('POST', `/v1/customers/${got.body.id}/permanent-deletion`);
    expect(receipt.body).toMatchObject({
      related_object_id: got.body.id,
      status: 'DONE',
      object: 'pernament_deletion',
    });
    expect((await call('GET', `/v1/customers/${got.body.id}`)).status).toBe(404);
  });
});
