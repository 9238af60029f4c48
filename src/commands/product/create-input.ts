// `product create --input FILE|-`: one product per NDJSON line (the service's product body, price
// in hundredths) or CSV row (source_id, name, price in currency units, attributes separated by
// '|', metadata.KEY), over what the flags say for all, through the bulk journal. Each line needs a
// source_id: the service's create is then an upsert, so a line sent twice (a lost answer, a resumed
// run) still leaves one product.
import { readAnswer } from '../../api/answer.js';
import { type CatalogueBody, createProductRequest, PRODUCT_ANSWER } from '../../api/products.js';
import { UsageError } from '../../base/errors.js';
import { BULK_HELP, type BulkAction, type BulkFlags, runBulkInput } from '../../bulk/index.js';
import type { Runtime } from '../../runtime/runtime.js';
import { fieldRoles, recordFields } from '../shared/csv-fields.js';
import { parseMoney } from '../shared/values.js';

export const PRODUCT_INPUT_HELP = `
With --source-id the create is the service's upsert: a source id it knows updates that product.
--input FILE|- creates one product per NDJSON line (the service's product object: price in
hundredths) or CSV row (columns source_id, name, price in currency units, attributes separated by
'|', metadata.KEY), over what the flags say for all (a line's own values win). Each line needs a
source_id: that is what makes a line sent twice (a lost answer, --resume) leave one product.
${BULK_HELP}`;

const csvRoles = fieldRoles(['source_id', 'name', 'price', 'attributes']);

function csvValue(field: string, text: string): unknown {
  if (field === 'price') return parseMoney(text, 'price column');
  if (field === 'attributes')
    return text
      .split('|')
      .map((name) => name.trim())
      .filter(Boolean);
  return text;
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
    prepare: (record, roles) => lineBody(shared, recordFields(record, roles, csvValue)),
    action: createAction,
    flags: bulk,
    dryRun: false,
  });
}
