// promo export download <id> [--out FILE] [--wait]: the CSV of a DONE export, to stdout as it
// arrives or to FILE whole (see save.ts).
import { getExport } from '../../api/exports.js';
import { defineCommand } from '../../toolkit/define.js';
import { saveExport } from './download-step.js';
import { followExport } from './follow.js';
import { checkExportId } from './ids.js';
import { AtomicFile } from './save.js';

export default defineCommand({
  path: ['export', 'download'],
  summary: 'Download the CSV of an export: to stdout, or --out FILE whole or not at all',
  description: `The file comes from the URL in the export's result, which must name the download host of the
profile's own cluster (or, for a custom --api-url and the sandbox, that same host): the app keys
go nowhere else. An answer that is not CSV (JSON, an HTML page) is exit 1, nothing written.
--out FILE is written beside FILE and renamed at the end: FILE is whole or absent, mode 0600 (or
FILE's own stricter mode).`,
  examples: [
    'promo export download exp_ex6zq0x0EEa9S0N68QcqhxcQ --out vouchers.csv',
    'promo export download exp_ex6zq0x0EEa9S0N68QcqhxcQ | head',
  ],
  args: { id: { help: 'export id (exp_...)', required: true, parse: checkExportId } },
  options: {
    out: { type: 'value', value: 'file', help: 'write the CSV to FILE, whole or not at all' },
    wait: { type: 'switch', help: 'wait for the export to be DONE first' },
  },
  run: async ({ id, out, wait }, rt) => {
    const file = out === undefined ? undefined : new AtomicFile(out);
    let exp = await getExport(await rt.client(), id);
    if (wait) exp = await followExport(exp, rt);
    await saveExport(exp, rt, file);
  },
});
