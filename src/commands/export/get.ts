// promo export get <id>: one export: its status, parameters and, once DONE, the URL of its file.
import { EXPORT_OBJECT_FIELDS, getExport } from '../../api/exports.js';
import { defineCommand } from '../../toolkit/define.js';
import { checkExportId } from './ids.js';
import { exportFields } from './view.js';

export default defineCommand({
  path: ['export', 'get'],
  fields: EXPORT_OBJECT_FIELDS,
  aliases: ['show'],
  summary: 'Show one export: status, object, fields',
  description: "With -o json: the service's export object; result.url (once DONE) carries the file's token.",
  examples: [
    'promo export get exp_ex6zq0x0EEa9S0N68QcqhxcQ',
    'promo export get exp_ex6zq0x0EEa9S0N68QcqhxcQ -o json | jq -r .status',
  ],
  args: { id: { help: 'export id (exp_...)', required: true, parse: checkExportId } },
  run: async ({ id }, rt) => {
    await rt.out.record(await getExport(await rt.client(), id), exportFields);
  },
});
