import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { routes } from '../src/routes.js';
import { stateFromSeed } from '../src/seed.js';
import { type Sandbox, type SandboxOptions, startSandboxWithRoutes } from '../src/server.js';
import { type Route, SandboxError, type SandboxState } from '../src/types.js';
import { APP_HEADERS, removeTemporaryDirectories, temporaryDirectory } from './core-helpers.js';
import { controlState, createVoucher, deleteVoucher, readStateFileView } from './state-helpers.js';

type Loose = SandboxState & Record<string, Record<string, unknown>>;

/** Writes to every kind of slice, one added after the state's shape was defined included, then fails. */
const failHalfWay: Route = {
  method: 'POST',
  pattern: '/v1/test/fail-half-way',
  auth: 'app',
  handle(req, state) {
    const loose = state as Loose;
    loose.vouchers.HALF = { code: 'HALF' };
    delete loose.vouchers.KEEP;
    loose.bin.KEEP = { code: 'KEEP' };
    state.events.push({ object: 'event', type: 'half' });
    state.eventSchemas.length = 0;
    loose.widgets!.second = { n: 2 };
    delete loose.widgets!.first;
    loose.gadgets = { lone: { n: 3 } };
    if (req.query.get('how') === 'crash') throw new Error('the route broke');
    throw new SandboxError(409, 'conflict', 'Conflict', 'made up to fail after writing');
  },
};

/** Adds a slice the state's definition does not know, as a newer route module would. */
const addWidget: Route = {
  method: 'POST',
  pattern: '/v1/test/widgets/:id',
  auth: 'app',
  handle(req, state) {
    const loose = state as Loose;
    loose.widgets ??= {};
    loose.widgets[req.params.id!] = { n: 1 };
    return { status: 204 };
  },
};

const running: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
});
afterAll(removeTemporaryDirectories);

async function start(options: SandboxOptions) {
  const sandbox = await startSandboxWithRoutes([...routes, failHalfWay, addWidget], {
    seed: { eventSchemas: ['purchase_completed'] },
    ...options,
  });
  running.push(sandbox);
  return sandbox;
}

function post(url: string, path: string) {
  return fetch(`${url}${path}`, { method: 'POST', headers: APP_HEADERS });
}

describe('transactions', () => {
  it.each([
    ['answers with an error', '', 409],
    ['throws', '?how=crash', 500],
  ])('leave no trace when a route %s half-way, in memory and in the file', async (_, query, status) => {
    const statePath = join(temporaryDirectory(), 'state.json');
    const sandbox = await start({ statePath });
    expect((await createVoucher(sandbox.url, 'KEEP')).status).toBe(200);
    expect((await post(sandbox.url, '/v1/test/widgets/first')).status).toBe(204);
    const before = structuredClone(sandbox.state);

    expect((await post(sandbox.url, `/v1/test/fail-half-way${query}`)).status).toBe(status);
    expect(sandbox.state).toEqual(before);
    expect((sandbox.state as Loose).widgets).toEqual({ first: { n: 1 } });
    expect(readStateFileView(statePath).state).toEqual(before);
    await sandbox.close();
    expect((await start({ statePath })).state).toEqual(before);
  });

  it('fails a route that edits an entry in place, which the journal would miss (verify mode of the tests)', async () => {
    const editInPlace: Route = {
      method: 'POST',
      pattern: '/v1/test/edit-in-place',
      auth: 'app',
      handle(_req, state) {
        state.vouchers.KEEP!.active = false;
        return { status: 204 };
      },
    };
    const sandbox = await startSandboxWithRoutes([...routes, editInPlace], { seed: {} });
    running.push(sandbox);
    await createVoucher(sandbox.url, 'KEEP');
    const res = await post(sandbox.url, '/v1/test/edit-in-place');
    expect(res.status).toBe(500);
    expect(((await res.json()) as { details: string }).details).toMatch(
      /^sandbox state: a route edited a stored entry in place \(Cannot assign to read only property 'active' of object .*\), which its transaction would neither undo nor save; a route must replace an entry/,
    );
  });

  it('keeps the answer of a route from changes made after it answered', async () => {
    const sandbox = await start({});
    const created = await (await createVoucher(sandbox.url, 'SNAP')).json();
    await deleteVoucher(sandbox.url, 'SNAP');
    expect(created).toMatchObject({ code: 'SNAP', active: true });
    expect(sandbox.state.bin.SNAP).toEqual(created);
  });
});

