// The created_at-window walk of `voucher list --all` (shared/list-walk.ts, which redemption and
// customer lists walk too) over an in-memory list that pages like the service (page numbers up to
// 99), with ties at window edges and vouchers created mid-walk.
import { describe, expect, it } from 'vitest';
import type { ListVouchersQuery, VoucherList } from '../../src/api/voucher-list.js';
import type { Voucher } from '../../src/api/vouchers.js';
import { walkCreated } from '../../src/commands/shared/list-walk.js';

/** The walk as `voucher list --all` sets it up. */
function walkVouchers(
  query: { limit: number; createdAfter?: string },
  walk: {
    newestFirst: boolean;
    fetch(q: ListVouchersQuery): Promise<VoucherList>;
    onWindow?(b: string): void;
  },
): AsyncGenerator<Voucher[]> {
  return walkCreated<Voucher>({
    what: 'vouchers',
    ...query,
    newestFirst: walk.newestFirst,
    fetch: async (window) => (await walk.fetch({ ...query, ...window })).items,
    id: (v) => v.id,
    createdAt: (v) => v.created_at,
    onWindow: walk.onWindow,
  });
}

function voucher(n: number, ms: number): Voucher {
  return { id: `v_${n}`, code: `C${n}`, created_at: new Date(ms).toISOString(), ms } as unknown as Voucher;
}

/** Holds vouchers; answers a query as the service would, `after`/`before` strict or inclusive. */
function service(vouchers: Voucher[], inclusive: boolean) {
  const queries: ListVouchersQuery[] = [];
  /** The codes that existed when the first and the last query came. */
  const held: { first?: string[]; last?: string[] } = {};
  const fetch = async (q: ListVouchersQuery): Promise<VoucherList> => {
    queries.push(q);
    held.last = vouchers.map((v) => v.code);
    held.first ??= held.last;
    if ((q.page ?? 1) > 99) throw new Error('page above 99');
    const after = q.createdAfter ? Date.parse(q.createdAfter) : -Infinity;
    const before = q.createdBefore ? Date.parse(q.createdBefore) : Infinity;
    const ms = (v: Voucher) => (v as unknown as { ms: number }).ms;
    const match = vouchers.filter((v) =>
      inclusive ? ms(v) >= after && ms(v) <= before : ms(v) > after && ms(v) < before,
    );
    // Stable by insertion within one created_at, as a database index on (created_at, id) would be.
    // Insertion order is id order here.
    const sorted = match.sort((a, b) => ms(a) - ms(b));
    if (q.order === '-created_at') sorted.reverse();
    const limit = q.limit ?? 10;
    const start = ((q.page ?? 1) - 1) * limit;
    const items = sorted.slice(start, start + limit);
    return { page: { object: 'list', data_ref: 'vouchers', vouchers: items, total: match.length }, items };
  };
  return { fetch, queries, held };
}

async function collect(gen: AsyncGenerator<Voucher[]>, between?: () => void): Promise<string[]> {
  const codes: string[] = [];
  for await (const page of gen) {
    codes.push(...page.map((v) => v.code));
    between?.();
  }
  return codes;
}

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
/** `count` vouchers, three to a millisecond, so that window edges fall inside ties. */
const tied = (count: number) => Array.from({ length: count }, (_, i) => voucher(i, T0 + Math.floor(i / 3)));

describe('walking created_at windows past the 99-page cap', () => {
  for (const inclusive of [false, true]) {
    it(`reads every voucher once, oldest first (after/before ${inclusive ? 'inclusive' : 'strict'})`, async () => {
      const all = tied(2500);
      const svc = service(all, inclusive);
      const windows: string[] = [];
      const codes = await collect(
        walkVouchers(
          { limit: 10 },
          { newestFirst: false, fetch: svc.fetch, onWindow: (b) => windows.push(b) },
        ),
      );
      expect(codes).toHaveLength(2500);
      expect(new Set(codes).size).toBe(2500);
      expect(codes).toEqual(all.map((v) => v.code));
      expect(windows).toHaveLength(2);
      expect(Math.max(...svc.queries.map((q) => q.page ?? 1))).toBe(99);
    });

    it(`reads every voucher once, newest first (${inclusive ? 'inclusive' : 'strict'})`, async () => {
      const all = tied(2500);
      const svc = service(all, inclusive);
      const codes = await collect(walkVouchers({ limit: 10 }, { newestFirst: true, fetch: svc.fetch }));
      expect(codes).toEqual(all.map((v) => v.code).reverse());
    });
  }

  it('includes vouchers created during an oldest-first walk, once each', async () => {
    const all = tied(2000);
    const svc = service(all, false);
    let n = 2000;
    const codes = await collect(walkVouchers({ limit: 10 }, { newestFirst: false, fetch: svc.fetch }), () => {
      all.push(voucher(n, T0 + 1000 + n++));
    });
    expect(all.length).toBeGreaterThan(2100);
    expect(codes).toEqual(svc.held.last);
  });

  it('neither repeats nor skips while vouchers are created during a newest-first walk', async () => {
    const all = tied(2000);
    const svc = service(all, false);
    let n = 2000;
    const codes = await collect(walkVouchers({ limit: 10 }, { newestFirst: true, fetch: svc.fetch }), () => {
      all.push(voucher(n, T0 + 1000 + n++));
    });
    expect(codes).toEqual([...svc.held.first!].reverse());
  });

  it('keeps the user’s own created_at bounds', async () => {
    const all = tied(3000);
    const svc = service(all, false);
    const after = new Date(T0 + 100).toISOString();
    const codes = await collect(
      walkVouchers({ limit: 10, createdAfter: after }, { newestFirst: false, fetch: svc.fetch }),
    );
    expect(codes).toEqual(all.filter((v) => Date.parse(v.created_at!) > T0 + 100).map((v) => v.code));
    expect(svc.queries[0]!.createdAfter).toBe(after);
  });

  it('stops with an error when a whole window shares one created_at', async () => {
    const all = Array.from({ length: 1000 }, (_, i) => voucher(i, T0));
    const svc = service(all, false);
    await expect(
      collect(walkVouchers({ limit: 10 }, { newestFirst: false, fetch: svc.fetch })),
    ).rejects.toThrow('more than 990 vouchers share the created_at 2026-01-01T00:00:00.000Z');
  });
});
