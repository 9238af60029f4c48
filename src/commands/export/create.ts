// promo export <object>: one verb per exported object (vouchers, redemptions, ...), made from the
// vendor's list (facts/exports.ts) so that help, completion and docs name each with its fields.
// Without --wait it queues the export and prints it; with --wait it follows it and downloads the
// CSV, to stdout as it arrives or to --out FILE whole.

import { EXPORT_FIELDS, EXPORT_ORDERS, EXPORTED_OBJECTS, type ExportNoun } from 'promo-sandbox/facts/exports';
import { createExport } from '../../api/exports.js';
import { UsageError } from '../../base/errors.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { FILTER_GRAMMAR, filterOptions } from '../shared/filters.js';
import { saveExport } from './download-step.js';
import { exportParameters } from './flags.js';
import { followExport } from './follow.js';
import { printExport } from './print.js';
import { AtomicFile } from './save.js';

function options(noun: ExportNoun) {
  const exported = EXPORTED_OBJECTS[noun];
  const date = exported === 'points_expiration' ? 'expiring' : 'created';
  return defineOptions({
    ...filterOptions(noun === 'vouchers' ? 'category=food' : 'metadata.region=EU'),
    createdAfter: {
      type: 'value',
      value: 'date',
      help: `only those ${date} after this ISO 8601 date or date-time`,
    },
    createdBefore: {
      type: 'value',
      value: 'date',
      help: `only those ${date} before this ISO 8601 date or date-time`,
    },
    order: {
      type: 'value',
      value: 'order',
      complete: EXPORT_ORDERS[exported],
      help: `the rows' order: ${EXPORT_ORDERS[exported].join(', ')}`,
    },
    wait: { type: 'switch', help: 'follow the export to its end, then download the CSV (stdout, or --out)' },
    out: { type: 'value', value: 'file', help: 'with --wait: write the CSV to FILE, whole or not at all' },
  });
}

export function exportVerb(noun: ExportNoun) {
  const exported = EXPORTED_OBJECTS[noun];
  const words = noun.replace('-', ' ');
  return defineCommand({
    path: ['export', noun],
    fields: EXPORT_FIELDS[exported],
    summary: `Export ${words} to CSV (the service's asynchronous export); --wait downloads it`,
    description: `--fields picks the CSV's columns, in that order, among the service's fields for ${words}:
${EXPORT_FIELDS[exported].join(', ')} (default: all of them).
Without --wait: queues the export and prints it (id, status); follow it with promo export get ID,
fetch it with promo export download ID. With --wait: follows it (progress on a terminal), then
downloads the CSV to stdout as it arrives, or with --out FILE to FILE: written beside it as
.FILE.promo-partial-PID and renamed at the end, so FILE is whole or absent (Ctrl-C: exit 130, no
FILE; a partial file left by a killed promo is removed by the next download to FILE).
${FILTER_GRAMMAR}`,
    examples: [
      `promo export ${noun} --wait --out ${noun}.csv`,
      `promo export ${noun} --created-after 2026-06-01 --created-before 2026-06-02 --wait > day.csv`,
      `promo export ${noun} --fields ${EXPORT_FIELDS[exported].slice(0, 2).join(',')} -o json | jq -r .id`,
    ],
    options: options(noun),
    run: async (input, rt) => {
      const parameters = exportParameters(exported, { ...input, fields: rt.globals.fields });
      if (input.out !== undefined && !input.wait)
        throw new UsageError(
          '--out writes the downloaded CSV, which only --wait downloads',
          `Add --wait, or download it later: promo export download ID --out ${input.out}`,
        );
      const file = input.out === undefined ? undefined : new AtomicFile(input.out);
      const client = await rt.client();
      const created = await createExport(client, exported, parameters);
      if (!input.wait) return printExport(created, rt);
      const done = await followExport(created, rt);
      await saveExport(done, rt, file);
    },
  });
}
