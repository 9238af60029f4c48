import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/index.js';
import { oauthRoutes } from '../src/oauth.js';
import { startSandboxWithRoutes } from '../src/server.js';
import { type Route, SandboxError } from '../src/types.js';
import { APP_HEADERS, issueToken, readJson } from './core-helpers.js';

// A route table of our own, so the core is tested apart from the service's operations.
const testRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/v1/things/:code',
    auth: 'app-or-bearer',
    handle: (req) => ({ status: 200, body: { params: req.params, path: req.path, query: req.rawQuery } }),
  },
  {
    method: 'POST',
    pattern: '/v1/things',
    auth: 'app',
    handle: (req, state) => {
      state.events.push({ received: req.body });
      return { status: 200, body: { received: req.body } };
    },
  },
  {
    method: 'DELETE',
    pattern: '/v1/things/:code',
    auth: 'app-or-bearer',
    scopes: ['vouchers'],
    handle: () => ({ status: 204 }),
  },
  {
    method: 'POST',
    pattern: '/v1/broken',
    auth: 'app',
    handle: (_req, state) => {
      state.events.push({ half: 'done' });
      throw new SandboxError(409, 'conflict', 'Conflict', 'Half-way failure', { resource_type: 'thing' });
    },
  },
  { method: 'GET', pattern: '/v1/open', auth: 'none', handle: () => ({ status: 200, body: { open: true } }) },
];

let sandbox: Sandbox;
afterEach(async () => {
  await sandbox?.close();
});

// The OAuth routes issue the tokens that the bearer checks of the core accept.
const routesWithOauth = [...oauthRoutes, ...testRoutes];

async function start() {
  sandbox = await startSandboxWithRoutes(routesWithOauth, { seed: {} });
  return sandbox.url;
}

describe('routing', () => {
  it('matches on the raw path so an encoded slash stays inside one parameter', async () => {
    const url = await start();
    const res = await fetch(`${url}/v1/things/A%2FB%3FC?x=1`, { headers: APP_HEADERS });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ params: { code: 'A/B?C' }, path: '/v1/things/A/B?C', query: 'x=1' });
    expect(sandbox.requests[0]).toMatchObject({
      method: 'GET',
      rawPath: '/v1/things/A%2FB%3FC',
      query: 'x=1',
    });
  });

  it('answers 404 with the error object for an unknown path', async () => {
    const url = await start();
    const res = await fetch(`${url}/v1/things/A/B`, { headers: APP_HEADERS });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await readJson(res);
    expect(body).toMatchObject({ code: 404, key: 'not_found', message: 'Resource not found' });
    expect(body.request_id).toMatch(/^v-[0-9a-f]{18}$/);
  });

  it('answers 405 with an Allow header for a known path and the wrong method', async () => {
    const url = await start();
    const res = await fetch(`${url}/v1/things/X`, { method: 'PUT', headers: APP_HEADERS });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, DELETE');
    expect(await res.json()).toMatchObject({ code: 405, key: 'method_not_allowed' });
  });

  it('sends 204 answers without a body', async () => {
    const url = await start();
    const res = await fetch(`${url}/v1/things/X`, { method: 'DELETE', headers: APP_HEADERS });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });
});

