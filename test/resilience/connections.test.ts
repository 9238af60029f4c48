// Pooled connections: a request that must not be repeated never rides on one that sat idle long
// enough for a server or NAT to have dropped it silently.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SecretSet } from '../../src/http/redact.js';
import { MAX_IDLE_REUSE_MS, Transport } from '../../src/http/transport.js';

let server: Server;
let base: string;
const ports: number[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    ports.push(req.socket.remotePort!);
    req.resume();
    req.on('end', () => res.end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

it('sends a POST on a fresh connection after the pool sat idle, and reuses it when it was just used', async () => {
  let clock = 1_000_000;
  const transport = new Transport({
    timeoutMs: 2000,
    retries: 0,
    secrets: new SecretSet(),
    now: () => clock,
  });
  const send = (method: string, idempotent: boolean) =>
    transport.send({
      method,
      url: new URL(`${base}/x`),
      headers: {},
      body: method === 'POST' ? '{}' : undefined,
      idempotent,
    });
  try {
    await send('GET', true);
    clock += 500;
    await send('POST', false);
    clock += MAX_IDLE_REUSE_MS + 1;
    await send('GET', true);
    clock += MAX_IDLE_REUSE_MS + 1;
    await send('POST', false);
  } finally {
    transport.close();
  }
  const [get1, post1, get2, post2] = ports.slice(-4);
  expect(post1).toBe(get1);
  // A GET may ride an idle connection: if it is dead, the GET is simply sent again.
  expect(get2).toBe(post1);
  expect(post2).not.toBe(get2);
});

it('sixteen first requests at once share one pool: close() ends every connection they opened', async () => {
  const transport = new Transport({ timeoutMs: 2000, retries: 0, secrets: new SecretSet() });
  const open = new Set<import('node:net').Socket>();
  const onConnection = (socket: import('node:net').Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  };
  server.on('connection', onConnection);
  try {
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        transport.send({ method: 'GET', url: new URL(`${base}/x`), headers: {}, idempotent: true }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(16).fill(200));
    expect(open.size).toBeGreaterThan(0);
    transport.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(open.size).toBe(0);
  } finally {
    server.off('connection', onConnection);
  }
});
