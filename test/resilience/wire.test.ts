// promo's HTTP/1.1 client (src/http/wire.ts) reads answers as node:http reads them: every framing
// a server may use, in pieces of any size, against Node's own client over a real connection; what
// is not HTTP is an error and the connection is never reused; a kept connection carries the next
// request only when its answer ended where it said.
import { once } from 'node:events';
import { get, type IncomingMessage } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import * as stream from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { IncomingAnswer } from '../../src/http/types.js';
import { WirePool } from '../../src/http/wire.js';

let server: Server | undefined;
let pool: WirePool | undefined;
afterEach(() => {
  pool?.close();
  server?.close();
  server = pool = undefined;
});

interface Served {
  port: number;
  /** Connections accepted so far. */
  connections: () => number;
  /** Each request's head as it came. */
  heads: string[];
}

/** A server that answers each request with `reply(n)` (n counts requests), written in pieces of `piece` bytes. */
async function serve(reply: (n: number) => string | Buffer, piece = 0): Promise<Served> {
  let connections = 0;
  const heads: string[] = [];
  server = createServer((socket: Socket) => {
    connections++;
    let buffered = '';
    socket.on('error', () => undefined);
    socket.on('data', async (data) => {
      buffered += data.toString('latin1');
      for (let end = buffered.indexOf('\r\n\r\n'); end >= 0; end = buffered.indexOf('\r\n\r\n')) {
        const head = buffered.slice(0, end);
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length < end + 4 + length) return;
        heads.push(head);
        buffered = buffered.slice(end + 4 + length);
        const bytes = Buffer.from(reply(heads.length));
        if (!piece) socket.write(bytes);
        else
          for (let at = 0; at < bytes.length; at += piece) {
            socket.write(bytes.subarray(at, at + piece));
            await new Promise((resolve) => setImmediate(resolve));
          }
        const text = bytes.toString('latin1');
        if (/connection: close/i.test(text) || text.startsWith('HTTP/1.0')) socket.end();
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { port, connections: () => connections, heads };
}

interface Read {
  status?: number;
  message?: string;
  rawHeaders?: string[];
  body?: string;
  error?: string;
}

function viaWire(port: number, method = 'GET', body?: string): Promise<Read> {
  pool ??= new WirePool((host, p) => connect({ host, port: p }), 80, stream);
  const headers: Record<string, string> = body === undefined ? {} : { 'Content-Length': String(body.length) };
  const req = pool.request(new URL(`http://127.0.0.1:${port}/v1/x?y=1`), { method, headers });
  return new Promise((resolve) => {
    req.on('error', (error) => resolve({ error: error.code }));
    req.on('response', (res: IncomingAnswer) => readAnswer(res, resolve));
    req.end(body);
  });
}

/** What a client read of an answer: its status, words, header lines and body, or the error that cut it. */
function readAnswer(res: IncomingAnswer | IncomingMessage, resolve: (read: Read) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('error', (error: NodeJS.ErrnoException) => resolve({ status: res.statusCode, error: error.code }));
  res.on('end', () =>
    resolve({
      status: res.statusCode,
      message: res.statusMessage,
      rawHeaders: res.rawHeaders,
      body: Buffer.concat(chunks).toString('utf8'),
    }),
  );
}

function viaNode(port: number, method = 'GET'): Promise<Read> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/v1/x?y=1', method, agent: false }, (res) =>
      readAnswer(res, resolve),
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code }));
  });
}

const ANSWERS: Record<string, string> = {
  'a Content-Length':
    'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}',
  'chunked, with an extension and a trailer':
    'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;x=y\r\n{"a"\r\nd\r\n:"ünïcode"}\r\n0\r\nX-Trailer: t\r\n\r\n',
  'chunked in upper-case hex': `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1A\r\n${'z'.repeat(26)}\r\n0\r\n\r\n`,
  'up to the end of the connection': 'HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nall of it',
  'interim answers first':
    'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\n{}',
  'no body (204)': 'HTTP/1.1 204 No Content\r\nX-Request-Id: r\r\n\r\n',
  'a status line without words': 'HTTP/1.1 404\r\nContent-Length: 0\r\n\r\n',
  'odd spacing and repeats':
    'HTTP/1.1 429 Too Many\r\nRetry-After:3  \r\nx-a:   1\r\nX-A: 2\r\nContent-Length: 0\r\n\r\n',
  'HTTP/1.0 without a length': 'HTTP/1.0 200 OK\r\n\r\nold',
};

describe('promo reads an answer as node:http does', () => {
  for (const [name, raw] of Object.entries(ANSWERS)) {
    it(`${name}, whole and a byte at a time`, async () => {
      const { port } = await serve(() => raw);
      const node = await viaNode(port);
      expect(node.error).toBeUndefined();
      expect(await viaWire(port)).toEqual(node);
      pool?.close();
      pool = undefined;
      server?.close();
      const slow = await serve(() => raw, 1);
      expect(await viaWire(slow.port)).toEqual(node);
    });
  }
});

