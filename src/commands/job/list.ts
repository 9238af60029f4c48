// promo job list: the service's recent async actions (imports and other bulk jobs).
import { JOB_FIELDS, listAsyncActions } from '../../api/async-actions.js';
import { defineCommand } from '../../toolkit/define.js';
import { parsePagingFlags } from '../paging.js';
import { parseInstant } from '../shared/values.js';
import { jobColumns } from './job-view.js';

export default defineCommand({
  path: ['job', 'list'],
  fields: JOB_FIELDS,
  aliases: ['ls'],
  summary: 'List recent jobs (async actions), newest first',
  description: "The list carries no results; promo job get ID shows one job's result.",
  examples: ['promo job list', 'promo job list --limit 50 --before 2026-06-01 -o json | jq -r ".[].id"'],
  options: {
    limit: { type: 'value', short: 'l', value: 'n', help: 'how many, 1 to 100 (default 10)' },
    before: { type: 'value', value: 'date', help: 'jobs scheduled before this ISO 8601 date or date-time' },
    raw: { type: 'switch', help: "print the service's list object" },
  },
  run: async (input, rt) => {
    const { limit, raw } = parsePagingFlags({ limit: input.limit, raw: input.raw });
    const list = await listAsyncActions(await rt.client(), {
      limit,
      endDate: parseInstant(input.before, '--before'),
    });
    if (raw) return rt.out.json(list.page);
    await rt.out.list(list.items, jobColumns, 'No jobs.', [
      'id',
      'type',
      'status',
      'progress',
      'created_at',
      'updated_at',
    ]);
  },
});
