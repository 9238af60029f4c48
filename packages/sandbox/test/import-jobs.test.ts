// The knobs of the import: processing speed and failing jobs (options and control API), the bulk-call
// rate limit, and a job that advances across sandboxes sharing one state file, as the built-in profile
// runs them (one short-lived sandbox per command).
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../src/index.js';
import { fixedClock, removeTemporaryDirectories, temporaryDirectory } from './core-helpers.js';
import { startCheckedSandbox } from './helpers/checked.js';
import { callSandbox } from './helpers/sandbox-http.js';

const discount = { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ORDER' };

const call = (url: string, method: string, path: string, body?: unknown) =>
  callSandbox(url, method, path, { body });

const records = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, n) => ({ code: `${prefix}-${n}`, discount }));

afterAll(removeTemporaryDirectories);

describe('a job across sandboxes sharing a state file', () => {
  it('advances by the clock whichever sandbox reads it, at the speed it was queued with', async () => {
    const statePath = join(temporaryDirectory(), 'state.db');
    const clock = fixedClock();
    const open = (imports?: { records_per_second: number }) =>
      startSandbox({ statePath, shared: true, now: clock.now, imports });

    const first = await open({ records_per_second: 4 });
    const queued = await call(first.url, 'POST', '/v1/vouchers/import', records('X', 8));
    const id = queued.body.async_action_id;
    await first.close();

    clock.advance(1);
    // A later process with another speed leaves the queued job at its own.
    const second = await open({ records_per_second: 1000 });
    expect((await call(second.url, 'GET', `/v1/async-actions/${id}`)).body).toMatchObject({
      status: 'IN_PROGRESS',
      progress: 50,
      result: { done_count: 4 },
    });
    expect((await call(second.url, 'GET', '/v1/vouchers?limit=100')).body.total).toBe(4);
    const early = (await call(second.url, 'GET', '/v1/vouchers/X-0')).body;
    await second.close();

    clock.advance(1);
    const third = await open();
    expect((await call(third.url, 'GET', `/v1/async-actions/${id}`)).body).toMatchObject({
      status: 'DONE',
      progress: 100,
      processing_time: 2000,
    });
    // What reads advanced was kept, not made again: the voucher has the id it had.
    expect((await call(third.url, 'GET', '/v1/vouchers/X-0')).body).toEqual(early);
    expect((await call(third.url, 'GET', '/_sandbox/imports')).body).toEqual({
      records_per_second: 1000,
      fail: false,
    });
    await third.close();
  });
});

describe('import knobs on one sandbox', () => {
  const clock = fixedClock();
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startCheckedSandbox({ now: clock.now });
  });
  afterAll(() => sandbox.close());
  afterEach(async () => {
    sandbox.faults.set({});
    await call(sandbox.url, 'POST', '/_sandbox/imports', { records_per_second: 1000, fail: false });
  });

  it('processes 1000 records a second unless told otherwise, through the control API', async () => {
    expect((await call(sandbox.url, 'GET', '/_sandbox/imports')).body).toEqual({
      records_per_second: 1000,
      fail: false,
    });
    const set = await call(sandbox.url, 'POST', '/_sandbox/imports', { records_per_second: 10 });
    expect(set).toMatchObject({ status: 200, body: { records_per_second: 10, fail: false } });
    const { body } = await call(sandbox.url, 'POST', '/v1/vouchers/import', records('S', 20));
    clock.advance(1);
    expect((await call(sandbox.url, 'GET', `/v1/async-actions/${body.async_action_id}`)).body.progress).toBe(
      50,
    );
    clock.advance(1);
  });

  it('fails a job half-way when told to, keeping what it imported', async () => {
    await call(sandbox.url, 'POST', '/_sandbox/imports', { fail: true });
    const { body } = await call(sandbox.url, 'POST', '/v1/vouchers/import', records('F', 4));
    clock.advance(1);
    const action = (await call(sandbox.url, 'GET', `/v1/async-actions/${body.async_action_id}`)).body;
    expect(action).toMatchObject({
      status: 'FAILED',
      operation_status: 'FAILED',
      progress: 50,
      result: {
        message: 'Import stopped after 2 of 4 record(s): the sandbox was set to fail imports.',
        failed: [],
        done_count: 2,
        failed_count: 0,
      },
    });
    expect((await call(sandbox.url, 'GET', '/v1/vouchers/F-1')).status).toBe(200);
    expect((await call(sandbox.url, 'GET', '/v1/vouchers/F-2')).status).toBe(404);
  });

  it.each([
    [{ records_per_second: 0 }, 'records_per_second must be a number above 0, got 0'],
    [{ fail: 'yes' }, 'fail must be true or false, got "yes"'],
    [{ speed: 5 }, 'Unknown import setting speed; known: records_per_second, generate_per_second, fail'],
  ])('refuses the settings %j with 400 naming the setting', async (settings, details) => {
    const { status, body } = await call(sandbox.url, 'POST', '/_sandbox/imports', settings);
    expect(status).toBe(400);
    expect(body).toMatchObject({ key: 'invalid_import_settings', details });
  });

  it('refuses bad settings given as options', async () => {
    await expect(startSandbox({ imports: { records_per_second: -1 } })).rejects.toThrow(
      'records_per_second must be a number above 0, got -1',
    );
  });

  it('limits bulk calls on their own: 429 bulk_api_calls, not counted by the per-minute limit', async () => {
    sandbox.faults.set({
      rateLimit: { limit: 3, windowSeconds: 60 },
      bulkRateLimit: { limit: 2, windowSeconds: 3600 },
    });
    const windowEnd = Math.ceil((Math.floor(clock.now() / 3_600_000) + 1) * 3600);
    for (const remaining of ['1', '0']) {
      const ok = await call(sandbox.url, 'POST', '/v1/vouchers/import', []);
      expect(ok.status).toBe(202);
      expect(ok.headers.get('x-rate-limit-limit')).toBe('2');
      expect(ok.headers.get('x-rate-limit-remaining')).toBe(remaining);
    }
    const refused = await call(sandbox.url, 'POST', '/v1/vouchers/import', []);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 429, key: 'too_many_requests' });
    expect(
      Object.fromEntries(
        [...refused.headers].filter(([name]) => name.startsWith('x-rate') || name === 'retry-after'),
      ),
    ).toEqual({
      'x-rate-limit-limit': '2',
      'x-rate-limit-remaining': '0',
      'x-rate-limit-retry': String(windowEnd),
      'x-rate-limit-type': 'bulk_api_calls',
      'retry-after': String(windowEnd - Math.floor(clock.now() / 1000)),
    });
    // The three imports did not count against the per-minute limit: three reads pass, the fourth not.
    for (let n = 0; n < 3; n++)
      expect((await call(sandbox.url, 'GET', '/v1/async-actions')).status).toBe(200);
    const minute = await call(sandbox.url, 'GET', '/v1/async-actions');
    expect(minute.status).toBe(429);
    expect(minute.headers.get('x-rate-limit-type')).toBeNull();
    expect(minute.headers.get('x-rate-limit-limit')).toBe('3');
  });

  it('sets the bulk limit through the control API as any fault', async () => {
    const set = await call(sandbox.url, 'POST', '/_sandbox/faults', {
      bulkRateLimit: { limit: 1, windowSeconds: 3600 },
    });
    expect(set.body).toMatchObject({ bulkRateLimit: { limit: 1, windowSeconds: 3600 } });
    expect((await call(sandbox.url, 'POST', '/v1/vouchers/import', [])).status).toBe(202);
    expect((await call(sandbox.url, 'POST', '/v1/vouchers/import', [])).status).toBe(429);
  });
});
