// A card's transactions are keyed `voucher_id/id`, so that its trail is read from the key index; a
// state file an older promo wrote keys them by id alone, and the store keys them anew when it opens
// the file: the trail is whole after the upgrade.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REKEY_CARD_TRANSACTIONS } from '../src/state-open.js';
import { APP_HEADERS, temporaryDirectory } from './core-helpers.js';
import { Database, useStateFileSandboxes } from './helpers/state-file.js';

const { start, stop } = useStateFileSandboxes();
const send = (url: string, method: string, path: string, body?: unknown) =>
  fetch(`${url}${path}`, {
    method,
    headers: { ...APP_HEADERS, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('card transactions in a state file', () => {
  it('are keyed anew when an older promo keyed them by id, and the trail reads whole', async () => {
    const statePath = join(temporaryDirectory(), 'state.db');
    const first = await start(statePath);
    expect(
      (
        await send(first.url, 'POST', '/v1/vouchers', {
          code: 'G',
          type: 'GIFT_VOUCHER',
          gift: { amount: 100 },
        })
      ).status,
    ).toBe(200);
    for (const amount of [5, -2])
      expect((await send(first.url, 'POST', '/v1/vouchers/G/balance', { amount })).status).toBe(200);
    await stop(first);
    // As an older promo left them: keyed by the transaction's id.
    const db = new Database(statePath);
    db.prepare(
      "UPDATE entries SET key = substr(key, instr(key, '/') + 1) WHERE slice = 'transactions'",
    ).run();
    const keys = () =>
      db
        .prepare("SELECT key FROM entries WHERE slice = 'transactions' ORDER BY rowid")
        .all()
        .map((r) => String(r.key));
    expect(keys().every((key) => key.startsWith('vtx_'))).toBe(true);
    db.close();

    const second = await start(statePath);
    const trail = (await (await send(second.url, 'GET', '/v1/vouchers/G/transactions')).json()) as {
      data: Array<{ type: string }>;
    };
    expect(trail.data.map((t) => t.type)).toEqual(['CREDITS_REMOVAL', 'CREDITS_ADDITION']);
    const after = new Database(statePath);
    const rows = after.prepare("SELECT key FROM entries WHERE slice = 'transactions' ORDER BY rowid").all();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(String(row.key)).toMatch(/^v_[0-9a-f]+\/vtx_/);
    // Later opens find what is left to key through an index, not by reading every transaction's key.
    const plan = after
      .prepare(`EXPLAIN QUERY PLAN ${REKEY_CARD_TRANSACTIONS}`)
      .all()
      .map((r) => String(r.detail));
    expect(plan).toEqual(['SEARCH entries USING INDEX entries_unkeyed (slice=?)']);
    after.close();
  });
});
