// The sandbox's exports over real HTTP: each exported object with the vendor's field list, the
// statuses by the clock, filters and order, the download's token and app keys, list and delete;
// every JSON answer checked against the vendor's description (openapi-full.json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FIELDS, EXPORT_ORDERS, EXPORTED_OBJECTS } from '../src/facts/exports.js';
import { type CheckedSandbox, startCheckedSandbox } from './helpers/checked.js';
import { APP_HEADERS, callSandbox, type Json } from './helpers/sandbox-http.js';
import { VENDOR_DIR, vendorApi } from './helpers/vendor.js';

const api = vendorApi();
let clock = Date.parse('2026-06-01T12:00:00Z');
let sandbox: CheckedSandbox;

beforeAll(async () => {
  sandbox = await startCheckedSandbox({ now: () => clock });
  for (const [code, percent] of [
    ['EXP-A', 10],
    ['EXP-B', 20],
    ['EXP-C', 30],
  ] as const) {
    const made = await call('POST', '/v1/vouchers', {
      code,
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: percent },
      category: code === 'EXP-B' ? 'food' : 'toys',
      metadata: { note: `a "quoted", note for ${code}` },
    });
    expect(made.status).toBe(200);
    clock += 1000;
  }
});
afterAll(() => sandbox.close());

const call = (method: string, path: string, body?: unknown) =>
  callSandbox(sandbox.url, method, path, { body });

function conforms(operationId: string, value: unknown) {
  if (api.available) expect(api.problems(api.responseSchema(operationId, 200), value)).toEqual([]);
}

