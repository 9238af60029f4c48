// `promo sandbox --time-zone`: the project's zone, in which the sandbox reads validity hours, and a
// zone name that is not one refused before anything starts.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, spawnPromo, tempDir } from '../helpers/promo.js';
import type { Json } from '../helpers/sandbox-http.js';

const headers = { 'X-App-Id': 'sandbox', 'X-App-Token': 'sandbox', 'Content-Type': 'application/json' };

/** `promo sandbox` with these flags: its URL once it listens, and a stop that waits for its exit. */
async function serve(flags: string[], configDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const server = spawn(process.execPath, [BIN, 'sandbox', '-o', 'json', ...flags], {
    env: { ...process.env, PROMO_CONFIG_DIR: configDir },
  });
  const url = await new Promise<string>((resolve, reject) => {
    server.stdout.once('data', (d) => resolve(JSON.parse(String(d)).url));
    server.on('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
  });
  const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
  return {
    url,
    stop: async () => {
      server.kill('SIGINT');
      await exited;
    },
  };
}

async function call(url: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

describe('promo sandbox --time-zone', () => {
  it('reads validity hours in the zone given (Asia/Tokyo, nine hours from UTC)', async () => {
    const dir = tempDir();
    const server = spawn(process.execPath, [BIN, 'sandbox', '-o', 'json', '--time-zone', 'Asia/Tokyo'], {
      env: { ...process.env, PROMO_CONFIG_DIR: dir.path },
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        server.stdout.once('data', (d) => resolve(JSON.parse(String(d)).url));
        server.on('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
      });
      // Three hours around Tokyo's hour now: open there, closed at the same instant in UTC.
      const hour = Number(
        new Intl.DateTimeFormat('en-US', {
          timeZone: 'Asia/Tokyo',
          hour: '2-digit',
          hourCycle: 'h23',
        }).format(Date.now()),
      );
      const at = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
      const daily = [
        { start_time: at(hour - 1), expiration_time: at(hour + 2), days_of_week: [0, 1, 2, 3, 4, 5, 6] },
      ];
      const post = (path: string, body: unknown) =>
        fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }).then((res) =>
          res.json(),
        );
      await post('/v1/vouchers', {
        code: 'TOKYO-HOURS',
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'AMOUNT', amount_off: 100 },
        validity_hours: { daily },
      });
      const answer = await post('/v1/validations', {
        redeemables: [{ object: 'voucher', id: 'TOKYO-HOURS' }],
        order: { amount: 1000 },
      });
      expect(answer).toMatchObject({ valid: true, order: { total_amount: 900 } });
    } finally {
      server.kill('SIGINT');
      dir.cleanup();
    }
  });

  it('keeps redemptions, used codes and the zone in its --state file across a restart', async () => {
    const dir = tempDir();
    const state = `${dir.path}/state.db`;
    try {
      const first = await serve(['--state', state, '--time-zone', 'Asia/Tokyo'], dir.path);
      await call(first.url, 'POST', '/v1/vouchers', {
        code: 'ONCE-KEPT',
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'AMOUNT', amount_off: 100 },
        redemption: { quantity: 1 },
      });
      const redeemed = await call(first.url, 'POST', '/v1/redemptions', {
        redeemables: [{ object: 'voucher', id: 'ONCE-KEPT' }],
        order: { amount: 1000 },
      });
      expect(redeemed.status).toBe(200);
      await first.stop();

      const second = await serve(['--state', state], dir.path);
      try {
        const again = await call(second.url, 'POST', '/v1/redemptions', {
          redeemables: [{ object: 'voucher', id: 'ONCE-KEPT' }],
          order: { amount: 1000 },
        });
        expect([again.status, again.body.key]).toEqual([400, 'quantity_exceeded']);
        const listed = await call(
          second.url,
          'GET',
          '/v1/redemptions?filters[voucher_code][conditions][$is]=ONCE-KEPT',
        );
        expect(listed.body.redemptions.map((r: { result: string }) => r.result)).toEqual([
          'FAILURE',
          'SUCCESS',
        ]);
        const control = await call(second.url, 'GET', '/_sandbox/state');
        expect(control.body.project).toEqual({ time_zone: 'Asia/Tokyo' });
      } finally {
        await second.stop();
      }
    } finally {
      dir.cleanup();
    }
  });

  it('refuses a zone that is not one, naming the flag, before starting', async () => {
    const run = await spawnPromo(['sandbox', '--time-zone', 'Mars/Base'], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--time-zone');
    expect(run.stderr).toContain('Mars/Base');
  });
});
