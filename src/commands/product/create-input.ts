// `product create --input FILE|-`: one product per NDJSON line (the service's product body, price
// in hundredths) or CSV row (source_id, name, price in currency units, attributes separated by
// '|', metadata.KEY), over what the flags say for all, through the bulk journal. Each line needs a
// source_id: the service's create is then an upsert, so a line sent twice (a lost answer, a resumed
// run) still leaves one product.
import { readAnswer } from '../../api/answer.js';
import { type CatalogueBody, createProductRequest, PRODUCT_ANSWER } from '../../api/products.js';
import { UsageError } from '../../base/errors.js';
import { columnName, columnRoles } from '../../bulk/columns.js';
import {
  BULK_HELP,
  type BulkAction,
  type BulkFlags,
  type InputRecord,
  runBulkInput,
} from '../../bulk/index.js';
import { cellPair, parseMetadata } from '../../input/metadata.js';
import type { Runtime } from '../../runtime/runtime.js';
import { parseMoney } from '../shared/values.js';

export const PRODUCT_INPUT_HELP = `
With --source-id the create is the service's upsert: a source id it knows updates that product.
--input FILE|- creates one product per NDJSON line (the service's product object: price in
hundredths) or CSV row (columns source_id, name, price in currency units, attributes separated by
'|', metadata.KEY), over what the flags say for all (a line's own values win). Each line needs a
source_id: that is what makes a line sent twice (a lost answer, --resume) leave one product.
${BULK_HELP}`;

const COLUMNS = ['source_id', 'name', 'price', 'attributes'];

type Role = { kind: 'field'; field: string } | { kind: 'metadata'; key: string };

function columnRole(column: string): Role | undefined {
  if (/^metadata\./i.test(column)) return { kind: 'metadata', key: column.slice('metadata.'.length) };
  const name = columnName(column).replace(/-/g, '_');
  return COLUMNS.includes(name) ? { kind: 'field', field: name } : undefined;
}

const csvRoles = (columns: string[]) =>
  columnRoles(columns, columnRole, `${COLUMNS.join(', ')} or metadata.KEY`);

function csvValue(field: string, text: string): unknown {
  if (field === 'price') return parseMoney(text, 'price column');
  if (field === 'attributes')
    return text
      .split('|')
      .map((name) => name.trim())
      .filter(Boolean);
  return text;
}

function recordPart(record: InputRecord, roles: Map<string, Role> | undefined): CatalogueBody {
  if (record.format === 'ndjson') return record.value;
  if (record.format !== 'csv') throw new UsageError('--input must be NDJSON or CSV');
  const part: CatalogueBody = {};
  const pairs: string[] = [];
  for (const [column, raw] of Object.entries(record.value)) {
    const text = raw.trim();
    const role = roles?.get(column);
    if (text === '' || !role) continue;
    if (role.kind === 'metadata') pairs.push(cellPair(role.key, text));
    else part[role.field] = csvValue(role.field, text);
  }
  const metadata = parseMetadata(pairs.length ? pairs : undefined, 'metadata column');
  if (metadata) part.metadata = metadata;
  return part;
}

function lineBody(shared: CatalogueBody, part: CatalogueBody): CatalogueBody {
  const body: CatalogueBody = { ...shared, ...part };
  if (shared.metadata && part.metadata) body.metadata = { ...shared.metadata, ...part.metadata };
  if (typeof body.source_id !== 'string' || body.source_id === '') {
    throw new UsageError('needs a source_id: it is what makes a repeated create safe (an upsert)');
  }
  return body;
}

/** An upsert by source_id: sent twice it leaves one product, so a lost answer is simply sent again. */
const createAction: BulkAction<CatalogueBody> = {
  status: 'created',
  code: (body) => body.source_id,
  async send(client, body) {
    const product = readAnswer(
      await client.call(createProductRequest(body)),
      PRODUCT_ANSWER,
      'POST /v1/products',
    );
    return { code: product.source_id ?? undefined, id: product.id };
  },
  request: createProductRequest,
  repeatable: true,
};

export function createProducts(
  shared: CatalogueBody,
  input: string,
  bulk: BulkFlags,
  rt: Runtime,
): Promise<number> {
  return runBulkInput(rt, {
    command: 'product create',
    input,
    read: { formats: ['ndjson', 'csv'] },
    columns: csvRoles,
    prepare: (record, roles) => lineBody(shared, recordPart(record, roles)),
    action: createAction,
    flags: bulk,
    dryRun: false,
  });
}
