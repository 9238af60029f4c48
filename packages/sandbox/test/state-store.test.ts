import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { routes } from '../src/routes.js';
import { stateFromSeed } from '../src/seed.js';
import { type Sandbox, type SandboxOptions, startSandboxWithRoutes } from '../src/server.js';
import { type Route, SandboxError, type SandboxState } from '../src/types.js';
import { APP_HEADERS, removeTemporaryDirectories, temporaryDirectory } from './core-helpers.js';
import {
  controlState,
  createVoucher,
  deleteVoucher,
  plainState,
  readStateFileView,
} from './state-helpers.js';

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
  ])('leave no trace when a route %s half-way, in the view and in the file', async (_, query, status) => {
    const statePath = join(temporaryDirectory(), 'state.db');
    const sandbox = await start({ statePath });
    expect((await createVoucher(sandbox.url, 'KEEP')).status).toBe(200);
    expect((await post(sandbox.url, '/v1/test/widgets/first')).status).toBe(204);
    const before = plainState(sandbox.state);
    const rows = readStateFileView(statePath).rows;

    expect((await post(sandbox.url, `/v1/test/fail-half-way${query}`)).status).toBe(status);
    expect(plainState(sandbox.state)).toEqual(before);
    expect((sandbox.state as Loose).widgets).toEqual({ first: { n: 1 } });
    expect(readStateFileView(statePath).rows).toEqual(rows);
    expect(readStateFileView(statePath).state).toEqual(before);
    await sandbox.close();
    expect(plainState((await start({ statePath })).state)).toEqual(before);
  });

  it('fails a route that edits an entry in place, which the store would not see (verify mode of the tests)', async () => {
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
    expect(sandbox.state.vouchers.KEEP).toMatchObject({ active: true });
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
  it('keeps each entry as a row of an SQLite file, in order, across a restart; a read writes nothing', async () => {
    const directory = temporaryDirectory();
    const statePath = join(directory, 'state.db');
    const first = await start({ statePath });
    for (const code of ['A', 'B', 'C']) expect((await createVoucher(first.url, code)).status).toBe(200);
    expect((await deleteVoucher(first.url, 'A')).status).toBe(204);
    expect((await deleteVoucher(first.url, 'B', true)).status).toBe(204);
    expect((await post(first.url, '/v1/test/widgets/w1')).status).toBe(204);
    expect((await createVoucher(first.url, 'D')).status).toBe(200);
    const wal = statSync(`${statePath}-wal`).size;
    expect((await fetch(`${first.url}/v1/vouchers/C`, { headers: APP_HEADERS })).status).toBe(200);
    expect((await fetch(`${first.url}/v1/vouchers`, { headers: APP_HEADERS })).status).toBe(200);
    expect(statSync(`${statePath}-wal`).size).toBe(wal);
    const live = plainState(first.state);

    const view = readStateFileView(statePath);
    expect(view.userVersion).toBe(1);
    expect(view.integrity).toBe('ok');
    expect(
      view.rows
        .filter((row) => ['vouchers', 'bin', 'widgets'].includes(row.slice))
        .map((r) => `${r.slice}:${r.key}`),
    ).toEqual(['vouchers:C', 'bin:A', 'widgets:', 'vouchers:D']);
    expect(view.state).toEqual(live);
    expect(statSync(statePath).mode & 0o777).toBe(0o600);
    await first.close();
    // SQLite's own files beside it (the write-ahead log and its index), nothing else.
    expect(readdirSync(directory).filter((name) => !/^state\.db(-wal|-shm)?$/.test(name))).toEqual([]);

    const second = await start({ statePath });
    expect(plainState(second.state)).toEqual(live);
    expect(Object.keys(second.state.vouchers)).toEqual(['C', 'D']);
    expect((await createVoucher(second.url, 'A')).status).toBe(409);
  });

  it('answers the state through the control API and resets it to the seed, file included', async () => {
    const statePath = join(temporaryDirectory(), 'state.db');
    const sandbox = await start({ statePath });
    await createVoucher(sandbox.url, 'GONE');
    expect(Object.keys((await controlState(sandbox.url)).vouchers as object)).toEqual(['GONE']);
    expect(
      (await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST', headers: APP_HEADERS })).status,
    ).toBe(204);
    const view = readStateFileView(statePath);
    expect(view.state.vouchers).toEqual({});
    expect(view.state.eventSchemas).toEqual(['purchase_completed']);
  });
});

describe('a JSON state file of an older promo', () => {
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

  it('is moved into SQLite once, saying so, the JSON kept beside it as <file>.bak', async () => {
    const directory = temporaryDirectory();
    const statePath = join(directory, 'state.json');
    const text = JSON.stringify(old, null, 2);
    writeFileSync(statePath, text);
    const notices: string[] = [];
    const sandbox = await start({ statePath, notice: (line) => notices.push(line) });
    expect(notices).toEqual([
      `Sandbox state ${statePath} was written by an older promo as JSON: moved into the SQLite file ${statePath}; the old file is kept as ${statePath}.bak`,
    ]);
    expect(readFileSync(`${statePath}.bak`, 'utf8')).toBe(text);
    expect(sandbox.state.vouchers.OLD).toEqual(old.vouchers.OLD);
    expect((await createVoucher(sandbox.url, 'OLD')).status).toBe(409);
    expect((await createVoucher(sandbox.url, 'NEW')).status).toBe(200);
    // Slices added since the file was written start empty.
    const view = readStateFileView(statePath);
    expect({ ...view.state, vouchers: {} }).toEqual({ ...stateFromSeed({}), ...old, vouchers: {} });
    expect(Object.keys(view.state.vouchers as object)).toEqual(['OLD', 'NEW']);
    await sandbox.close();

    const again = await start({ statePath, notice: (line) => notices.push(line) });
    expect(notices).toHaveLength(1);
    expect(Object.keys(again.state.vouchers)).toEqual(['OLD', 'NEW']);
  });

  it('in the log form: header, snapshot, changes; a last line a crash cut short is left out', async () => {
    const directory = temporaryDirectory();
    const legacyPath = join(directory, 'sandbox-state.json');
    const statePath = join(directory, 'sandbox.db');
    const header = '{"promo_sandbox_state":2,"generation":"0123456789abcdef"}';
    const changes = [
      [['vouchers', 'NEW', { code: 'NEW' }]],
      [
        ['vouchers', 'OLD'],
        ['bin', 'OLD', { code: 'OLD' }],
      ],
    ];
    const torn = '[["vouchers","TORN",{"co';
    writeFileSync(
      legacyPath,
      [header, JSON.stringify(old), ...changes.map((c) => JSON.stringify(c)), torn].join('\n'),
    );
    const sandbox = await start({ statePath, legacyStatePath: legacyPath });
    expect(Object.keys(sandbox.state.vouchers)).toEqual(['NEW']);
    expect(Object.keys(sandbox.state.bin)).toEqual(['OLD']);
    expect(existsSync(legacyPath)).toBe(false);
    expect(existsSync(`${legacyPath}.bak`)).toBe(true);
  });
});
