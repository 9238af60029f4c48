// A sandbox started with `listen: false` opens no port and is reached through connect(): an HTTP
// client in the same process gives it as http.request's createConnection. What a client sees must
// be what it would see over a socket: the answer whole, a large one at the reader's pace, and a
// connection the sandbox drops (a fault) as a reset before any answer ("socket hang up").
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { IN_PROCESS_URL, type Sandbox, startSandbox } from '../src/index.js';
import { APP_HEADERS } from './core-helpers.js';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

interface Answer {
  status: number;
  body: string;
}

/** One request through a connection of `connect()`. */
function send(box: Sandbox, method: string, path: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${box.url}${path}`,
      {
        method,
        headers: { ...APP_HEADERS, 'Content-Type': 'application/json' },
        createConnection: () => box.connect(),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

describe('a sandbox in this process (listen: false)', () => {
  it('opens no port: its url names no host, and a request through connect() is served and recorded', async () => {
    sandbox = await startSandbox({ seed: {}, listen: false });
    expect(sandbox.url).toBe(IN_PROCESS_URL);
    const made = await send(sandbox, 'POST', '/v1/vouchers', {
      code: 'INPROC-1',
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'PERCENT', percent_off: 10 },
    });
    expect(made.status).toBe(200);
    const got = await send(sandbox, 'GET', '/v1/vouchers/INPROC-1');
    expect([got.status, JSON.parse(got.body).code]).toEqual([200, 'INPROC-1']);
    expect(sandbox.requests.map((r) => `${r.method} ${r.rawPath}`)).toEqual([
      'POST /v1/vouchers',
      'GET /v1/vouchers/INPROC-1',
    ]);
    expect(Object.keys(sandbox.state.vouchers)).toEqual(['INPROC-1']);
  });

  it('carries a large answer whole, read slowly', async () => {
    sandbox = await startSandbox({ seed: {}, listen: false, generatedVouchers: 100 });
    const box = sandbox;
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(
        `${box.url}/v1/vouchers?limit=100`,
        { headers: APP_HEADERS, createConnection: () => box.connect() },
        (res) => {
          res.pause();
          const chunks: Buffer[] = [];
          let ended = false;
          // A reader that takes a chunk at a time, late: the writer waits for it, nothing is lost.
          const next = () => {
            const chunk = res.read(4096) as Buffer | null;
            if (chunk) chunks.push(chunk);
            if (!ended) setTimeout(next, 1);
          };
          res.on('readable', () => undefined);
          res.on('end', () => {
            ended = true;
            resolve(Buffer.concat(chunks).toString('utf8'));
          });
          setTimeout(next, 1);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(JSON.parse(body).vouchers).toHaveLength(100);
  });

  it('a connection it drops reaches the client as a reset before any answer', async () => {
    sandbox = await startSandbox({
      seed: {},
      listen: false,
      faults: { script: [{ action: { reset: 'before-handling' } }] },
    });
    const error = await send(sandbox, 'GET', '/v1/vouchers/ANY').then(
      () => undefined,
      (e: NodeJS.ErrnoException) => e,
    );
    expect([error?.code, error?.message]).toEqual(['ECONNRESET', 'socket hang up']);
    // The next connection is served as usual.
    expect((await send(sandbox, 'GET', '/v1/vouchers/ANY')).status).toBe(404);
  });

  it('close() ends a request it holds (a hang) as a reset, and refuses new connections', async () => {
    sandbox = await startSandbox({ seed: {}, listen: false, faults: { hang: true } });
    const box = sandbox;
    const held = send(box, 'GET', '/v1/vouchers/ANY').then(
      () => undefined,
      (e: NodeJS.ErrnoException) => e.code,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await box.close();
    expect(await held).toBe('ECONNRESET');
    expect(() => box.connect()).toThrow('the sandbox is closed');
  });
});
