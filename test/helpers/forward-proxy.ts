// A forward proxy on loopback that counts what passes through it: absolute-form http requests and
// CONNECT tunnels, with the Proxy-Authorization each carried. It reaches loopback targets only.
import { createServer, request } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

export interface ProxySeen {
  kind: 'http' | 'connect';
  /** The absolute URL, or host:port of a tunnel. */
  target: string;
  authorization?: string;
}

export interface ForwardProxy {
  url: string;
  port: number;
  seen: ProxySeen[];
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** With `credentials` (user:password), anything without them is answered 407. */
export async function startForwardProxy(credentials?: string, host = '127.0.0.1'): Promise<ForwardProxy> {
  const expected = credentials ? `Basic ${Buffer.from(credentials).toString('base64')}` : undefined;
  const seen: ProxySeen[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const authorization = req.headers['proxy-authorization'];
    seen.push({ kind: 'http', target: req.url ?? '', authorization });
    if (expected && authorization !== expected) {
      res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="test"' });
      return res.end();
    }
    const target = new URL(req.url ?? '');
    if (!LOOPBACK.has(target.hostname)) {
      res.writeHead(403);
      return res.end();
    }
    const { 'proxy-authorization': _, ...headers } = req.headers;
    const upstream = request(target, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req, client: Socket, head) => {
    sockets.add(client);
    const authorization = req.headers['proxy-authorization'];
    seen.push({ kind: 'connect', target: req.url ?? '', authorization });
    if (expected && authorization !== expected) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n',
      );
      return;
    }
    const [host = '', port = '443'] = (req.url ?? '').split(/:(?=\d+$)/);
    if (!LOOPBACK.has(host)) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(Number(port), host.replace(/^\[|\]$/g, ''), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
