// Proxies from the environment, as curl and gh read them, through a proxy on loopback that counts
// what passed: absolute-form for an http API URL, a CONNECT tunnel for an https one; NO_PROXY;
// credentials in the proxy URL sent as Proxy-Authorization and never printed.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bypassesProxy } from '../../src/http/proxy.js';
import { makeCertificates, type TestCertificates } from '../helpers/certs.js';
import { type ForwardProxy, startForwardProxy } from '../helpers/forward-proxy.js';
import { runPromo, spawnPromo, tempDir } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const USER = 'promo-user';
const PASSWORD = 'p@ss:w0rd';
const ENCODED = 'p%40ss%3Aw0rd';
const BASIC = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
let proxy: ForwardProxy;
let open: ForwardProxy;
let closedPort: number;
beforeAll(async () => {
  proxy = await startForwardProxy(`${USER}:${PASSWORD}`);
  open = await startForwardProxy();
  const spare = await startForwardProxy();
  closedPort = spare.port;
  await spare.close();
});
afterAll(async () => {
  await proxy.close();
  await open.close();
});
beforeEach(() => {
  proxy.seen.length = 0;
  open.seen.length = 0;
});

const withCredentials = () => `http://${USER}:${ENCODED}@127.0.0.1:${proxy.port}`;
const promo = (env: Record<string, string>, ...argv: string[]) =>
  runPromo(['-o', 'json', ...argv], { configDir: fx.configDir, env });
const errorOf = (stderr: string) => JSON.parse(stderr.trim().split('\n').at(-1)!).error;
const TEMPLATES = ['templates', 'list', '--limit', '1'];

