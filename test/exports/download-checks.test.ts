// What the download of an export may say and save: the token of a result URL never appears in a
// message, even when the URL does not parse; an answer that is not CSV (the export's own JSON, an
// HTML page) is an error saying what came, with nothing saved; a place promo cannot write is a
// local failure naming it (exit 1), never a network one.
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useHostile } from '../helpers/hostile.js';
import { NOBODY, runPromo, spawnAsNobody, tempDir } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

const fx = useSandbox();
const hostile = useHostile();
const dir = tempDir('promo-download-');
afterAll(() => dir.cleanup());

const TOKEN = 'tok-5f1e2d3c4b5a69788796a5b4c3d2e1f0';

async function doneExport(): Promise<string> {
  const created = await fx.run(['export', 'customers', '-o', 'json']);
  const id = JSON.parse(created.stdout).id as string;
  const waited = await fx.run(['export', 'get', id, '-o', 'json']);
  expect(waited.code, waited.stderr).toBe(0);
  const settled = await fx.run(['export', 'download', id, '--wait']);
  expect(settled.code, settled.stderr).toBe(0);
  fx.sandbox.requests.length = 0;
  return id;
}

/** The next GET of export `id` answers DONE with this result URL. */
function resultUrl(id: string, url: string): void {
  fx.sandbox.faults.push({
    match: { method: 'GET', path: `/v1/exports/${id}` },
    action: {
      status: 200,
      body: { id, object: 'export', status: 'DONE', exported_object: 'customer', result: { url } },
    },
  });
}

describe('a result URL that does not parse', () => {
  for (const debug of [false, true]) {
    it(`is refused without its token in any message${debug ? ' (--debug too)' : ''}, nothing sent`, async () => {
      const id = await doneExport();
      for (const url of [
        `https://download.voucherify.io:99999/v1/exports/${id}?token=${TOKEN}`,
        `http://[::1/v1/exports/${id}?a=1&token=${TOKEN}`,
      ]) {
        for (const output of ['json', 'table']) {
          resultUrl(id, url);
          const run = await fx.run([...(debug ? ['--debug'] : []), '-o', output, 'export', 'download', id]);
          expect(run.code, run.stderr).toBe(1);
          expect(run.stderr).toContain('refused to download the export');
          expect(run.stderr).not.toContain(TOKEN);
          expect(run.stdout).toBe('');
        }
      }
      expect(fx.sandbox.requests.filter((r) => r.rawPath.includes('token='))).toEqual([]);
    });
  }
});

describe('a download that is not CSV', () => {
  it('a result URL without a token (the export JSON comes back): exit 1 saying so, nothing written', async () => {
    const id = await doneExport();
    resultUrl(id, `${fx.sandbox.url}/v1/exports/${id}`);
    const shown = await fx.run(['-o', 'table', 'export', 'download', id]);
    expect(shown.code).toBe(1);
    expect(shown.stderr).toContain(`the download of export ${id} is not CSV: the service sent JSON`);
    expect(shown.stderr).toContain('application/json');
    expect(shown.stdout).toBe('');
    resultUrl(id, `${fx.sandbox.url}/v1/exports/${id}`);
    const out = join(dir.path, 'json.csv');
    const saved = await fx.run(['export', 'download', id, '--out', out]);
    expect(saved.code).toBe(1);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir.path).filter((f) => f.includes('promo-partial'))).toEqual([]);
  });

  it('an HTML page (a portal, a proxy) or JSON sent as text: exit 1; CSV sent as text/plain is saved', async () => {
    const answers: Array<[string, string, number]> = [
      ['text/html; charset=utf-8', '<!DOCTYPE html><html><body>Sign in</body></html>', 1],
      ['text/plain', '  {"id":"exp_1","status":"DONE"}', 1],
      ['application/xml', '<Error><Code>AccessDenied</Code></Error>', 1],
      ['text/plain', 'Code,ID\nA,v_1\n', 0],
      ['text/csv', 'Code,ID\nB,v_2\n', 0],
    ];
    for (const [type, body, exit] of answers) {
      hostile.handle = (req, res) => {
        if (req.url.includes('token=')) {
          res.writeHead(200, { 'Content-Type': type });
          return res.end(body);
        }
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'exp_1',
            object: 'export',
            status: 'DONE',
            exported_object: 'voucher',
            result: { url: `${hostile.url}/v1/exports/exp_1?token=${TOKEN}` },
          }),
        );
      };
      const run = await runPromo(['--api-url', hostile.url, '-o', 'table', 'export', 'download', 'exp_1'], {
        configDir: fx.configDir,
      });
      expect(run.code, `${type}: ${run.stderr}`).toBe(exit);
      expect(run.stdout).toBe(exit === 0 ? body : '');
      if (exit) expect(run.stderr).toContain('is not CSV');
      expect(run.stderr).not.toContain(TOKEN);
    }
  });
});

describe('--out where promo cannot write', () => {
  it('a read-only folder (as an unprivileged user): exit 1 naming the folder, before anything is sent', async () => {
    const id = await doneExport();
    const locked = join(dir.path, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o755);
    chmodSync(dir.path, 0o755);
    // nobody's own config directory; the credentials come from the environment.
    const config = tempDir('promo-nobody-config-');
    try {
      chownSync(config.path, NOBODY, NOBODY);
      const env = {
        PROMO_CONFIG_DIR: config.path,
        PROMO_APP_ID: APP_ID,
        PROMO_APP_TOKEN: APP_TOKEN,
        PROMO_API_URL: fx.sandbox.url,
      };
      const run = await spawnAsNobody(
        ['-o', 'table', 'export', 'download', id, '--out', join(locked, 'x.csv')],
        env,
      );
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toContain(`promo cannot write in the folder ${locked}: permission denied`);
      expect(run.stderr).not.toMatch(/network|internal/i);
      expect(fx.sandbox.requests).toEqual([]);
      expect(readdirSync(locked)).toEqual([]);
    } finally {
      config.cleanup();
    }
  });

  it('the folder gone while the export is read: exit 1 naming the file, not a network error', async () => {
    const id = await doneExport();
    const gone = join(dir.path, 'gone');
    mkdirSync(gone);
    fx.sandbox.faults.push({ match: { method: 'GET', path: `/v1/exports/${id}` }, action: { delayMs: 300 } });
    const running = fx.run(['-o', 'table', 'export', 'download', id, '--out', join(gone, 'x.csv')]);
    await until(() => fx.sandbox.requests.some((r) => r.method === 'GET'));
    rmSync(gone, { recursive: true });
    const run = await running;
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(
      `could not write ${join(gone, 'x.csv')}; it was not written: the folder is gone`,
    );
    expect(run.stderr).not.toMatch(/network/i);
  });
});