describe('what is not an HTTP/1.1 answer is an error, as node:http says it', () => {
  const BAD: Record<string, [string, string]> = {
    'not HTTP at all': ['<html>hello</html>\r\n\r\n', 'HPE_INVALID_CONSTANT'],
    'a header line without a name': [
      'HTTP/1.1 200 OK\r\n: x\r\nContent-Length: 0\r\n\r\n',
      'HPE_INVALID_HEADER_TOKEN',
    ],
    'two Content-Lengths that differ': [
      'HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
      'HPE_UNEXPECTED_CONTENT_LENGTH',
    ],
    'a Content-Length that is not a number': [
      'HTTP/1.1 200 OK\r\nContent-Length: 1x\r\n\r\nab',
      'HPE_INVALID_CONTENT_LENGTH',
    ],
    'a chunk size that is not hex': [
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'HPE_INVALID_CHUNK_SIZE',
    ],
    'a control character in a header value': [
      'HTTP/1.1 200 OK\r\nX-A: a\u0001b\r\nContent-Length: 0\r\n\r\n',
      'HPE_INVALID_HEADER_TOKEN',
    ],
    'a header value with a lone CR': [
      'HTTP/1.1 200 OK\r\nX-A: a\rb\r\nContent-Length: 0\r\n\r\n',
      'HPE_INVALID_HEADER_TOKEN',
    ],
    'a head over 16 KiB': [
      `HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(17 * 1024)}\r\n\r\n`,
      'HPE_HEADER_OVERFLOW',
    ],
  };
  for (const [name, [raw, code]] of Object.entries(BAD)) {
    it(name, async () => {
      const { port, connections } = await serve(() => raw);
      // Node's parser refuses it too (its words for it differ between its versions).
      expect((await viaNode(port)).error).toMatch(/^HPE_/);
      expect((await viaWire(port)).error).toBe(code);
      // The connection is closed, not kept: the next request opens its own.
      await viaWire(port);
      expect(connections()).toBe(3);
    });
  }

  it('a connection closed before the answer: socket hang up (ECONNRESET)', async () => {
    server = createServer((socket) => socket.once('data', () => socket.destroy()));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    expect(await viaWire(port)).toEqual({ error: 'ECONNRESET' });
  });

  it('a body cut short fails its reader (ECONNRESET), after the status came', async () => {
    const { port } = await serve(
      () => 'HTTP/1.1 200 OK\r\nContent-Length: 100\r\nConnection: close\r\n\r\nonly this',
    );
    expect(await viaWire(port)).toEqual({ status: 200, error: 'ECONNRESET' });
  });

  it('a header value with a line break is refused before anything is sent', async () => {
    const { port, heads } = await serve(() => 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n');
    pool = new WirePool((host, p) => connect({ host, port: p }), 80, stream);
    expect(() =>
      pool?.request(new URL(`http://127.0.0.1:${port}/`), {
        method: 'GET',
        headers: { 'X-A': 'a\r\nX-B: b' },
      }),
    ).toThrow(expect.objectContaining({ code: 'ERR_INVALID_CHAR' }));
    expect(heads).toEqual([]);
  });
});

describe('a connection is kept for the next request only when its answer ended where it said', () => {
  it('three requests in turn share one connection; each head says Host, keep-alive and its body length', async () => {
    const { port, connections, heads } = await serve(
      (n) => `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n${n}\r\n0\r\n\r\n`,
    );
    expect((await viaWire(port)).body).toBe('1');
    expect((await viaWire(port, 'POST', '{"a":1}')).body).toBe('2');
    expect((await viaWire(port, 'POST')).body).toBe('3');
    expect(connections()).toBe(1);
    expect(heads).toEqual([
      `GET /v1/x?y=1 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive`,
      `POST /v1/x?y=1 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 7\r\nConnection: keep-alive`,
      `POST /v1/x?y=1 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 0\r\nConnection: keep-alive`,
    ]);
  });

  it('not after Connection: close, nor after bytes past the answer', async () => {
    const replies = [
      'HTTP/1.1 200 OK\r\nContent-Length: 1\r\nConnection: close\r\n\r\na',
      'HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nbEXTRA',
      'HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nc',
    ];
    const { port, connections } = await serve((n) => replies[n - 1] ?? replies[2]!);
    expect((await viaWire(port)).body).toBe('a');
    expect((await viaWire(port)).body).toBe('b');
    expect((await viaWire(port)).body).toBe('c');
    expect(connections()).toBe(3);
  });

  it('a kept connection the server closed meanwhile is not used: the next request opens its own', async () => {
    const sockets: Socket[] = [];
    const { port, connections } = await serve(() => 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    server?.on('connection', (socket: Socket) => sockets.push(socket));
    expect((await viaWire(port)).body).toBe('ok');
    for (const socket of sockets) socket.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await viaWire(port)).body).toBe('ok');
    expect(connections()).toBe(2);
  });

  it('until a second before the server said it closes an idle one (Keep-Alive: timeout=N)', async () => {
    const { port, connections } = await serve(
      (n) => `HTTP/1.1 200 OK\r\nKeep-Alive: timeout=${n === 1 ? 1 : 2}\r\nContent-Length: 2\r\n\r\nok`,
    );
    await viaWire(port);
    // timeout=1 leaves no time at all: not kept.
    await viaWire(port);
    expect(connections()).toBe(2);
    // timeout=2: kept for a second, then closed by promo before the server would.
    await viaWire(port);
    expect(connections()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    await viaWire(port);
    expect(connections()).toBe(3);
  });

  it('dropIdle closes the kept ones: the next request opens its own', async () => {
    const { port, connections } = await serve(() => 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    await viaWire(port);
    pool?.dropIdle();
    await viaWire(port);
    expect(connections()).toBe(2);
  });

  it('a large body is read whole at the reader’s pace', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    const { port } = await serve(() => `HTTP/1.1 200 OK\r\nContent-Length: ${big.length}\r\n\r\n${big}`);
    const read = await viaWire(port);
    expect(read.body?.length).toBe(big.length);
  });
});
