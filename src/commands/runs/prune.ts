// promo runs prune [--older-than D]: remove the journals of old runs (not one a run holds).
import { rmSync } from 'node:fs';
import { UsageError } from '../../base/errors.js';
import { defineCommand } from '../../toolkit/define.js';
import { confirmOrCancel } from '../confirm.js';
import { journalFiles, readRun, runsDirectory } from './journals.js';

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `30d`, `12h`, `90m`, `2w`. */
export function parseAge(value: string): number {
  const match = /^\s*(\d+)\s*([mhdw])\s*$/.exec(value);
  if (!match || Number(match[1]) === 0)
    throw new UsageError(`--older-than must be a duration such as 30d, 12h, 90m or 2w, not '${value}'`);
  return Number(match[1]) * UNITS[match[2]!]!;
}

export default defineCommand({
  path: ['runs', 'prune'],
  summary: 'Remove the journals of bulk runs older than a duration (default 30d); never one a run holds',
  description: `Age is the time since a journal was last written. A journal that a run holds now is
kept. Asks first on a terminal; without one it needs --yes. --dry-run lists what would go.`,
  examples: [
    'promo runs prune',
    'promo runs prune --older-than 7d --yes',
    'promo runs prune --older-than 12h --dry-run',
  ],
  options: {
    olderThan: {
      type: 'value',
      value: 'duration',
      help: 'age of the journals to remove: 30d, 12h, 90m, 2w (default 30d)',
    },
    dryRun: { type: 'switch', help: 'list what would be removed; remove nothing' },
  },
  run: async ({ olderThan, dryRun }, rt) => {
    const age = parseAge(olderThan ?? '30d');
    const now = rt.ctx.now();
    const old = [];
    for (const { path, modifiedMs } of journalFiles(runsDirectory(rt))) {
      if (now - modifiedMs < age) continue;
      const run = await readRun(path, modifiedMs);
      if (run.status !== 'running') old.push(run);
    }
    if (old.length === 0) {
      rt.out.notice(`No journals older than ${olderThan ?? '30d'} in ${runsDirectory(rt)}.`);
      if (rt.out.isJson) await rt.out.json([]);
      return;
    }
    if (!dryRun)
      await confirmOrCancel(
        rt,
        `Remove ${old.length} journal${old.length === 1 ? '' : 's'} older than ${olderThan ?? '30d'}?`,
      );
    for (const run of old) {
      if (!dryRun) {
        rmSync(run.journal, { force: true });
        rmSync(`${run.journal}.lock`, { force: true });
      }
    }
    if (rt.out.isJson)
      await rt.out.json(old.map((r) => ({ journal: r.journal, status: r.status, removed: !dryRun })));
    else
      rt.out.notice(
        `${dryRun ? 'Would remove' : 'Removed'} ${old.length} journal${old.length === 1 ? '' : 's'}:\n${old.map((r) => `  ${r.journal} (${r.status})`).join('\n')}`,
      );
  },
});
