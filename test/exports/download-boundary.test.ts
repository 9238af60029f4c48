// The download is a credential boundary: the app keys go only to the download host of the
// profile's own cluster, or to the very origin of a custom API URL (the sandbox). A result URL
// naming any other host is refused, naming it, and a second local server shows nothing reached it;
// a redirect is not followed; --debug shows the URL with its token redacted.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDownloadUrl } from '../../src/api/exports.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const contacted: IncomingMessage[] = [];
const elsewhere = createServer((req, res) => {
  contacted.push(req);
  res.end('stolen,keys\n');
});
let elsewhereUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereUrl = `http://localhost:${(elsewhere.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => elsewhere.close(() => resolve())));

async function doneExport(): Promise<{ id: string; url: string }> {
  const created = await fx.run(['export', 'customers', '-o', 'json']);
  const id = JSON.parse(created.stdout).id as string;
  const waited = await fx.run(['export', 'download', id, '--wait']);
  expect(waited.code, waited.stderr).toBe(0);
  return { id, url: (await fx.run(['export', 'get', id, '-o', 'json'])).stdout };
}

describe('the download host', () => {
  it('is the cluster’s own download host, or the custom API URL’s very origin', () => {
    const url = 'https://download.voucherify.io/v1/exports/exp_1?token=t';
    expect(checkDownloadUrl(url, 'https://api.voucherify.io').host).toBe('download.voucherify.io');
    expect(
      checkDownloadUrl(
        'https://us1.download.voucherify.io/v1/exports/exp_1?token=t',
        'https://us1.api.voucherify.io',
      ).host,
    ).toBe('us1.download.voucherify.io');
    expect(
      checkDownloadUrl('https://as1.download.voucherify.io/v1/exports/exp_1', 'https://as1.api.voucherify.io')
        .host,
    ).toBe('as1.download.voucherify.io');
    expect(
      checkDownloadUrl('http://127.0.0.1:4010/v1/exports/exp_1?token=t', 'http://127.0.0.1:4010').port,
    ).toBe('4010');
    const refusals: Array<[string, string]> = [
      ['https://us1.download.voucherify.io/v1/exports/exp_1', 'https://api.voucherify.io'],
      ['https://download.voucherify.io/v1/exports/exp_1', 'https://as1.api.voucherify.io'],
      ['http://download.voucherify.io/v1/exports/exp_1', 'https://api.voucherify.io'],
      ['https://download.voucherify.io.evil.example/v1/exports/exp_1', 'https://api.voucherify.io'],
      ['https://evil.download.voucherify.io/v1/exports/exp_1', 'https://api.voucherify.io'],
      ['https://user:pw@download.voucherify.io/v1/exports/exp_1', 'https://api.voucherify.io'],
      ['http://127.0.0.1:4011/v1/exports/exp_1', 'http://127.0.0.1:4010'],
      ['http://localhost:4010/v1/exports/exp_1', 'http://127.0.0.1:4010'],
    ];
    for (const [url, base] of refusals)
      expect(() => checkDownloadUrl(url, base), url).toThrow(/refused to download/);
  });

  it('refuses a result URL naming another host, names it, and sends it nothing', async () => {
    const { id } = await doneExport();
    const real = fx.sandbox.state.exports[id]!;
    fx.sandbox.faults.push({
      match: { method: 'GET', path: `/v1/exports/${id}` },
      action: {
        status: 200,
        body: {
          id,
          object: 'export',
          status: 'DONE',
          exported_object: 'customer',
          result: { url: `${elsewhereUrl}/v1/exports/${id}?token=${real.token}` },
        },
      },
    });
    const refused = await fx.run(['export', 'download', id]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(new URL(elsewhereUrl).host);
    expect(refused.stderr).not.toContain(real.token);
    expect(refused.stdout).toBe('');
    expect(contacted).toHaveLength(0);
  });

  it('does not follow a redirect of the download', async () => {
    const { id } = await doneExport();
    fx.sandbox.faults.push({ match: { method: 'GET', path: `/v1/exports/${id}` }, action: { delayMs: 0 } });
    fx.sandbox.faults.push({
      match: { method: 'GET', path: `/v1/exports/${id}` },
      action: { status: 302, body: { location: elsewhereUrl } },
    });
    const redirected = await fx.run(['export', 'download', id]);
    expect(redirected.code).not.toBe(0);
    expect(redirected.stderr).toMatch(/redirect|302/i);
    expect(contacted).toHaveLength(0);
  });

  it('shows the download URL under --debug with its token redacted', async () => {
    const created = await fx.run(['export', 'vouchers', '-o', 'json']);
    const id = JSON.parse(created.stdout).id as string;
    const debugged = await fx.run(['export', 'download', id, '--wait', '--debug']);
    expect(debugged.code, debugged.stderr).toBe(0);
    const token = fx.sandbox.state.exports[id]!.token;
    expect(debugged.stderr).toContain(`/v1/exports/${id}?token=[redacted]`);
    expect(debugged.stderr).not.toContain(token);
  });
});
