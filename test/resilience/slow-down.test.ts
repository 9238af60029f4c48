// X-Rate-Limit-Remaining read on every answer: a run spaces its last requests of a window out
// instead of running into 429. One transport sending many requests, as a bulk run or --all does.

import type { Sandbox } from 'promo-sandbox';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { SecretSet } from '../../src/http/redact.js';
import { Transport } from '../../src/http/transport.js';
import { TestClock } from '../helpers/clock.js';
import { APP_ID, APP_TOKEN, startCheckedSandbox } from '../helpers/sandbox.js';

// One clock for the service and for promo's waits: a wait for the window's reset moves it on at
// once, and the sandbox's window resets by the same clock.
const clock = new TestClock();
let sandbox: Sandbox;
const log: string[] = [];
beforeAll(async () => {
  sandbox = await startCheckedSandbox({
    appId: APP_ID,
    appToken: APP_TOKEN,
    now: clock.now,
    log: (line) => log.push(line),
  });
});
afterAll(() => sandbox.close());

function client(waits: string[]): { api: ApiClient; transport: Transport } {
  const transport = new Transport({
    timeoutMs: 5000,
    retries: 3,
    secrets: new SecretSet(),
    onWait: (ms, reason) => waits.push(`${Math.round(ms)} ${reason}`),
    now: clock.now,
    sleep: clock.sleep,
  });
  return { api: new ApiClient(sandbox.url, { appId: APP_ID, appToken: APP_TOKEN }, transport), transport };
}

it('slows down as X-Rate-Limit-Remaining runs low, so that a burst over the limit meets no 429', async () => {
  // 3 requests a second: 7 requests take at least two window resets.
  sandbox.faults.set({ rateLimit: { limit: 3, windowSeconds: 1 } });
  log.length = 0;
  const waits: string[] = [];
  const { api, transport } = client(waits);
  const started = clock.now();
  try {
    for (let i = 0; i < 7; i++) {
      const { status } = await api.call({
        method: 'GET',
        path: '/v1/templates/campaigns',
        query: { limit: 1 },
        auth: 'app',
      });
      expect(status).toBe(200);
    }
  } finally {
    transport.close();
  }
  expect(log.filter((line) => / 429 /.test(line))).toEqual([]);
  expect(log.filter((line) => / 200 /.test(line))).toHaveLength(7);
  expect(waits.length).toBeGreaterThan(0);
  expect(waits.every((w) => w.endsWith('for the rate limit'))).toBe(true);
  expect(clock.now() - started).toBeGreaterThanOrEqual(1000);
});

it('without the headers’ warning (a limit far above the burst) does not wait at all', async () => {
  sandbox.faults.set({});
  const waits: string[] = [];
  const { api, transport } = client(waits);
  try {
    for (let i = 0; i < 5; i++) {
      await api.call({ method: 'GET', path: '/v1/templates/campaigns', query: { limit: 1 }, auth: 'app' });
    }
  } finally {
    transport.close();
  }
  expect(waits).toEqual([]);
});
