// Every redemption of a query, page by page, also past the service's last page (99): oldest first,
// and when a window's last page is reached the next window starts at the last date read (the
// redemptions of that very instant already read are not given twice).

import { MAX_PAGE } from 'promo-sandbox/facts/lists';
import type { ListRedemptionsQuery, Redemption } from '../../api/redemptions.js';

export async function* walkRedemptions(
  query: ListRedemptionsQuery & { limit: number },
  fetch: (query: ListRedemptionsQuery) => Promise<Redemption[]>,
): AsyncGenerator<Redemption[]> {
  let after = query.createdAfter;
  let atBoundary = new Set<string>();
  for (;;) {
    let last: string | undefined;
    const boundaryIds = new Set<string>();
    for (let page = 1; page <= MAX_PAGE; page++) {
      const items = await fetch({ ...query, order: 'created_at', createdAfter: after, page });
      const fresh = items.filter((r) => !atBoundary.has(r.id));
      for (const r of items) {
        if (r.date !== last) boundaryIds.clear();
        last = r.date ?? last;
        boundaryIds.add(r.id);
      }
      yield fresh;
      if (items.length < query.limit) return;
    }
    if (last === undefined) return;
    // Strictly after the instant before the last one read: that instant's others come, the read ones are skipped.
    after = new Date(Date.parse(last) - 1).toISOString();
    atBoundary = boundaryIds;
  }
}
