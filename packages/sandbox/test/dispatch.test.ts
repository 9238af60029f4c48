// dispatch() hands the sandbox one request as values and its answer back the same way, for a client
// in the same process: what it answers must be what the same request over a connection gets
// (status, headers, body, the state after), it is recorded and faulted as any other, a request it
// drops is an ECONNRESET, and an export's CSV comes in pieces as it is made.
import { afterEach, describe, expect, it } from 'vitest';
import { type DispatchAnswer, type Sandbox, startSandbox } from '../src/index.js';
import { APP_HEADERS } from './core-helpers.js';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const JSON_HEADERS = { ...APP_HEADERS, 'Content-Type': 'application/json' };

function text(answer: DispatchAnswer): string {
  return typeof answer.body === 'string' ? answer.body : [...answer.body].join('');
}

describe('dispatch(): a request without HTTP on the wire', () => {
  it('answers as a connection would: status, headers and body alike, the request recorded, the state changed', async () => {
    sandbox = await startSandbox({ seed: {}, listen: false });
    const body = JSON.stringify({
      code: 'DISP-1',
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 10 },
    });
    const made = await sandbox.dispatch({ method: 'POST', url: '/v1/vouchers', headers: JSON_HEADERS, body });
    expect(made.status).toBe(200);
    expect(made.headers['Content-Type']).toBe('application/json; charset=utf-8');
    expect(made.headers['Content-Length']).toBe(String(Buffer.byteLength(text(made))));
    expect(JSON.parse(text(made)).code).toBe('DISP-1');
    const got = await sandbox.dispatch({
      method: 'GET',
      url: '/v1/vouchers/DISP-1?x=1',
      headers: APP_HEADERS,
    });
    expect(JSON.parse(text(got)).code).toBe('DISP-1');
    expect(
      sandbox.requests.map((r) => [r.method, r.rawPath, r.query, r.headers['content-type'], r.body]),
    ).toEqual([
      ['POST', '/v1/vouchers', '', 'application/json', body],
      ['GET', '/v1/vouchers/DISP-1', 'x=1', undefined, ''],
    ]);
    expect(Object.keys(sandbox.state.vouchers)).toEqual(['DISP-1']);
  });

  it('is the same answer as over a connection, for the same request', async () => {
    sandbox = await startSandbox({ seed: {} });
    const overHttp = await fetch(`${sandbox.url}/v1/vouchers/NONE`, { headers: APP_HEADERS });
    const direct = await sandbox.dispatch({ method: 'GET', url: '/v1/vouchers/NONE', headers: APP_HEADERS });
    const shape = (body: string) => ({ ...JSON.parse(body), request_id: 'r' });
    expect([direct.status, shape(text(direct))]).toEqual([overHttp.status, shape(await overHttp.text())]);
  });

  it('refuses a request without the app keys as the service does (401)', async () => {
    sandbox = await startSandbox({ seed: {}, listen: false });
    const answer = await sandbox.dispatch({ method: 'GET', url: '/v1/vouchers', headers: {} });
    expect(answer.status).toBe(401);
  });

  it('a fault that drops the connection is an ECONNRESET; one after handling leaves the change made', async () => {
    sandbox = await startSandbox({
      seed: {},
      listen: false,
      faults: { script: [{ action: { reset: 'before-handling' } }, { action: { reset: 'after-handling' } }] },
    });
    const request = {
      method: 'POST',
      url: '/v1/vouchers',
      headers: JSON_HEADERS,
      body: JSON.stringify({
        code: 'DISP-2',
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'PERCENT', percent_off: 5 },
      }),
    };
    await expect(sandbox.dispatch(request)).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(Object.keys(sandbox.state.vouchers)).toEqual([]);
    await expect(sandbox.dispatch(request)).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(Object.keys(sandbox.state.vouchers)).toEqual(['DISP-2']);
  });

  it('a body over the route’s limit is refused (413), not read', async () => {
    sandbox = await startSandbox({ seed: {}, listen: false });
    const answer = await sandbox.dispatch({
      method: 'POST',
      url: '/v1/vouchers',
      headers: JSON_HEADERS,
      body: JSON.stringify({ code: 'BIG', metadata: { pad: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(answer.status).toBe(413);
  });

  it('an export’s CSV comes as pieces, the header line first', async () => {
    sandbox = await startSandbox({ listen: false, generatedVouchers: 50 });
    const box = sandbox;
    const call = async (method: string, url: string, body?: unknown) =>
      box.dispatch({
        method,
        url,
        headers: { ...JSON_HEADERS, Host: 'sandbox.invalid' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const created = JSON.parse(
      text(
        await call('POST', '/v1/exports', { exported_object: 'voucher', parameters: { fields: ['code'] } }),
      ),
    );
    let done: { status: string; result?: { url: string } } = { status: '' };
    for (let i = 0; i < 100 && done.status !== 'DONE'; i++) {
      done = JSON.parse(text(await call('GET', `/v1/exports/${created.id}`)));
      if (done.status !== 'DONE') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const url = new URL(done.result?.url ?? '');
    expect(url.origin).toBe('http://sandbox.invalid');
    const csv = await call('GET', `${url.pathname}${url.search}`);
    expect(csv.status).toBe(200);
    expect(typeof csv.body).not.toBe('string');
    const lines = text(csv).trim().split('\n');
    expect(lines[0]).toBe('Code');
    expect(lines.length).toBeGreaterThan(50);
  });

  it('refuses once the sandbox is closed', async () => {
    sandbox = await startSandbox({ seed: {}, listen: false });
    const box = sandbox;
    await box.close();
    await expect(box.dispatch({ method: 'GET', url: '/v1/vouchers', headers: APP_HEADERS })).rejects.toThrow(
      'the sandbox is closed',
    );
  });
});
