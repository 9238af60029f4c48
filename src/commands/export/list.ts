// promo export list: the service's exports, newest first.
import { EXPORT_OBJECT_FIELDS, listExports } from '../../api/exports.js';
import { defineCommand } from '../../toolkit/define.js';
import { parseChoice, parsePage, parsePagingFlags } from '../paging.js';
import { exportColumns } from './view.js';

export default defineCommand({
  path: ['export', 'list'],
  fields: EXPORT_OBJECT_FIELDS,
  aliases: ['ls'],
  summary: 'List the exports, newest first',
  examples: ['promo export list', 'promo export list --order status -o json | jq -r ".[].id"'],
  options: {
    limit: { type: 'value', short: 'l', value: 'n', help: 'how many, 1 to 100 (default 10)' },
    page: { type: 'value', value: 'n', help: 'which page (default 1)' },
    order: {
      type: 'value',
      value: 'order',
      complete: ['created_at', '-created_at', 'status', '-status'],
      help: 'created_at, -created_at, status or -status (default -created_at)',
    },
    raw: { type: 'switch', help: "print the service's list object" },
  },
  run: async (input, rt) => {
    const { limit, raw } = parsePagingFlags({ limit: input.limit, raw: input.raw });
    const page = parsePage(input, Infinity);
    const order = parseChoice(
      input.order,
      ['created_at', '-created_at', 'status', '-status'] as const,
      '--order',
    );
    const list = await listExports(await rt.client(), { limit, page, order });
    if (raw) return rt.out.json(list.page);
    await rt.out.list(list.items, exportColumns, 'No exports.');
  },
});
