// promo runs list: the bulk runs promo keeps journals of, newest first, with what each did.

import { escapeCell } from '../../output/escape.js';
import { formatDate } from '../../output/table.js';
import { defineCommand } from '../../toolkit/define.js';
import { journalFiles, type RunView, readRun, runsDirectory } from './journals.js';

export const RUN_FIELDS = [
  'journal',
  'command',
  'args',
  'started_at',
  'lines',
  'done',
  'failed',
  'unknown',
  'status',
  'resume',
  'problem',
  'modified_at',
] as const;

export default defineCommand({
  path: ['runs', 'list'],
  aliases: ['ls'],
  fields: RUN_FIELDS,
  summary: 'List the journals of bulk runs (--input): command, start, counts, status',
  description: `The journals promo names itself, in the state directory's runs/ folder (promo help
environment says where that is); a journal named with --results stays where it was put. Status:
running (a run holds it now), done (every line done), interrupted (stopped by Ctrl-C, SIGTERM or
SIGHUP before the end: resume it), incomplete (lines not reached, failed or unknown: resume it),
unreadable. -o json gives each unfinished run's resume command (resume), as the run wrote it in its
journal.`,
  examples: [
    'promo runs list',
    'promo runs list -o json | jq -r \'.[] | select(.status == "incomplete") | .journal\'',
  ],
  options: {},
  run: async (_, rt) => {
    const runs: RunView[] = [];
    for (const { path, modifiedMs } of journalFiles(runsDirectory(rt)))
      runs.push(await readRun(path, modifiedMs));
    const number = new Map(runs.map((r, i) => [r, i + 1]));
    await rt.out.list(
      runs,
      [
        // A journal's path is copied by people: it is never cut to fit, so it has a line of its
        // own under the table, found by its number.
        ...(rt.out.isJson ? [] : [{ header: '#', value: (r: RunView) => number.get(r) }]),
        { header: 'Started', value: (r) => formatDate(r.started_at ?? r.modified_at) },
        { header: 'Command', value: (r) => r.command ?? '?', text: true },
        { header: 'Done', value: (r) => (r.lines === null ? r.done : `${r.done}/${r.lines}`) },
        { header: 'Failed', value: (r) => r.failed || undefined },
        { header: 'Unknown', value: (r) => r.unknown || undefined, drop: 1 },
        { header: 'Status', value: (r) => r.status },
      ],
      `No journals in ${runsDirectory(rt)}.`,
      RUN_FIELDS,
    );
    if (rt.out.isJson || runs.length === 0 || rt.out.isShaped) return;
    rt.out.text(
      `\nJournals:\n${runs.map((r, i) => `${String(i + 1).padStart(3)}  ${escapeCell(r.journal)}`).join('\n')}`,
    );
  },
});