describe('an http API URL through HTTP_PROXY', () => {
  it('goes as an absolute-form request with Proxy-Authorization from the URL; the service gets it without', async () => {
    const { code, stdout } = await promo({ HTTP_PROXY: withCredentials() }, ...TEMPLATES);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toHaveLength(1);
    expect(proxy.seen).toEqual([
      { kind: 'http', target: `${fx.sandbox.url}/v1/templates/campaigns?limit=1`, authorization: BASIC },
    ]);
    expect(fx.sandbox.requests).toHaveLength(1);
    expect(fx.sandbox.requests[0]!.headers['proxy-authorization']).toBeUndefined();
  });

  it('--debug names the proxy without its credentials, in any form', async () => {
    const { code, stderr } = await promo({ HTTP_PROXY: withCredentials() }, '--debug', ...TEMPLATES);
    expect(code).toBe(0);
    expect(stderr).toContain(`(via http://127.0.0.1:${proxy.port})`);
    for (const secret of [PASSWORD, ENCODED, BASIC.slice(6)]) expect(stderr).not.toContain(secret);
  });

  it('lower-case http_proxy wins over HTTP_PROXY, as curl reads them', async () => {
    const env = { http_proxy: open.url, HTTP_PROXY: `http://127.0.0.1:${closedPort}` };
    const { code } = await promo(env, ...TEMPLATES);
    expect(code).toBe(0);
    expect(open.seen).toHaveLength(1);
  });

  it('a proxy on an IPv6 address ([::1]) and ALL_PROXY as the fallback', async () => {
    const v6 = await startForwardProxy(undefined, '::1');
    try {
      const { code } = await promo({ ALL_PROXY: v6.url }, ...TEMPLATES);
      expect(code).toBe(0);
      expect(v6.seen).toHaveLength(1);
    } finally {
      await v6.close();
    }
  });

  it('HTTPS_PROXY alone leaves an http URL direct', async () => {
    const { code } = await promo({ HTTPS_PROXY: open.url }, ...TEMPLATES);
    expect(code).toBe(0);
    expect(open.seen).toHaveLength(0);
    expect(fx.sandbox.requests).toHaveLength(1);
  });

  const port = () => new URL(fx.sandbox.url).port;
  const noProxyCases: Array<[string, () => string, boolean]> = [
    ['the host', () => '127.0.0.1', false],
    ['the host and its port', () => `example.com, 127.0.0.1:${port()}`, false],
    ['the host on another port', () => `127.0.0.1:${Number(port()) + 1}`, true],
    ['*', () => '*', false],
    ['a CIDR range', () => '10.0.0.0/8,127.0.0.0/8', false],
    ['other hosts only', () => 'localhost,.example.com', true],
  ];
  for (const [what, value, proxied] of noProxyCases) {
    it(`NO_PROXY naming ${what}: ${proxied ? 'through the proxy' : 'direct'}`, async () => {
      const { code } = await promo({ HTTP_PROXY: open.url, NO_PROXY: value() }, ...TEMPLATES);
      expect(code).toBe(0);
      expect(open.seen).toHaveLength(proxied ? 1 : 0);
    });
  }

  it('a proxy that refuses the credentials (407): exit 6 at once, naming the fix, no password printed', async () => {
    const wrong = `http://${USER}:nope-${ENCODED}@127.0.0.1:${proxy.port}`;
    const { code, stderr } = await promo({ HTTP_PROXY: wrong }, ...TEMPLATES);
    expect(code).toBe(6);
    expect(errorOf(stderr)).toMatchObject({ key: 'network_error', code: 'EPROXYAUTH' });
    expect(errorOf(stderr).hint).toContain('HTTPS_PROXY/HTTP_PROXY');
    expect(stderr).not.toContain(PASSWORD);
    expect(proxy.seen).toHaveLength(1);
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('a proxy that is down: the error names the proxy, not the service', async () => {
    const { code, stderr } = await promo(
      { HTTP_PROXY: `http://127.0.0.1:${closedPort}` },
      '--retries',
      '0',
      ...TEMPLATES,
    );
    expect(code).toBe(6);
    expect(errorOf(stderr).message).toContain(
      `connection to the proxy http://127.0.0.1:${closedPort} refused`,
    );
  });

  it('a proxy URL promo cannot use: exit 2 naming the variable, nothing sent', async () => {
    const { code, stderr } = await promo({ HTTP_PROXY: 'socks5://127.0.0.1:1080' }, ...TEMPLATES);
    expect(code).toBe(2);
    expect(errorOf(stderr).message).toBe(
      'HTTP_PROXY: promo talks to proxies over http:// only, not socks5://',
    );
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('a proxy URL whose user or password is not percent-encoding (%ZZ): exit 2 naming the variable, nothing sent', async () => {
    for (const value of [
      `http://u:%ZZ@127.0.0.1:${open.port}`,
      `http://%ZZ@127.0.0.1:${open.port}`,
      'http://%ZZ',
    ]) {
      const { code, stderr } = await promo({ HTTP_PROXY: value }, ...TEMPLATES);
      expect([code, errorOf(stderr).key], value).toEqual([2, 'usage_error']);
      expect(errorOf(stderr).message, value).toContain('HTTP_PROXY');
      expect(stderr).not.toContain('%ZZ@');
    }
    expect(open.seen).toHaveLength(0);
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('the built-in sandbox, served in-process, is never proxied', async () => {
    const dir = tempDir();
    try {
      const { code } = await runPromo(['--profile', 'sandbox', '-o', 'json', ...TEMPLATES], {
        configDir: dir.path,
        env: { HTTP_PROXY: `http://127.0.0.1:${closedPort}` },
      });
      expect(code).toBe(0);
    } finally {
      dir.cleanup();
    }
  });
});

describe('an https API URL through HTTPS_PROXY: a CONNECT tunnel', () => {
  const certDir = tempDir('promo-proxy-tls-');
  let certs: TestCertificates;
  let api: Server;
  let apiUrl: string;
  let apiRequests = 0;
  beforeAll(async () => {
    certs = makeCertificates(certDir.path);
    api = createServer({ key: certs.good.key, cert: certs.good.cert }, (_req, res) => {
      apiRequests++;
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
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    apiUrl = `https://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
    certDir.cleanup();
  });

  const run = (proxyUrl: string) =>
    spawnPromo(['--api-url', apiUrl, '-o', 'json', ...TEMPLATES], {
      env: {
        PROMO_APP_ID: APP_ID,
        PROMO_APP_TOKEN: APP_TOKEN,
        PROMO_CONFIG_DIR: fx.configDir,
        NODE_EXTRA_CA_CERTS: certs.ca.certFile,
        https_proxy: proxyUrl,
      },
    });

  it('tunnels with Proxy-Authorization on the CONNECT, and TLS to the service inside it', async () => {
    apiRequests = 0;
    const result = await run(withCredentials());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([]);
    expect(proxy.seen).toEqual([
      { kind: 'connect', target: `127.0.0.1:${new URL(apiUrl).port}`, authorization: BASIC },
    ]);
    expect(apiRequests).toBe(1);
  });

  it('a tunnel refused with 407: exit 6, EPROXYAUTH, not retried', async () => {
    const result = await run(`http://127.0.0.1:${proxy.port}`);
    expect(result.code).toBe(6);
    expect(errorOf(result.stderr)).toMatchObject({ code: 'EPROXYAUTH' });
    expect(errorOf(result.stderr).message).toContain(
      `the proxy http://127.0.0.1:${proxy.port} refused the tunnel`,
    );
    expect(proxy.seen).toHaveLength(1);
  });
});

describe('NO_PROXY rules', () => {
  const cases: Array<[string, string, boolean]> = [
    ['https://api.voucherify.io', 'voucherify.io', true],
    ['https://api.voucherify.io', '.voucherify.io', true],
    ['https://api.voucherify.io', '*.voucherify.io', true],
    ['https://voucherify.io', '.voucherify.io', true],
    ['https://notvoucherify.io', 'voucherify.io', false],
    ['https://API.Voucherify.IO', 'api.voucherify.io', true],
    ['https://api.voucherify.io', 'api.voucherify.io:443', true],
    ['https://api.voucherify.io', 'api.voucherify.io:8443', false],
    ['http://127.0.0.1:8080', '127.0.0.1', true],
    ['http://127.0.0.1:8080', '127.0.0.1:8080', true],
    ['http://127.0.0.1:8080', '127.0.0.1:80', false],
    ['http://127.0.0.1:8080', '127.0.0.0/8', true],
    ['http://127.0.0.1:8080', 'localhost', false],
    ['http://[::1]:8080', '::1', true],
    ['http://[::1]:8080', '[::1]:8080', true],
    ['http://[::1]:8080', '::/0', true],
    ['http://localhost:8080', '', false],
    ['http://localhost:8080', ' example.com , localhost ', true],
    ['https://api.voucherify.io', '*', true],
  ];
  for (const [url, noProxy, direct] of cases) {
    it(`${url} with NO_PROXY='${noProxy}': ${direct ? 'direct' : 'proxied'}`, () => {
      expect(bypassesProxy(new URL(url), noProxy)).toBe(direct);
    });
  }
});
