// Answers lost after the service acted: the change is in the state, the client got 502, 504 or a
// broken connection.
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox, SandboxOptions } from '../src/index.js';
import { APP_HEADERS } from './core-helpers.js';
import { startCheckedSandbox } from './helpers/checked.js';
import { createVoucher, deleteVoucher } from './state-helpers.js';

let sandbox: Sandbox;
afterEach(async () => {
  await sandbox?.close();
});

async function start(options: SandboxOptions = {}) {
  sandbox = await startCheckedSandbox({ seed: { eventSchemas: ['signup'] }, ...options });
  return sandbox;
}

function sendEvent() {
  return fetch(`${sandbox.url}/v1/events`, {
    method: 'POST',
    headers: { ...APP_HEADERS, 'Content-Type': 'application/json' },
    body: JSON.stringify({ event: 'signup', customer: { source_id: 'c1' } }),
  });
}

function setFaults(body: unknown) {
  return fetch(`${sandbox.url}/_sandbox/faults`, {
    method: 'POST',
    headers: { ...APP_HEADERS, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('scripted answers after handling', () => {
  it.each([502, 504])('creates the voucher, then answers %i with the error object', async (status) => {
    await start({
      faults: {
        script: [{ match: { method: 'POST', path: '/v1/vouchers' }, action: { replyAfterHandling: status } }],
      },
    });
    const lost = await createVoucher(sandbox.url, 'LOST-1');
    expect(lost.status).toBe(status);
    expect(await lost.json()).toMatchObject({
      code: status,
      key: status === 502 ? 'bad_gateway' : 'gateway_timeout',
    });
    expect(sandbox.state.vouchers['LOST-1']).toMatchObject({ code: 'LOST-1', object: 'voucher' });
    // The retry finds the voucher there: the first attempt did act.
    expect((await createVoucher(sandbox.url, 'LOST-1')).status).toBe(409);
    expect(sandbox.faults.get().script).toEqual([]);
  });
});

describe('lost answers at random', () => {
  it('breaks the connection after creating, for the requests it matches only', async () => {
    await start({
      faults: { lostAnswers: { rate: 1, as: ['reset'], method: 'POST', path: '/v1/vouchers' } },
    });
    await expect(createVoucher(sandbox.url, 'GONE-1')).rejects.toThrow();
    expect(sandbox.state.vouchers['GONE-1']).toMatchObject({ code: 'GONE-1' });
    // A DELETE is not matched by the filter: it is answered.
    expect((await deleteVoucher(sandbox.url, 'GONE-1')).status).toBe(204);
    expect(sandbox.state.bin['GONE-1']).toBeDefined();
  });

  it('stores the event, then answers 504 or 502 as asked', async () => {
    await start({ faults: { lostAnswers: { rate: 1, as: [504] } } });
    const first = await sendEvent();
    expect(first.status).toBe(504);
    expect(await first.json()).toMatchObject({ code: 504, key: 'gateway_timeout' });
    sandbox.faults.set({ lostAnswers: { rate: 1, as: [502] } });
    expect((await sendEvent()).status).toBe(502);
    expect(sandbox.state.events.map((event) => event.type)).toEqual(['signup', 'signup']);
  });

  it('never strikes a request that changed nothing: errors and reads are answered', async () => {
    await start({ faults: { lostAnswers: { rate: 1 } } });
    sandbox.state.vouchers.TAKEN = { code: 'TAKEN' };
    expect((await createVoucher(sandbox.url, 'TAKEN')).status).toBe(409);
    expect((await deleteVoucher(sandbox.url, 'NONE')).status).toBe(404);
    expect((await fetch(`${sandbox.url}/v1/templates/campaigns`, { headers: APP_HEADERS })).status).toBe(200);
  });

  it('is never struck at rate 0, and can be set and read through the control API', async () => {
    await start();
    const set = await setFaults({ lostAnswers: { rate: 0, as: ['reset', 504], path: '/v1/events' } });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({
      lostAnswers: { rate: 0, as: ['reset', 504], path: '/v1/events' },
    });
    expect((await sendEvent()).status).toBe(200);
    expect((await setFaults({ lostAnswers: { rate: 1, path: '/v1/events' } })).status).toBe(200);
    expect([502, 504, 'reset']).toContain(
      await sendEvent().then(
        (res) => res.status,
        () => 'reset',
      ),
    );
    expect(sandbox.state.events).toHaveLength(2);
  });

  it.each([
    [{ lostAnswers: { rate: 2 } }, 'lostAnswers.rate must be a probability from 0 to 1'],
    [{ lostAnswers: { rate: 0.5, as: [503] } }, 'lostAnswers.as must be a list of "reset", 502 and 504'],
    [{ lostAnswers: { rate: 0.5, path: 'v1' } }, 'lostAnswers.path must be a path starting with /'],
    [{ lostAnswers: 0.5 }, 'lostAnswers must be an object'],
  ])('refuses %j through the control API, naming the problem', async (body, problem) => {
    await start();
    const res = await setFaults(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { details: string }).details).toContain(problem);
    expect(sandbox.faults.get().lostAnswers).toBeUndefined();
  });
});
