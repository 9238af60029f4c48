// A program's members by customer are read from an index of the vouchers' holder (state-db.ts), not
// by walking every card: the answer is the customer's cards of that program alone, oldest first,
// and a state file an older promo wrote (no such index) gets it when the store opens the file.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOLDER } from '../src/state-db.js';
import { APP_HEADERS, temporaryDirectory } from './core-helpers.js';
import type { Json } from './helpers/sandbox-http.js';
import { Database, useStateFileSandboxes } from './helpers/state-file.js';

const { start, stop } = useStateFileSandboxes();

async function ok(url: string, method: string, path: string, body?: unknown): Promise<Json> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...APP_HEADERS, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Json;
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer;
}

const program = async (url: string, name: string) =>
  (await ok(url, 'POST', '/v1/loyalties', { name, voucher: { loyalty_card: { points: 0 } } })).id as string;
const join_ = async (url: string, id: string, customer: string) =>
  (await ok(url, 'POST', `/v1/loyalties/${id}/members`, { customer: { source_id: customer } })) as Json;

describe("a program's members by customer", () => {
  it("are that customer's cards of that program, oldest first, before and after an older file is opened", async () => {
    const statePath = join(temporaryDirectory(), 'state.db');
    let sandbox = await start(statePath);
    const club = await program(sandbox.url, 'HI-Club');
    const other = await program(sandbox.url, 'HI-Other');
    const first = await join_(sandbox.url, club, 'hi-ada');
    await join_(sandbox.url, club, 'hi-bob');
    const second = await join_(sandbox.url, club, 'hi-ada');
    await join_(sandbox.url, other, 'hi-ada');
    const ada = first.holder_id as string;
    const members = async (query: string) =>
      (await ok(sandbox.url, 'GET', `/v1/loyalties/${club}/members?${query}`)) as Json;
    const expected = { total: 2, codes: [first.code, second.code] };
    const read = async () => {
      const asc = await members(`customer=${ada}&order=created_at&limit=100`);
      const desc = await members(`customer=${ada}&limit=1&page=2`);
      return {
        asc: { total: asc.total, codes: asc.vouchers.map((v: Json) => v.code) },
        desc: { total: desc.total, codes: desc.vouchers.map((v: Json) => v.code) },
        nobody: (await members('customer=cust_nobody')).total,
      };
    };
    const want = { asc: expected, desc: { total: 2, codes: [first.code] }, nobody: 0 };
    expect(await read()).toEqual(want);
    await stop(sandbox);

    // As an older promo left the file: no holder index. The store makes it when it opens the file.
    const db = new Database(statePath);
    const indexes = () =>
      db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND name = 'entries_holder'").all();
    db.prepare('DROP INDEX entries_holder').run();
    expect(indexes()).toEqual([]);
    sandbox = await start(statePath);
    expect(await read()).toEqual(want);
    expect(indexes()).toEqual([{ name: 'entries_holder' }]);
    // The list's query is answered from that index, not by a walk of the program's cards.
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT key FROM entries WHERE slice = ? AND campaign = ? AND ${HOLDER} = ? ORDER BY created, key LIMIT 10`,
      )
      .all('vouchers', club, ada)
      .map((row) => String(row.detail));
    expect(plan.join('\n')).toContain('USING INDEX entries_holder');
    db.close();
  });
});
