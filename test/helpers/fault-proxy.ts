// A loopback proxy in front of the sandbox that loses answers for real: it lets the sandbox act and
// then breaks the connection or answers 502/504 in its place, or refuses before forwarding (503,
// or a reset once the request is in), or holds it first (a slow service). Only the requests `match`
// picks are struck; read-backs pass.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyFaults {
  /** Probabilities, each 0..1, drawn once per struck request in this order. */
  resetAfter?: number;
  status502After?: number;
  status504After?: number;
  status503Before?: number;
  resetBefore?: number;
  /** A slow service: each struck request is held this long before it is forwarded (its faults after). */
  holdMs?: number;
  match?: (method: string, path: string) => boolean;
}

export interface FaultProxy {
  url: string;
  faults: ProxyFaults;
  /** How many of each fault struck. */
  struck: Record<string, number>;
  close(): Promise<void>;
}

const mutating = (method: string, path: string) =>
  (method === 'POST' || method === 'DELETE') && /^\/v1\/(vouchers|events)/.test(path);

export async function startFaultProxy(
  target: string,
  faults: ProxyFaults,
  random: () => number = Math.random,
): Promise<FaultProxy> {
  const upstream = new URL(target);
  const struck: Record<string, number> = {};
  const strike = (name: string) => {
    struck[name] = (struck[name] ?? 0) + 1;
  };
  const proxy: FaultProxy = { url: '', faults, struck, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const f = proxy.faults;
      const hit = (f.match ?? mutating)(req.method ?? 'GET', req.url ?? '/');
      if (hit && f.holdMs) {
        strike('held');
        setTimeout(() => pass(f, hit), f.holdMs);
      } else pass(f, hit);
    });
    const pass = (f: ProxyFaults, hit: boolean) => {
      // One draw decides the fault, so that the probabilities add up as given.
      let draw = hit ? random() : 1;
      const pick = (p = 0) => {
        const yes = draw < p;
        draw = yes ? Number.POSITIVE_INFINITY : draw - p;
        return yes;
      };
      const resetAfter = pick(f.resetAfter);
      const status502 = pick(f.status502After);
      const status504 = pick(f.status504After);
      if (pick(f.status503Before)) {
        strike('503-before');
        res.writeHead(503, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ code: 503, key: 'service_unavailable', message: 'Service unavailable' }));
        return;
      }
      if (pick(f.resetBefore)) {
        strike('reset-before');
        req.socket.destroy();
        return;
      }
      const forwarded = request(
        upstream,
        { method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => body.push(chunk));
          answer.on('end', () => {
            if (resetAfter) {
              strike('reset-after');
              req.socket.destroy();
            } else if (status502 || status504) {
              const status = status502 ? 502 : 504;
              strike(`${status}-after`);
              res.writeHead(status, { 'Content-Type': 'text/html' });
              res.end(`<html><body>${status} Gateway</body></html>`);
            } else {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              res.end(Buffer.concat(body));
            }
          });
        },
      );
      forwarded.on('error', () => req.socket.destroy());
      forwarded.end(Buffer.concat(chunks));
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
