// A project of 12,000 generated vouchers, read completely by a walk over created_at windows, the
// way `voucher list --all` gets past the service's 99-page cap. Called on the handler: the walk takes
// some 120 requests, which the whole-state copy per request costs today would make slow over HTTP.
import { describe, expect, it } from 'vitest';
import { stateFromSeed } from '../src/index.js';
import type { SandboxState } from '../src/types.js';
import { voucherListRoutes } from '../src/voucher-list.js';
import { routeRequest } from './helpers/sandbox-routes.js';

const NOW = Date.parse('2026-05-04T10:00:00.000Z');
const GENERATED = 12_000;

// biome-ignore lint/suspicious/noExplicitAny: the tests read deep into the service's JSON answers
type Json = Record<string, any>;

function listHandler(state: SandboxState, query: string): Json {
  const request = routeRequest({ path: '/v1/vouchers', query, requestId: 'v-test' });
  const rc = { now: () => NOW, newId: (prefix: string) => `${prefix}1`, appId: 'sandbox' };
  return voucherListRoutes[0]!.handle(request, state, rc).body as Json;
}

describe('a created_at window walk over 12,000 vouchers', () => {
  it('gives every voucher exactly once to a walk over created_at windows past 9,900', () => {
    const state = stateFromSeed({ generatedVouchers: { count: GENERATED, batch: 3 } });
    const seen: string[] = [];
    let before: string | undefined;
    let requests = 0;
    for (let complete = false; !complete; ) {
      const window: Json[] = [];
      let total = 0;
      for (let page = 1; page <= 99; page++) {
        const range = before ? `&created_at[before]=${before}` : '';
        const answer = listHandler(state, `limit=100&page=${page}${range}`);
        requests++;
        total = answer.total;
        window.push(...answer.vouchers);
        if (total <= page * 100) break;
      }
      complete = total <= window.length;
      // A full window may cut a date in two: its last date is read again, whole, by the next window.
      const cut = complete ? undefined : window.at(-1)?.created_at;
      seen.push(...window.filter((voucher) => voucher.created_at !== cut).map((voucher) => voucher.code));
      if (cut) before = new Date(Date.parse(cut) + 1).toISOString();
    }
    expect(seen).toHaveLength(GENERATED);
    expect(new Set(seen).size).toBe(GENERATED);
    expect(requests).toBe(121);
  });
});
