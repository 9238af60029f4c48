// A loopback HTTP server that answers whatever the test says, and records what it was sent: the
// stand-in for a misbehaving service, a captive portal or a hostile host.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (req: SeenRequest, res: ServerResponse) => void;

export interface Hostile {
  url: string;
  requests: SeenRequest[];
  /** What the next requests are answered with (default: 200 `{}`). */
  handle: Handler;
  close(): Promise<void>;
}

export async function startHostile(handle: Handler = (_, res) => res.end('{}')): Promise<Hostile> {
  const sockets = new Set<import('node:net').Socket>();
  const hostile: Hostile = {
    url: '',
    requests: [],
    handle,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      hostile.requests.push(seen);
      hostile.handle(seen, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hostile.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return hostile;
}

/** One hostile server for a test file, reset to answer `{}` before each test. */
export function useHostile(): Hostile {
  let current: Hostile | undefined;
  const get = () => {
    if (!current) throw new Error('useHostile: only inside tests');
    return current;
  };
  beforeAll(async () => {
    current = await startHostile();
  });
  afterAll(() => current?.close());
  beforeEach(() => {
    get().requests.length = 0;
    get().handle = (_, res) => res.end('{}');
  });
  return {
    get url() {
      return get().url;
    },
    get requests() {
      return get().requests;
    },
    get handle() {
      return get().handle;
    },
    set handle(handler: Handler) {
      get().handle = handler;
    },
    close: () => get().close(),
  };
}

/** Answers JSON with a status. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

/** What the gateway does with one request: pass it on, or stand for a failure before or after the service acted. */
export type GatewayStep = 'pass' | 'reset-before' | '503-before' | '502-after' | '504-after' | 'reset-after';

export interface Gateway {
  url: string;
  /** Steps for the next requests, consumed in order; then every request passes. */
  plan: GatewayStep[];
  /** Requests that reached the gateway. */
  seen: number;
  close(): Promise<void>;
}

/**
 * A reverse proxy on loopback in front of `upstream` (the sandbox), like a load balancer that loses
 * answers: `…-after` steps let the service act, then answer 502/504 or break the connection.
 */
export async function startGateway(upstream: string): Promise<Gateway> {
  const { request } = await import('node:http');
  const gateway: Gateway = { url: '', plan: [], seen: 0, close: async () => undefined };
  const server = createServer((req, res) => {
    gateway.seen++;
    const step = gateway.plan.shift() ?? 'pass';
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (step === 'reset-before') return req.socket.destroy();
      if (step === '503-before')
        return json(503, { code: 503, message: 'Service Unavailable' })({} as SeenRequest, res);
      const forwarded = request(new URL(req.url ?? '/', upstream), {
        method: req.method,
        headers: req.headers,
      });
      forwarded.on('response', (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => body.push(chunk));
        answer.on('end', () => {
          if (step === 'reset-after') return req.socket.destroy();
          if (step === '502-after' || step === '504-after') {
            res.writeHead(step === '502-after' ? 502 : 504, { 'Content-Type': 'text/html' });
            return res.end('<html><body>Bad gateway</body></html>');
          }
          res.writeHead(answer.statusCode ?? 500, answer.headers);
          res.end(Buffer.concat(body));
        });
      });
      forwarded.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gateway.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return gateway;
}
