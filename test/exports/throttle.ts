// A loopback proxy in front of a sandbox that passes everything on, Host header included (so the
// sandbox's result URLs name the proxy), and slows an export's download to a trickle: so that a
// test can stop promo at a moment of its choosing while the CSV is arriving.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Throttle {
  url: string;
  /** Downloads begun (a token in the query). */
  downloads: number;
  close(): Promise<void>;
}

export async function startThrottle(target: string, bytesPerTick = 2048, tickMs = 10): Promise<Throttle> {
  const upstream = new URL(target);
  const throttle: Throttle = { url: '', downloads: 0, close: async () => undefined };
  const server = createServer((req, res) => {
    const slow = /[?&]token=/.test(req.url ?? '');
    if (slow) throttle.downloads += 1;
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!slow) return answer.pipe(res);
        // 'end' may come while the last chunk still trickles out: the answer ends after it.
        let ended = false;
        let trickling = 0;
        answer.on('data', (chunk: Buffer) => {
          answer.pause();
          trickling += 1;
          let at = 0;
          const tick = () => {
            if (res.destroyed) return answer.destroy();
            res.write(chunk.subarray(at, at + bytesPerTick));
            at += bytesPerTick;
            if (at < chunk.length) return setTimeout(tick, tickMs);
            trickling -= 1;
            if (ended && trickling === 0) res.end();
            else answer.resume();
          };
          tick();
        });
        answer.on('end', () => {
          ended = true;
          if (trickling === 0) res.end();
        });
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  throttle.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  throttle.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return throttle;
}
