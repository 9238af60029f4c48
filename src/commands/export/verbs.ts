import { EXPORTED_OBJECTS, type ExportNoun } from 'promo-sandbox/facts/exports';
import { defineVerbs } from '../../toolkit/define.js';
import { exportVerb } from './create.js';
import del from './delete.js';
import download from './download.js';
import get from './get.js';
import list from './list.js';

export default defineVerbs({
  description: `The first word after export is what to export (${Object.keys(EXPORTED_OBJECTS).join(', ')}),
or what to do with an export made before (list, get, download, delete).`,
  examples: [
    'promo export vouchers --wait --out vouchers.csv',
    'promo export redemptions --created-after 2026-06-01 --wait > june.csv',
    'promo export list',
  ],
  commands: [...(Object.keys(EXPORTED_OBJECTS) as ExportNoun[]).map(exportVerb), list, get, download, del],
});
