// TLS failures are not retried (the same certificate comes back every time): the error names the
// cause and the fix, and the fix (NODE_EXTRA_CA_CERTS) works. HTTPS servers on loopback with
// certificates made by openssl in the test.
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificates, type Pem, type TestCertificates } from '../helpers/certs.js';
import { runPromo, spawnPromo, tempDir } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN } from '../helpers/sandbox.js';

const dir = tempDir('promo-tls-');
const config = tempDir();
let certs: TestCertificates;
const servers: Array<{ server: Server; url: string; connections: number }> = [];

async function serve(pem: Pem) {
  const entry = { server: createServer({ key: pem.key, cert: pem.cert }), url: '', connections: 0 };
  entry.server.on('connection', () => entry.connections++);
  entry.server.on('request', (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        object: 'list',
        data_ref: 'campaign_templates',
        campaign_templates: [],
        has_more: false,
      }),
    );
  });
  await new Promise<void>((resolve) => entry.server.listen(0, '127.0.0.1', resolve));
  entry.url = `https://127.0.0.1:${(entry.server.address() as AddressInfo).port}`;
  servers.push(entry);
  return entry;
}

beforeAll(() => {
  certs = makeCertificates(dir.path);
});
afterAll(async () => {
  for (const { server } of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  dir.cleanup();
  config.cleanup();
});

const env = { PROMO_APP_ID: APP_ID, PROMO_APP_TOKEN: APP_TOKEN, PROMO_CONFIG_DIR: config.path };
const argv = (url: string) => ['--api-url', url, '-o', 'json', 'templates', 'list'];
const errorOf = (stderr: string) => JSON.parse(stderr.trim().split('\n').at(-1)!).error;

describe('a certificate this machine does not trust', () => {
  it('self-signed: exit 6 at once, naming the cause and NODE_EXTRA_CA_CERTS; one connection, no retry', async () => {
    const entry = await serve(certs.selfSigned);
    const { code, stdout, stderr } = await runPromo(argv(entry.url), { configDir: config.path, env });
    expect(code).toBe(6);
    expect(stdout).toBe('');
    const error = errorOf(stderr);
    expect(error).toMatchObject({ key: 'network_error', code: 'DEPTH_ZERO_SELF_SIGNED_CERT', exit_code: 6 });
    expect(error.message).toContain('TLS: the server presented a self-signed certificate');
    expect(error.message).not.toContain('attempts');
    expect(error.hint).toContain('NODE_EXTRA_CA_CERTS');
    expect(stderr).not.toContain('retrying');
    expect(entry.connections).toBe(1);
  });

  it('signed by an unknown authority: not retried, same fix', async () => {
    const entry = await serve(certs.good);
    const { code, stderr } = await runPromo(argv(entry.url), { configDir: config.path, env });
    expect(code).toBe(6);
    expect(errorOf(stderr)).toMatchObject({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    expect(errorOf(stderr).hint).toContain('NODE_EXTRA_CA_CERTS');
    expect(entry.connections).toBe(1);
  });

  it('with NODE_EXTRA_CA_CERTS naming the authority, the same server is trusted', async () => {
    const entry = await serve(certs.good);
    const run = await spawnPromo(argv(entry.url), {
      env: { ...env, NODE_EXTRA_CA_CERTS: certs.ca.certFile },
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([]);
  });
});

describe('over TLS, connections kept', () => {
  it('a bulk run sends its requests on the connection it opened: one TLS handshake for five deletes', async () => {
    const entry = await serve(certs.good);
    const deleted: string[] = [];
    entry.server.removeAllListeners('request');
    entry.server.on('request', (req, res) => {
      deleted.push(`${req.method} ${req.url}`);
      res.writeHead(204);
      res.end();
    });
    const codes = join(dir.path, 'codes.txt');
    writeFileSync(codes, 'TLS-1\nTLS-2\nTLS-3\nTLS-4\nTLS-5\n');
    const run = await spawnPromo(
      [
        '--api-url',
        entry.url,
        '-o',
        'json',
        'voucher',
        'delete',
        '--input',
        codes,
        '--yes',
        '--concurrency',
        '1',
      ],
      { env: { ...env, NODE_EXTRA_CA_CERTS: certs.ca.certFile } },
    );
    expect(run.code).toBe(0);
    expect(deleted).toEqual([1, 2, 3, 4, 5].map((n) => `DELETE /v1/vouchers/TLS-${n}`));
    expect(entry.connections).toBe(1);
  });
});

describe('no TLS at all', () => {
  it('https:// to a port that speaks plain http: names it, points at the URL, no retry', async () => {
    const { createServer: createPlain } = await import('node:http');
    let connections = 0;
    const plain = createPlain((_req, res) => res.end('{}')).on('connection', () => connections++);
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const url = `https://127.0.0.1:${(plain.address() as AddressInfo).port}`;
      const { code, stderr } = await runPromo(argv(url), { configDir: config.path, env });
      expect(code).toBe(6);
      expect(errorOf(stderr)).toMatchObject({ code: 'ERR_SSL_WRONG_VERSION_NUMBER' });
      expect(errorOf(stderr).message).toContain('TLS: the server does not speak TLS on this port');
      expect(errorOf(stderr).hint).toContain('http:// rather than https://');
      expect(connections).toBe(1);
    } finally {
      plain.closeAllConnections();
      await new Promise((resolve) => plain.close(resolve));
    }
  });
});

describe('a trusted authority, a bad certificate', () => {
  it('expired: names it, points at the clock, no retry', async () => {
    const entry = await serve(certs.expired);
    const run = await spawnPromo(argv(entry.url), {
      env: { ...env, NODE_EXTRA_CA_CERTS: certs.ca.certFile },
    });
    expect(run.code).toBe(6);
    const error = errorOf(run.stderr);
    expect(error).toMatchObject({ code: 'CERT_HAS_EXPIRED' });
    expect(error.message).toContain("TLS: the server's certificate has expired");
    expect(error.hint).toContain('clock');
    expect(entry.connections).toBe(1);
  });

  it('for another host name: names it and points at the API URL', async () => {
    const entry = await serve(certs.otherHost);
    const run = await spawnPromo(argv(entry.url), {
      env: { ...env, NODE_EXTRA_CA_CERTS: certs.ca.certFile },
    });
    expect(run.code).toBe(6);
    const error = errorOf(run.stderr);
    expect(error).toMatchObject({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    expect(error.message).toContain("TLS: the server's certificate is for another host name");
    expect(error.hint).toContain('API URL');
    expect(entry.connections).toBe(1);
  });
});
