// A loopback proxy in front of the sandbox that loses answers for real: it lets the sandbox act and
// then breaks the connection or answers 502/504 in its place, or answers its 2xx with a body that
// does not parse, or refuses before forwarding (503, or a reset once the request is in). Only the
// requests `match` picks are struck; read-backs pass. `hold` makes a slow service: the requests it
// picks reach the sandbox only after a while (or when the test releases them), so that they land
// after promo's --timeout gave up on them.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyFaults {
  /** Probabilities, each 0..1, drawn once per struck request in this order. */
  resetAfter?: number;
  status502After?: number;
  status504After?: number;
  /** The sandbox acts and answers 2xx; the client gets that status with a body cut short. */
  garble2xx?: number;
  status503Before?: number;
  resetBefore?: number;
  match?: (method: string, path: string) => boolean;
  /**
   * Requests held `ms` before they are forwarded (whatever became of the client meanwhile), or until
   * release(); `match` picks them (default: the struck ones), the first `times` of them (default all).
   */
  hold?: { ms: number; match?: (method: string, path: string) => boolean; times?: number };
  /** Short for `hold: { ms }` on the requests `match` picks. */
  holdMs?: number;
}

export interface FaultProxy {
  url: string;
  faults: ProxyFaults;
  /** How many of each fault struck. */
  struck: Record<string, number>;
  /** Requests held now, and those held that reached the sandbox and got its answer. */
  held: number;
  landed: number;
  /** Forwards every request held now, one after the other, each once the one before got its answer. */
  release(): Promise<void>;
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
  const queue: Array<() => Promise<void>> = [];
  let heldSoFar = 0;
  const proxy: FaultProxy = {
    url: '',
    faults,
    struck,
    held: 0,
    landed: 0,
    release: async () => {
      for (const forward of queue.splice(0)) await forward();
    },
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const f = proxy.faults;
      const hit = (f.match ?? mutating)(req.method ?? 'GET', req.url ?? '/');
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
      const garble = pick(f.garble2xx);
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
      const hold = f.hold ?? (f.holdMs === undefined ? undefined : { ms: f.holdMs });
      const held =
        hold !== undefined &&
        (hold.match ?? f.match ?? mutating)(req.method ?? 'GET', req.url ?? '/') &&
        heldSoFar < (hold.times ?? Number.POSITIVE_INFINITY);
      const forward = () =>
        new Promise<void>((landed) => {
          const forwarded = request(
            upstream,
            { method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
            (answer) => {
              const body: Buffer[] = [];
              answer.on('data', (chunk: Buffer) => body.push(chunk));
              answer.on('end', () => {
                landed();
                const status = answer.statusCode ?? 502;
                if (resetAfter) {
                  strike('reset-after');
                  req.socket.destroy();
                } else if (status502 || status504) {
                  const gateway = status502 ? 502 : 504;
                  strike(`${gateway}-after`);
                  res.writeHead(gateway, { 'Content-Type': 'text/html' });
                  res.end(`<html><body>${gateway} Gateway</body></html>`);
                } else if (garble && status >= 200 && status < 300) {
                  strike('garble-2xx');
                  res.writeHead(status, { 'Content-Type': 'application/json' });
                  res.end(Buffer.concat(body).subarray(0, 7));
                } else {
                  res.writeHead(status, answer.headers);
                  res.end(Buffer.concat(body));
                }
              });
            },
          );
          forwarded.on('error', () => {
            landed();
            req.socket.destroy();
          });
          forwarded.end(Buffer.concat(chunks));
        });
      if (!held) {
        void forward();
        return;
      }
      heldSoFar += 1;
      proxy.held += 1;
      strike('held');
      let once: Promise<void> | undefined;
      const go = () => {
        once ??= forward().then(() => {
          proxy.held -= 1;
          proxy.landed += 1;
        });
        return once;
      };
      const entry = () => {
        clearTimeout(timer);
        return go();
      };
      const timer = setTimeout(() => {
        const at = queue.indexOf(entry);
        if (at >= 0) queue.splice(at, 1);
        void go();
      }, hold.ms);
      timer.unref();
      queue.push(entry);
    });
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