describe('state file', () => {
  it('appends one line per change and replays them after a restart', async () => {
    const statePath = join(temporaryDirectory(), 'state.json');
    const first = await start({ statePath });
    for (const code of ['A', 'B', 'C']) expect((await createVoucher(first.url, code)).status).toBe(200);
    expect((await deleteVoucher(first.url, 'A')).status).toBe(204);
    expect((await deleteVoucher(first.url, 'B', true)).status).toBe(204);
    expect((await post(first.url, '/v1/test/widgets/w1')).status).toBe(204);
    // Reads change nothing and write nothing.
    await fetch(`${first.url}/v1/vouchers/C`, { headers: APP_HEADERS });
    const live = structuredClone(first.state);

    const view = readStateFileView(statePath);
    expect(view.header).toEqual({
      promo_sandbox_state: 2,
      generation: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(view.log.map((changes) => changes.map(([slice, key]) => `${slice}:${key}`))).toEqual([
      ['vouchers:A'],
      ['vouchers:B'],
      ['vouchers:C'],
      ['vouchers:A', 'bin:A'],
      ['vouchers:B'],
      ['widgets:null'],
    ]);
    expect(view.state).toEqual(live);
    expect(statSync(statePath).mode & 0o777).toBe(0o600);
    await first.close();

    const second = await start({ statePath });
    expect(second.state).toEqual(live);
    expect(Object.keys(second.state.vouchers)).toEqual(['C']);
    expect((await createVoucher(second.url, 'A')).status).toBe(409);
  });

  it('compacts the log into a new snapshot once it outgrows the limit', async () => {
    const directory = temporaryDirectory();
    const statePath = join(directory, 'state.json');
    const sandbox = await start({ statePath, compactAfterBytes: 4000 });
    const generation = readStateFileView(statePath).header.generation;
    for (let n = 0; n < 12; n++) expect((await createVoucher(sandbox.url, `K${n}`)).status).toBe(200);

    const view = readStateFileView(statePath);
    expect(view.header.generation).not.toBe(generation);
    expect(view.log.length).toBeLessThan(12);
    expect(Object.keys(view.snapshot.vouchers as object).length).toBeGreaterThan(0);
    expect(view.state).toEqual(structuredClone(sandbox.state));
    expect(readdirSync(directory)).toEqual(['state.json']);
    await sandbox.close();
    expect(Object.keys((await start({ statePath })).state.vouchers)).toHaveLength(12);
  });

  it('loads a state file written by an older promo (one JSON object) and rewrites it', async () => {
    const statePath = join(temporaryDirectory(), 'state.json');
    const old = {
      version: 1,
      tokens: {},
      vouchers: { OLD: { code: 'OLD', object: 'voucher' } },
      bin: {},
      campaigns: [],
      categories: [],
      templates: [],
      tierStructures: {},
      cursors: {},
      eventSchemas: ['purchase_completed'],
      events: [],
    };
    writeFileSync(statePath, JSON.stringify(old, null, 2));
    const sandbox = await start({ statePath });
    expect(sandbox.state.vouchers.OLD).toEqual(old.vouchers.OLD);
    expect((await createVoucher(sandbox.url, 'OLD')).status).toBe(409);
    expect((await createVoucher(sandbox.url, 'NEW')).status).toBe(200);
    const view = readStateFileView(statePath);
    // Slices added since the file was written start empty.
    expect(view.snapshot).toEqual({ ...stateFromSeed({}), ...old });
    expect(Object.keys(view.state.vouchers as object)).toEqual(['OLD', 'NEW']);
  });

  it('drops a last line that a crash cut short, and writes over it', async () => {
    const statePath = join(temporaryDirectory(), 'state.json');
    const first = await start({ statePath });
    await createVoucher(first.url, 'WHOLE');
    await first.close();
    writeFileSync(statePath, `${readFileSync(statePath, 'utf8')}[["vouchers","TORN",{"co`);

    const second = await start({ statePath });
    expect(Object.keys(second.state.vouchers)).toEqual(['WHOLE']);
    await createVoucher(second.url, 'AFTER');
    expect(Object.keys(readStateFileView(statePath).state.vouchers as object)).toEqual(['WHOLE', 'AFTER']);
  });

  it('shared: a line cut short by a crashed process is dropped by the next writer, and every process agrees', async () => {
    const statePath = join(temporaryDirectory(), 'state.json');
    const left = await start({ statePath, shared: true });
    const right = await start({ statePath, shared: true });
    expect((await createVoucher(left.url, 'BEFORE')).status).toBe(200);
    writeFileSync(statePath, `${readFileSync(statePath, 'utf8')}[["vouchers","TORN",{"co`);
    expect((await createVoucher(right.url, 'AFTER')).status).toBe(200);
    expect((await createVoucher(left.url, 'AFTER')).status).toBe(409);
    expect(Object.keys(left.state.vouchers)).toEqual(['BEFORE', 'AFTER']);
    expect(Object.keys(readStateFileView(statePath).state.vouchers as object)).toEqual(['BEFORE', 'AFTER']);
  });

  it('answers the state through the control API and resets it to the seed, file included', async () => {
    const statePath = join(temporaryDirectory(), 'state.json');
    const sandbox = await start({ statePath });
    await createVoucher(sandbox.url, 'GONE');
    expect(Object.keys((await controlState(sandbox.url)).vouchers as object)).toEqual(['GONE']);
    expect(
      (await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST', headers: APP_HEADERS })).status,
    ).toBe(204);
    const view = readStateFileView(statePath);
    expect(view.log).toEqual([]);
    expect(view.snapshot.vouchers).toEqual({});
    expect(view.snapshot.eventSchemas).toEqual(['purchase_completed']);
  });
});
