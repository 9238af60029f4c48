// How an import job reads for a person: status, progress, counts; JSON output shows the
// service's async action object unchanged.
import type { AsyncAction } from '../../api/async-actions.js';
import type { Column } from '../../output/output.js';
import { formatDate } from '../../output/table.js';

const count = (action: AsyncAction, field: 'done_count' | 'failed_count') =>
  action.result?.[field] ?? undefined;

export const jobFields: Column<AsyncAction>[] = [
  { header: 'Job', value: (a) => a.id, id: true, whole: true },
  { header: 'Type', value: (a) => a.type },
  { header: 'Status', value: (a) => a.status },
  { header: 'Progress', value: (a) => (a.progress == null ? undefined : `${a.progress}%`) },
  { header: 'Done', value: (a) => count(a, 'done_count') },
  { header: 'Failed', value: (a) => count(a, 'failed_count') },
  { header: 'Message', value: (a) => a.result?.message ?? undefined, text: true },
  { header: 'Created', value: (a) => formatDate(a.created_at) },
  { header: 'Updated', value: (a) => formatDate(a.updated_at) || undefined },
  {
    header: 'Took',
    value: (a) => (a.processing_time == null ? undefined : `${(a.processing_time / 1000).toFixed(1)} s`),
  },
];

export const jobColumns: Column<AsyncAction>[] = [
  { header: 'Job', value: (a) => a.id, id: true, whole: true },
  { header: 'Type', value: (a) => a.type, drop: 1 },
  { header: 'Status', value: (a) => a.status },
  { header: 'Progress', value: (a) => (a.progress == null ? '' : `${a.progress}%`) },
  { header: 'Created', value: (a) => formatDate(a.created_at), drop: 2 },
  { header: 'Updated', value: (a) => formatDate(a.updated_at), drop: 3 },
];
