// promo export delete <id>: removes an export and its file. Asks on a terminal; --yes otherwise.
import { deleteExport } from '../../api/exports.js';
import { defineCommand } from '../../toolkit/define.js';
import { confirmOrCancel } from '../confirm.js';
import { checkExportId } from './ids.js';

export default defineCommand({
  path: ['export', 'delete'],
  aliases: ['rm'],
  summary: 'Delete an export and its file (asks first; --yes without a terminal)',
  examples: ['promo export delete exp_ex6zq0x0EEa9S0N68QcqhxcQ --yes'],
  args: { id: { help: 'export id (exp_...)', required: true, parse: checkExportId } },
  run: async ({ id }, rt) => {
    await confirmOrCancel(rt, `Delete export ${id} and its file?`);
    await deleteExport(await rt.client(), id);
    rt.out.notice(`Deleted export ${id}.`);
  },
});
