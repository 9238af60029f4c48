// The products' bulk updates over real HTTP: `bulk/async` upserts each product by source id,
// `metadata/async` merges metadata into each (upserting one not found), both as jobs whose result
// counts what was done and names each product that failed; a call with no body queues nothing.
import { describe, expect, it } from 'vitest';
import { fixedClock } from './core-helpers.js';
import { type Json, useServedSandbox } from './helpers/sandbox-http.js';

const clock = fixedClock(Date.parse('2026-05-04T10:00:00.000Z'));
const served = useServedSandbox({ now: clock.now });
const { call } = served;

async function finished(path: string, body?: unknown): Promise<Json> {
  const queued = await call('POST', path, body);
  expect(queued.status).toBe(202);
  clock.advance(1);
  return (await call('GET', `/v1/async-actions/${queued.body.async_action_id}`)).body;
}

const product = async (ref: string) => (await call('GET', `/v1/products/${ref}`)).body;

describe('POST /v1/products/bulk/async and /v1/products/metadata/async', () => {
  it('upserts products by source id; one without a source id fails alone', async () => {
    await call('POST', '/v1/products', { source_id: 'pb-1', name: 'One', price: 100, metadata: { a: 1 } });
    const job = await finished('/v1/products/bulk/async', [
      { source_id: 'pb-1', price: 250 },
      { source_id: 'pb-2', name: 'Two' },
      { name: 'No source' },
    ]);
    expect(job).toMatchObject({ type: 'PRODUCTS.BULK_UPDATE', status: 'DONE' });
    expect(job.result).toEqual({
      done_count: 2,
      failed_count: 1,
      errors: [
        {
          message: 'Invalid payload',
          details: 'source_id: property is required',
          key: 'invalid_payload',
          source_id: '',
        },
      ],
    });
    expect(await product('pb-1')).toMatchObject({ name: 'One', price: 250, metadata: { a: 1 } });
    expect(await product('pb-2')).toMatchObject({ name: 'Two', price: null });
  });

  it('merges metadata into each product named, making one not found', async () => {
    await call('POST', '/v1/products', { source_id: 'pm-1', name: 'One', metadata: { a: 1, b: 1 } });
    const job = await finished('/v1/products/metadata/async', {
      source_ids: ['pm-1', 'pm-new'],
      metadata: { b: 2 },
    });
    expect(job).toMatchObject({
      type: 'PRODUCTS.METADATA_UPDATE',
      status: 'DONE',
      result: { done_count: 2, failed_count: 0, errors: [] },
    });
    expect((await product('pm-1')).metadata).toEqual({ a: 1, b: 2 });
    expect((await product('pm-new')).metadata).toEqual({ b: 2 });
  });

  it('queues a job of nothing for a call with no body, and refuses a body of the wrong shape', async () => {
    expect((await finished('/v1/products/bulk/async')).result).toMatchObject({
      done_count: 0,
      failed_count: 0,
    });
    expect((await finished('/v1/products/metadata/async', { product_ids: ['x'] })).result).toMatchObject({
      done_count: 0,
    });
    expect((await call('POST', '/v1/products/bulk/async', { source_id: 'x' })).status).toBe(400);
    expect((await call('POST', '/v1/products/metadata/async', { source_ids: 'x' })).status).toBe(400);
  });
});
