// The sandbox exports its customers (exported_object `customer`): the rows are the customer store's,
// in the vendor's field names (address_city from address.city), filtered and ordered.

import type { Sandbox } from 'promo-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckedSandbox } from '../helpers/sandbox.js';
import { APP_HEADERS, callSandbox } from '../helpers/sandbox-http.js';

let clock = Date.parse('2026-06-01T12:00:00Z');
let sandbox: Sandbox;
const call = (method: string, path: string, body?: unknown) =>
  callSandbox(sandbox.url, method, path, { body });

beforeAll(async () => {
  sandbox = await startCheckedSandbox({ now: () => clock });
  for (const [source_id, city] of [
    ['exp-b', 'Oslo'],
    ['exp-a', 'Bergen'],
    ['exp-c', null],
  ] as const) {
    const made = await call('POST', '/v1/customers', {
      source_id,
      email: `${source_id}@x.co`,
      address: { city },
    });
    expect(made.status).toBe(200);
    clock += 1000;
  }
  expect((await call('DELETE', '/v1/customers/exp-c')).status).toBe(204);
});
afterAll(() => sandbox.close());

describe('sandbox exports of customers', () => {
  it('writes one row per stored customer, in the order asked, a deleted one left out', async () => {
    const created = await call('POST', '/v1/exports', {
      exported_object: 'customer',
      parameters: { fields: ['source_id', 'email', 'address_city'], order: 'source_id' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    clock += 2000;
    const done = await call('GET', `/v1/exports/${created.body.id}`);
    expect(done.body.status).toBe('DONE');
    const csv = await (await fetch(done.body.result.url, { headers: APP_HEADERS })).text();
    expect(csv.trimEnd().split('\n')).toEqual([
      'Source ID,Email,Address City',
      'exp-a,exp-a@x.co,Bergen',
      'exp-b,exp-b@x.co,Oslo',
    ]);
  });
});
