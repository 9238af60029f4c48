// `promo sandbox` as a person starts it in one terminal, used from another, stopped with Ctrl-C.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, spawnPromo, tempDir } from '../helpers/promo.js';

describe('promo sandbox', () => {
  it('prints its URL, serves the commands with the sandbox profile, and stops cleanly on SIGINT', async () => {
    const dir = tempDir();
    const env = { ...process.env, PROMO_CONFIG_DIR: dir.path, NO_COLOR: '1' };
    const server = spawn(
      process.execPath,
      [BIN, 'sandbox', '--port', '0', '--state', `${dir.path}/state.db`, '-o', 'json'],
      { env },
    );
    let stderr = '';
    server.stderr.on('data', (d) => (stderr += d));
    const printed = await new Promise<Record<string, unknown>>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (d) => {
        out += d;
        try {
          resolve(JSON.parse(out));
        } catch {}
      });
      server.on('exit', (code) => reject(new Error(`sandbox exited ${code}: ${stderr}`)));
    });
    const url = printed.url as string;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // The public default credentials, which `promo login` asks for.
    expect(printed).toMatchObject({ app_id: 'sandbox', app_token: 'sandbox' });
    const issued = await spawnPromo(
      ['--profile', 'sandbox', '--api-url', url, 'token', 'issue', '--scope', 'api'],
      { env: { PROMO_CONFIG_DIR: dir.path } },
    );
    expect(issued.code).toBe(0);
    const inspected = await spawnPromo(['--profile', 'sandbox', '--api-url', url, 'token', 'inspect', '-'], {
      env: { PROMO_CONFIG_DIR: dir.path },
      stdin: JSON.parse(issued.stdout).access_token,
    });
    expect(JSON.parse(inspected.stdout).active).toBe(true);
    const exit = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    server.kill('SIGINT');
    expect(await exit).toBe(0);
    expect(stderr).toContain('Sandbox stopped.');
    expect(stderr).toContain(
      `app id 'sandbox', app token 'sandbox' (what promo login asks for, with API URL ${url})`,
    );
    dir.cleanup();
  });

  it('loses the answers it is told to, after acting: --lose-answers, --lose-answers-as, --lose-answers-on', async () => {
    const dir = tempDir();
    const server = spawn(
      process.execPath,
      [
        BIN,
        'sandbox',
        '-o',
        'json',
        '--lose-answers',
        '1',
        '--lose-answers-as',
        '504',
        '--lose-answers-on',
        'POST /v1/vouchers',
      ],
      { env: { ...process.env, PROMO_CONFIG_DIR: dir.path } },
    );
    const url = await new Promise<string>((resolve, reject) => {
      server.stdout.once('data', (d) => resolve(JSON.parse(String(d)).url));
      server.on('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
    });
    const headers = { 'X-App-Id': 'sandbox', 'X-App-Token': 'sandbox', 'Content-Type': 'application/json' };
    const created = await fetch(`${url}/v1/vouchers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        type: 'DISCOUNT_VOUCHER',
        code: 'LOST-1',
        discount: { type: 'PERCENT', percent_off: 5 },
      }),
    });
    expect(created.status).toBe(504);
    expect(await created.json()).toMatchObject({ code: 504, key: 'gateway_timeout' });
    const state = (await (await fetch(`${url}/_sandbox/state`, { headers })).json()) as { vouchers: object };
    expect((state.vouchers as Record<string, object>)['LOST-1']).toMatchObject({ code: 'LOST-1' });
    const faults = (await (await fetch(`${url}/_sandbox/faults`, { headers })).json()) as {
      lostAnswers: object;
    };
    expect(faults.lostAnswers).toEqual({ rate: 1, as: [504], method: 'POST', path: '/v1/vouchers' });
    // Outside the filter, answers arrive.
    expect((await fetch(`${url}/v1/vouchers/LOST-1`, { method: 'DELETE', headers })).status).toBe(204);
    server.kill('SIGINT');
    dir.cleanup();
  });

  it.each([
    [['--lose-answers', '1.5'], "--lose-answers must be a probability from 0 to 1, not '1.5'"],
    [
      ['--lose-answers', '0.1', '--lose-answers-as', 'reset,503'],
      '--lose-answers-as takes reset, 502 and 504',
    ],
    [
      ['--lose-answers', '0.1', '--lose-answers-on', 'vouchers'],
      '--lose-answers-on takes a path starting with /',
    ],
    [['--lose-answers-as', 'reset'], '--lose-answers-as and --lose-answers-on shape --lose-answers <p>'],
  ])('refuses %j with exit 2, naming the flag', async (args, message) => {
    const refused = await spawnPromo(['sandbox', ...args]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(message);
    expect(refused.stdout).toBe('');
  });

  it('refuses a bad port or rate limit with exit 2', async () => {
    expect((await spawnPromo(['sandbox', '--port', '99999'])).code).toBe(2);
    const rate = await spawnPromo(['sandbox', '--rate-limit', 'lots']);
    expect(rate.code).toBe(2);
    expect(rate.stderr).toContain('--rate-limit');
  });
});
