// `promo sandbox` with the knobs of the voucher lifecycle: generated vouchers, the import speed, jobs
// that fail, and the bulk-call limit, seen over HTTP from outside the process.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, runPromo, tempDir } from '../helpers/promo.js';
import { JSON_HEADERS } from '../helpers/sandbox-http.js';

describe('promo sandbox lifecycle knobs', () => {
  it('serves generated vouchers, the import settings and the bulk limit the flags ask for', async () => {
    const dir = tempDir();
    const server = spawn(
      process.execPath,
      [
        BIN,
        'sandbox',
        '--port',
        '0',
        '--vouchers',
        '150',
        '--import-speed',
        '2.5',
        '--fail-imports',
        '--bulk-rate-limit',
        '1/hour',
        '-o',
        'json',
      ],
      { env: { ...process.env, PROMO_CONFIG_DIR: dir.path, NO_COLOR: '1' } },
    );
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (d) => {
        out += d;
        try {
          resolve(JSON.parse(out).url);
        } catch {}
      });
      server.on('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
    });
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: JSON_HEADERS,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, type: res.headers.get('x-rate-limit-type'), body: await res.json() };
    };
    try {
      const listed = await call('GET', '/v1/vouchers?limit=1&order=created_at');
      expect(listed.body).toMatchObject({ total: 150, vouchers: [{ code: 'GEN-000001' }] });
      expect((await call('GET', '/_sandbox/imports')).body).toEqual({ records_per_second: 2.5, fail: true });
      expect((await call('POST', '/v1/vouchers/import', [])).status).toBe(202);
      expect(await call('POST', '/v1/vouchers/import', [])).toMatchObject({
        status: 429,
        type: 'bulk_api_calls',
      });
    } finally {
      const exit = new Promise((resolve) => server.on('exit', resolve));
      server.kill('SIGINT');
      await exit;
      dir.cleanup();
    }
  });

  it.each([
    [['--import-speed', '0'], "--import-speed must be records a second above 0 (at most 1000000), not '0'"],
    [['--vouchers', 'many'], "--vouchers must be a whole number from 0 to 1000000, not 'many'"],
    [['--bulk-rate-limit', 'lots'], '--bulk-rate-limit: Invalid rate limit'],
  ])('refuses %j with exit 2, naming the flag', async (flags, message) => {
    const dir = tempDir();
    const run = await runPromo(['sandbox', ...flags], { configDir: dir.path });
    dir.cleanup();
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
  });
});