describe('bodies', () => {
  it('parses JSON and form bodies for the route', async () => {
    const url = await start();
    const json = await fetch(`${url}/v1/things`, {
      method: 'POST',
      headers: { ...APP_HEADERS, 'Content-Type': 'application/json' },
      body: JSON.stringify({ a: [1, 2] }),
    });
    expect(await json.json()).toEqual({ received: { a: [1, 2] } });
    const form = await fetch(`${url}/v1/things`, {
      method: 'POST',
      headers: { ...APP_HEADERS, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=1&b=two+words',
    });
    expect(await form.json()).toEqual({ received: { a: '1', b: 'two words' } });
  });

  it('answers 400 invalid_json to a body that does not parse', async () => {
    const url = await start();
    const res = await fetch(`${url}/v1/things`, {
      method: 'POST',
      headers: { ...APP_HEADERS, 'Content-Type': 'application/json' },
      body: '{"a":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, key: 'invalid_json' });
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const url = await start();
    const res = await fetch(`${url}/v1/things`, {
      method: 'POST',
      headers: { ...APP_HEADERS, 'Content-Type': 'application/json' },
      body: JSON.stringify({ big: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 413 });
  });
});

describe('errors and state', () => {
  it('turns a route error into the error object and rolls back what the route changed', async () => {
    const url = await start();
    const res = await fetch(`${url}/v1/broken`, { method: 'POST', headers: APP_HEADERS });
    expect(res.status).toBe(409);
    const body = await readJson(res);
    expect(Object.keys(body).sort()).toEqual([
      'code',
      'details',
      'key',
      'message',
      'request_id',
      'resource_type',
    ]);
    expect(body).toMatchObject({
      code: 409,
      key: 'conflict',
      details: 'Half-way failure',
      resource_type: 'thing',
    });
    expect(sandbox.state.events).toEqual([]);
  });
});

describe('authentication', () => {
  it('answers 401 to missing or wrong app credentials', async () => {
    const url = await start();
    const missing = await fetch(`${url}/v1/things`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: 401, key: 'unauthorized', message: 'Unauthorized' });
    const wrong = await fetch(`${url}/v1/things`, {
      method: 'POST',
      headers: { 'X-App-Id': 'sandbox', 'X-App-Token': 'nope' },
    });
    expect(wrong.status).toBe(401);
    const onlyOne = await fetch(`${url}/v1/things`, { method: 'POST', headers: { 'X-App-Id': 'sandbox' } });
    expect(onlyOne.status).toBe(401);
  });

  it('accepts a live bearer token where the route allows one, and checks its scope', async () => {
    const url = await start();
    const bearer = async (scope: string) => ({ Authorization: `Bearer ${await issueToken(url, scope)}` });
    const del = (headers: Record<string, string>) =>
      fetch(`${url}/v1/things/X`, { method: 'DELETE', headers });
    expect((await del(await bearer('api'))).status).toBe(204);
    expect((await del(await bearer('events vouchers'))).status).toBe(204);
    const wrongScope = await del(await bearer('events'));
    expect(wrongScope.status).toBe(403);
    expect(await wrongScope.json()).toMatchObject({ code: 403, key: 'missing_scope' });
    expect((await del({ Authorization: 'Bearer not-a-token' })).status).toBe(401);
    expect((await del({})).status).toBe(401);
  });

  it('refuses wrong app headers even when a valid bearer token comes with them', async () => {
    const url = await start();
    const token = await issueToken(url, 'api');
    const res = await fetch(`${url}/v1/things/X`, {
      headers: { Authorization: `Bearer ${token}`, 'X-App-Id': 'sandbox', 'X-App-Token': 'wrong' },
    });
    expect(res.status).toBe(401);
  });

  it('refuses an expired bearer token', async () => {
    let nowMs = Date.UTC(2025, 0, 1);
    sandbox = await startSandboxWithRoutes(routesWithOauth, { seed: {}, now: () => nowMs });
    const token = await issueToken(sandbox.url, 'api');
    const read = () => fetch(`${sandbox.url}/v1/things/X`, { headers: { Authorization: `Bearer ${token}` } });
    nowMs += 899_000;
    expect((await read()).status).toBe(200);
    nowMs += 1000;
    expect((await read()).status).toBe(401);
  });
});

describe('headers, logging and the control API', () => {
  it('writes one access-log line per request when asked to', async () => {
    const lines: string[] = [];
    sandbox = await startSandboxWithRoutes(testRoutes, { seed: {}, log: (line) => lines.push(line) });
    await fetch(`${sandbox.url}/v1/open?x=1`);
    await fetch(`${sandbox.url}/v1/nothing-here`);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^GET \/v1\/open\?x=1 200 \d+ms v-[0-9a-f]{18}$/);
    expect(lines[1]).toMatch(/^GET \/v1\/nothing-here 404 /);
  });

  it('sends rate-limit headers on every answer, errors included', async () => {
    const url = await start();
    const first = await fetch(`${url}/v1/open`);
    const second = await fetch(`${url}/v1/nothing-here`);
    expect(first.headers.get('x-rate-limit-limit')).toBe('6000');
    expect(Number(first.headers.get('x-rate-limit-remaining'))).toBe(5999);
    expect(Number(second.headers.get('x-rate-limit-remaining'))).toBe(5998);
    expect(Number(second.headers.get('x-rate-limit-retry'))).toBeGreaterThan(Date.now() / 1000);
  });

  it('serves recorded requests, faults and reset through /_sandbox/ without recording them', async () => {
    const url = await start();
    await fetch(`${url}/v1/things`, { method: 'POST', headers: APP_HEADERS });
    const denied = await fetch(`${url}/_sandbox/requests`);
    expect(denied.status).toBe(401);
    const recorded = await readJson<unknown[]>(
      await fetch(`${url}/_sandbox/requests`, { headers: APP_HEADERS }),
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ method: 'POST', rawPath: '/v1/things' });

    const faults = await fetch(`${url}/_sandbox/faults`, {
      method: 'POST',
      headers: { ...APP_HEADERS, 'Content-Type': 'application/json' },
      body: JSON.stringify({ errorRate: 1, errorStatus: 502 }),
    });
    expect(await faults.json()).toMatchObject({ errorRate: 1, errorStatus: 502 });
    expect((await fetch(`${url}/v1/open`)).status).toBe(502);

    expect(sandbox.state.events).toHaveLength(1);
    const reset = await fetch(`${url}/_sandbox/reset`, { method: 'POST', headers: APP_HEADERS });
    expect(reset.status).toBe(204);
    expect(sandbox.state.events).toEqual([]);
    expect(sandbox.requests.map((request) => request.rawPath)).toEqual(['/v1/things', '/v1/open']);
  });
});