async function download(url: string, headers: Record<string, string> = APP_HEADERS) {
  const res = await fetch(url, { headers });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** Creates an export and moves the clock past its end. */
async function finished(body: Json): Promise<Json> {
  const created = await call('POST', '/v1/exports', body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  clock += 1000;
  const done = await call('GET', `/v1/exports/${created.body.id}`);
  expect(done.body.status).toBe('DONE');
  return done.body;
}

describe('sandbox exports', () => {
  it('runs an export SCHEDULED → IN_PROGRESS → DONE, in the vendor shape at each step', async () => {
    const created = await call('POST', '/v1/exports', {
      exported_object: 'voucher',
      parameters: { fields: ['code', 'value'], order: 'code' },
    });
    expect(created.body).toMatchObject({
      object: 'export',
      status: 'SCHEDULED',
      result: null,
      exported_object: 'voucher',
    });
    expect(created.body.id).toMatch(/^exp_/);
    conforms('create-export', created.body);
    clock += 60;
    const running = await call('GET', `/v1/exports/${created.body.id}`);
    expect(running.body.status).toBe('IN_PROGRESS');
    clock += 1000;
    const done = await call('GET', `/v1/exports/${created.body.id}`);
    expect(done.body.status).toBe('DONE');
    expect(done.body.result.url).toMatch(
      new RegExp(`^${sandbox.url}/v1/exports/${created.body.id}\\?token=[\\w-]{20,}$`),
    );
    conforms('get-export', done.body);
    const list = await call('GET', '/v1/exports?limit=5');
    expect(list.body).toMatchObject({ object: 'list', data_ref: 'exports' });
    expect(list.body.exports.map((e: Json) => e.id)).toContain(created.body.id);
    conforms('list-exports', list.body);
  });

  // The service answers a create with the export as it queued it. The sandbox read its clock again
  // for the answer: on a busy machine, the 50 ms in the queue were over by then (IN_PROGRESS).
  it('answers a create SCHEDULED however long the making took', async () => {
    const ticking = await startCheckedSandbox({ now: () => (clock += 60) });
    try {
      const created = await callSandbox(ticking.url, 'POST', '/v1/exports', {
        body: { exported_object: 'voucher' },
      });
      expect([created.status, created.body.status]).toEqual([200, 'SCHEDULED']);
    } finally {
      await ticking.close();
    }
  });

  it('downloads the CSV with the token and the app keys: header first, the fields in the order asked', async () => {
    const done = await finished({
      exported_object: 'voucher',
      parameters: { fields: ['value', 'code', 'metadata', 'category'], order: 'code' },
    });
    const csv = await download(done.result.url);
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/plain/);
    const lines = csv.text.trimEnd().split('\n');
    expect(lines[0]).toBe('Value,Code,Metadata,Category');
    expect(lines.slice(1)).toEqual([
      '10,EXP-A,"{""note"":""a \\""quoted\\"", note for EXP-A""}",toys',
      '20,EXP-B,"{""note"":""a \\""quoted\\"", note for EXP-B""}",food',
      '30,EXP-C,"{""note"":""a \\""quoted\\"", note for EXP-C""}",toys',
    ]);
  });

  it('exports the redemptions the sandbox holds: amounts in currency units, filtered and ordered', async () => {
    const redeem = (code: string, amount: number) =>
      call('POST', '/v1/redemptions', {
        redeemables: [{ object: 'voucher', id: code }],
        order: { amount },
        metadata: { till: 'T1' },
      });
    const first = await redeem('EXP-A', 12050);
    expect(first.status).toBe(200);
    clock += 1000;
    expect((await redeem('EXP-B', 4000)).status).toBe(200);
    clock += 1000;
    const done = await finished({
      exported_object: 'redemption',
      parameters: {
        fields: ['id', 'voucher_code', 'result', 'order_amount'],
        order: 'created_at',
        filters: { junction: 'and', voucher_code: { conditions: { $in: ['EXP-A', 'EXP-B'] } } },
      },
    });
    const lines = (await download(done.result.url)).text.trimEnd().split('\n');
    expect(lines[0]).toBe('ID,Voucher Code,Result,Order Amount');
    expect(lines.slice(1).map((line) => line.split(',').slice(1))).toEqual([
      ['EXP-A', 'SUCCESS', '120.50'],
      ['EXP-B', 'SUCCESS', '40.00'],
    ]);
    expect(lines[1]?.split(',')[0]).toBe(first.body.redemptions[0].id);
  });

  it('exports publications (a row per code handed out) and voucher transactions from their stores', async () => {
    const campaign = await call('POST', '/v1/campaigns', {
      name: 'EXP-PUB',
      campaign_type: 'DISCOUNT_COUPONS',
      type: 'STATIC',
      vouchers_count: 2,
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } },
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(200);
    clock += 1000;
    const published = await call('POST', '/v1/publications', {
      campaign: { name: 'EXP-PUB', count: 2 },
      customer: { source_id: 'exp-ann' },
      channel: 'email',
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const gift = await call('POST', '/v1/vouchers', {
      code: 'EXP-GIFT',
      type: 'GIFT_VOUCHER',
      gift: { amount: 1000, balance: 1000 },
    });
    expect(gift.status).toBe(200);
    const changed = await call('POST', '/v1/vouchers/EXP-GIFT/balance', {
      amount: 250,
      source_id: 'exp-1',
      reason: 'r',
    });
    expect(changed.status).toBe(200);
    const pubs = await finished({
      exported_object: 'publication',
      parameters: {
        fields: ['voucher_code', 'customer_source_id', 'channel', 'campaign'],
        order: 'voucher_code',
      },
    });
    const rows = (await download(pubs.result.url)).text.trimEnd().split('\n');
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).every((row) => row.endsWith(',exp-ann,email,EXP-PUB'))).toBe(true);
    const trail = await finished({
      exported_object: 'voucher_transactions',
      parameters: { fields: ['source_id', 'type', 'amount', 'balance'] },
    });
    expect((await download(trail.result.url)).text.trimEnd().split('\n').slice(1)).toEqual([
      'exp-1,CREDITS_ADDITION,250,1250',
    ]);
  });

  it('refuses the download without the app keys (401) or with another token (403)', async () => {
    const done = await finished({ exported_object: 'voucher', parameters: { fields: ['code'] } });
    expect((await download(done.result.url, {})).status).toBe(401);
    const forged = `${done.result.url.replace(/token=.*/, 'token=not-the-token')}`;
    expect((await download(forged)).status).toBe(403);
  });

  it('applies the filters (the lists grammar) and the order', async () => {
    const done = await finished({
      exported_object: 'voucher',
      parameters: {
        fields: ['code'],
        order: '-code',
        filters: {
          junction: 'and',
          category: { conditions: { $in: ['toys'] } },
          created_at: { conditions: { $after: ['2026-06-01T12:00:00.500Z'] } },
        },
      },
    });
    expect((await download(done.result.url)).text).toBe('Code\nEXP-C\n');
  });

  it('refuses a field, an order or a filter the vendor does not list for the object (400)', async () => {
    const wrongField = await call('POST', '/v1/exports', {
      exported_object: 'voucher',
      parameters: { fields: ['cod'] },
    });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.details).toContain('cod');
    const wrongOrder = await call('POST', '/v1/exports', {
      exported_object: 'order',
      parameters: { order: 'code' },
    });
    expect(wrongOrder.status).toBe(400);
    const wrongFilter = await call('POST', '/v1/exports', {
      exported_object: 'voucher',
      parameters: { filters: { type: { conditions: { $is: 'COUPON' } } } },
    });
    expect(wrongFilter.status).toBe(400);
    expect((await call('POST', '/v1/exports', { exported_object: 'vouchers' })).status).toBe(400);
  });

  it('exports every object the vendor lists, each with its whole field list by default', async () => {
    for (const object of Object.values(EXPORTED_OBJECTS)) {
      const done = await finished({ exported_object: object });
      expect(done.parameters.fields).toEqual(EXPORT_FIELDS[object]);
      const csv = await download(done.result.url);
      expect(csv.status).toBe(200);
      const header = csv.text.split('\n')[0]!;
      expect(header.split(',')).toHaveLength(EXPORT_FIELDS[object].length);
      // Objects whose store the sandbox holds have rows (those of the tests before); others none.
      if (!['voucher', 'redemption', 'customer', 'publication', 'voucher_transactions'].includes(object))
        expect(csv.text).toBe(`${header}\n`);
    }
  });

  it('ends an export in ERROR when the sandbox is set to fail its jobs, with no file', async () => {
    const control = (body: unknown) =>
      fetch(`${sandbox.url}/_sandbox/imports`, {
        method: 'POST',
        headers: { ...APP_HEADERS, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    await control({ fail: true });
    const created = await call('POST', '/v1/exports', { exported_object: 'customer' });
    await control({ fail: false });
    clock += 1000;
    const ended = await call('GET', `/v1/exports/${created.body.id}`);
    expect(ended.body).toMatchObject({ status: 'ERROR', result: null });
  });

  it('deletes an export: 204, then 404', async () => {
    const created = await call('POST', '/v1/exports', { exported_object: 'order' });
    expect((await call('DELETE', `/v1/exports/${created.body.id}`)).status).toBe(204);
    expect((await call('GET', `/v1/exports/${created.body.id}`)).status).toBe(404);
    expect((await call('DELETE', `/v1/exports/${created.body.id}`)).status).toBe(404);
  });
});

describe.skipIf(!api.available)('the export facts against the vendor file', () => {
  it('holds each object’s fields and orders exactly as the vendor enumerates them', () => {
    const schemas = JSON.parse(readFileSync(join(VENDOR_DIR, 'openapi-full.json'), 'utf8')).components
      .schemas;
    const names: Record<string, string> = {
      voucher: 'Voucher',
      redemption: 'Redemption',
      customer: 'Customer',
      publication: 'Publication',
      order: 'Order',
      points_expiration: 'PointsExpiration',
      voucher_transactions: 'VoucherTransactions',
    };
    for (const [object, name] of Object.entries(names)) {
      expect(EXPORT_FIELDS[object as keyof typeof EXPORT_FIELDS]).toEqual(
        schemas[`Export${name}Fields`].enum,
      );
      expect(EXPORT_ORDERS[object as keyof typeof EXPORT_ORDERS]).toEqual(schemas[`Export${name}Order`].enum);
    }
  });
});
