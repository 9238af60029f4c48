// An export by creation date (the default order) or by code over more vouchers than one read of the
// table holds: every voucher once, ties by code in the order's direction, those without a date last
// (first when descending), those made after the export left out, the filters applied; by a field no
// index holds (updated_at), the same rules in the order the database sorts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckedSandbox, startCheckedSandbox } from './helpers/checked.js';
import { APP_HEADERS, callSandbox, type Json } from './helpers/sandbox-http.js';

let clock = Date.parse('2026-06-01T12:00:00Z');
let sandbox: CheckedSandbox;

type Seeded = { code: string; created_at?: string; updated_at?: string; category: string };
// 300 codes whose order of insertion is not their order by code, in three days (ties), a quarter of
// them updated since on two days (ties); two without a date; one made after the export.
const seeded: Seeded[] = [
  ...Array.from({ length: 300 }, (_, i) => ({
    code: `ORD-${String((i * 7) % 300).padStart(3, '0')}`,
    created_at: `2026-05-0${(i % 3) + 1}T00:00:00.000Z`,
    ...(i % 4 === 0 ? { updated_at: `2026-05-2${(i / 4) % 2}T00:00:00.000Z` } : {}),
    category: i % 2 === 0 ? 'even' : 'odd',
  })),
  { code: 'ORD-U1', category: 'odd' },
  { code: 'ORD-U0', category: 'even' },
  { code: 'ORD-LATE', created_at: '2026-07-01T00:00:00.000Z', category: 'odd' },
];

beforeAll(async () => {
  const vouchers = Object.fromEntries(
    seeded.map((v, i) => [
      v.code,
      {
        id: `v_ord_${i}`,
        code: v.code,
        object: 'voucher',
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'PERCENT', percent_off: 10 },
        category: v.category,
        active: true,
        metadata: {},
        ...(v.created_at ? { created_at: v.created_at } : {}),
        ...(v.updated_at ? { updated_at: v.updated_at } : {}),
      },
    ]),
  );
  sandbox = await startCheckedSandbox({ now: () => clock, seed: { vouchers } });
});
afterAll(() => sandbox.close());

async function exported(parameters: Json): Promise<string[]> {
  const created = await callSandbox(sandbox.url, 'POST', '/v1/exports', {
    body: { exported_object: 'voucher', parameters: { fields: ['code'], ...parameters } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  clock += 1000;
  const done = await callSandbox(sandbox.url, 'GET', `/v1/exports/${created.body.id}`);
  expect(done.body.status).toBe('DONE');
  const res = await fetch(done.body.result.url, { headers: APP_HEADERS });
  expect(res.status).toBe(200);
  const lines = (await res.text()).trimEnd().split('\n');
  expect(lines[0]).toBe('Code');
  return lines.slice(1);
}

/** By date then code; no date last. */
function ascending(list: Seeded[]): string[] {
  const dated = list.filter((v) => v.created_at && v.created_at < '2026-06-01T12:00:00.000Z');
  const sortKey = (v: Seeded) => `${v.created_at} ${v.code}`;
  dated.sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));
  const undated = list.filter((v) => !v.created_at).sort((a, b) => (a.code < b.code ? -1 : 1));
  return [...dated, ...undated].map((v) => v.code);
}

describe('an export by creation date', () => {
  it('holds every voucher made by then once, ties by code, those without a date last', async () => {
    const codes = await exported({ order: 'created_at' });
    expect(codes).toHaveLength(302);
    expect(codes).toEqual(ascending(seeded));
    expect(codes.slice(0, 3)).toEqual(['ORD-000', 'ORD-003', 'ORD-006']);
    expect(codes.slice(-3)).toEqual(['ORD-299', 'ORD-U0', 'ORD-U1']);
  });

  it('descending, is the same walk backwards: no date first, ties by code descending', async () => {
    expect(await exported({ order: '-created_at' })).toEqual(ascending(seeded).reverse());
  });

  it('applies the filters to what it reads', async () => {
    const codes = await exported({
      order: '-created_at',
      filters: { junction: 'and', category: { conditions: { $in: ['odd'] } } },
    });
    expect(codes).toEqual(ascending(seeded.filter((v) => v.category === 'odd')).reverse());
    expect(codes).toHaveLength(151);
  });

  it('by code, walks every voucher made by then once, in either direction, the filters applied', async () => {
    const made = seeded.filter((v) => v.code !== 'ORD-LATE');
    const byCode = made.map((v) => v.code).sort();
    expect(await exported({ order: 'code' })).toEqual(byCode);
    expect(await exported({ order: '-code' })).toEqual([...byCode].reverse());
    const even = await exported({
      order: '-code',
      filters: { junction: 'and', category: { conditions: { $in: ['even'] } } },
    });
    expect(even).toEqual(
      made
        .filter((v) => v.category === 'even')
        .map((v) => v.code)
        .sort()
        .reverse(),
    );
    expect(even).toHaveLength(151);
  });

  it('by another field (updated_at), sorted by the database: ties by code, those without it last, the filters applied', async () => {
    const made = seeded.filter((v) => v.code !== 'ORD-LATE');
    const byUpdate = (list: Seeded[]) => {
      const updated = list.filter((v) => v.updated_at);
      updated.sort((a, b) => (`${a.updated_at} ${a.code}` < `${b.updated_at} ${b.code}` ? -1 : 1));
      const never = list.filter((v) => !v.updated_at).sort((a, b) => (a.code < b.code ? -1 : 1));
      return [...updated, ...never].map((v) => v.code);
    };
    const ascendingCodes = await exported({ order: 'updated_at' });
    expect(ascendingCodes).toHaveLength(302);
    expect(ascendingCodes).toEqual(byUpdate(made));
    expect(ascendingCodes.slice(0, 2)).toEqual(['ORD-000', 'ORD-012']);
    expect(await exported({ order: '-updated_at' })).toEqual(byUpdate(made).reverse());
    const odd = await exported({
      order: '-updated_at',
      filters: { junction: 'and', category: { conditions: { $in: ['odd'] } } },
    });
    expect(odd).toEqual(byUpdate(made.filter((v) => v.category === 'odd')).reverse());
    expect(odd).toHaveLength(151);
  });
});
