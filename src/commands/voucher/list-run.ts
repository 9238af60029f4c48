// `voucher list`: one page (a table, a JSON array, NDJSON, or --raw the service's list object),
// or with --all every matching voucher, also past the 99-page cap (see list-walk.ts).
import { listVouchers, vouchersOf } from '../../api/voucher-list.js';
import type { Voucher } from '../../api/vouchers.js';
import type { Runtime } from '../../runtime.js';
import { ALL_PAGE_SIZE, type VoucherListOptions } from './list-options.js';
import { walkVouchers } from './list-walk.js';
import { voucherListColumns } from './voucher-view.js';

export async function runVoucherList(options: VoucherListOptions, rt: Runtime): Promise<void> {
  const client = await rt.client();
  const columns = voucherListColumns(rt.ctx.now());
  const { query } = options;
  if (!options.all) {
    const list = await listVouchers(client, query);
    if (options.raw) return rt.out.json(list);
    const vouchers = vouchersOf(list);
    await rt.out.list(vouchers, columns, 'No vouchers.');
    const page = query.page ?? 1;
    const shown = (page - 1) * (query.limit ?? 10) + vouchers.length;
    if (rt.out.format === 'table' && typeof list.total === 'number' && list.total > shown) {
      rt.out.notice(
        `${shown} of ${list.total} vouchers shown. Next page: --page ${page + 1}; every voucher: --all.`,
      );
    }
    return;
  }
  const streaming = rt.out.format === 'ndjson';
  const collected: Voucher[] = [];
  const pages = walkVouchers(
    { ...query, limit: query.limit ?? ALL_PAGE_SIZE },
    {
      newestFirst: query.order === '-created_at',
      fetch: (q) => listVouchers(client, q),
      onWindow: (boundary) => {
        if (rt.globals.debug)
          rt.ctx.stderr.write(`* 99 pages read; next window from created_at ${boundary}\n`);
      },
    },
  );
  for await (const page of pages) {
    if (streaming) await rt.out.list(page, columns);
    else collected.push(...page);
  }
  if (!streaming) await rt.out.list(collected, columns, 'No vouchers.');
}
