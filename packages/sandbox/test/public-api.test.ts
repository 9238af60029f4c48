// promo-sandbox's public entry as its README shows it: startSandbox resolves to the URL and the app
// keys to give a client, the requests it received and close(); `state` keeps what was made across a
// restart; onExchange hears each exchange with its answer.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../src/index.js';
import { removeTemporaryDirectories, temporaryDirectory } from './core-helpers.js';
import { startCheckedSandbox } from './helpers/checked.js';

afterAll(removeTemporaryDirectories);

const VOUCHER = { code: 'API-10', type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } };

describe('startSandbox', () => {
  it('hands back its URL and app keys, serves a client that uses them, and keeps `state` across a restart', async () => {
    const state = join(temporaryDirectory(), 'sandbox-state.json');
    const heard: RecordedRequest[] = [];
    const first = await startCheckedSandbox({
      appId: 'api-app',
      appToken: 'api-secret',
      state,
      onExchange: (exchange) => heard.push(exchange),
    });
    expect([first.url, first.appId, first.appToken]).toEqual([
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      'api-app',
      'api-secret',
    ]);
    const headers = {
      'X-App-Id': first.appId,
      'X-App-Token': first.appToken,
      'Content-Type': 'application/json',
    };
    const created = await fetch(`${first.url}/v1/vouchers`, {
      method: 'POST',
      headers,
      body: JSON.stringify(VOUCHER),
    });
    expect(created.status).toBe(200);
    expect(first.requests.map((r) => `${r.method} ${r.rawPath}`)).toEqual(['POST /v1/vouchers']);
    expect(heard.map((r) => [r.rawPath, r.answer?.status])).toEqual([['/v1/vouchers', 200]]);
    await first.close();

    const second = await startCheckedSandbox({ appId: 'api-app', appToken: 'api-secret', state });
    try {
      const read = await fetch(`${second.url}/v1/vouchers/API-10`, { headers });
      expect([read.status, ((await read.json()) as { code: string }).code]).toEqual([200, 'API-10']);
    } finally {
      await second.close();
    }
  });
});
