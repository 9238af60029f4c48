// The products' CSV import (`POST /v1/products/importCSV`, whose route is product-routes.ts): a
// multipart form whose `file` is a CSV of products, read whole when it comes (a bad file is refused
// at once), then imported a row at a time by its job (import-jobs.ts). The columns are the product's own fields (name, required; source_id; price, in hundredths like the
// product's price; attributes, names separated by commas; image_url); every other column is a
// metadata property, whose name may hold no white space. As the service does, a row whose source id
// is already known updates that product's name and nothing else.
import { readCsvForm } from './csv-read.js';
import type { ImportFailure } from './job-types.js';
import { blankItem, findProduct } from './products.js';
import { type RouteContext, SandboxError, type SandboxState } from './types.js';
import type { Json } from './voucher-check.js';

export const PRODUCT_IMPORT_PATH = '/v1/products/importCSV';

const STANDARD = ['name', 'source_id', 'price', 'attributes', 'image_url'];

/** One row as the job keeps it until its turn: its number and its cells by column. */
interface ProductRow {
  row: number;
  cells: Record<string, string>;
}

const invalid = (details: string) => new SandboxError(400, 'invalid_payload', 'Invalid payload', details);

/** The rows of the form's CSV; a body, file or header the import cannot read is refused whole. */
export function readProductRows(contentType: string | undefined, body: unknown): ProductRow[] {
  const { header, rows } = readCsvForm(contentType, body);
  const columns = header.map((name) => (STANDARD.includes(name.toLowerCase()) ? name.toLowerCase() : name));
  if (!columns.includes('name')) throw invalid('The CSV file needs a `name` column.');
  for (const column of columns) {
    if (column === '' || /\s/.test(column)) {
      throw invalid(`A metadata column's name may hold no white space: '${column}'.`);
    }
  }
  if (new Set(columns).size !== columns.length) throw invalid('The CSV file names a column twice.');
  return rows.map(({ row, cells }) => ({
    row,
    cells: Object.fromEntries(columns.map((column, i) => [column, (cells[i] ?? '').trim()])),
  }));
}

const rowFailure = (reason: string) => new SandboxError(400, 'invalid_payload', 'Invalid payload', reason);

function productFields(cells: Record<string, string>): Json {
  const fields: Json = { name: cells.name };
  if (cells.source_id) fields.source_id = cells.source_id;
  if (cells.price) {
    if (!/^\d+$/.test(cells.price)) {
      throw rowFailure(`price: must be a whole number of hundredths (actual value is '${cells.price}')`);
    }
    fields.price = Number(cells.price);
  }
  if (cells.attributes) {
    fields.attributes = cells.attributes
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
  }
  if (cells.image_url) fields.image_url = cells.image_url;
  const metadata = Object.entries(cells).filter(
    ([column, value]) => !STANDARD.includes(column) && value !== '',
  );
  if (metadata.length > 0) fields.metadata = Object.fromEntries(metadata);
  return fields;
}

/** Imports one row at the moment the job reaches it; throws a SandboxError that names why not. */
export function importProductRow(state: SandboxState, item: unknown, rc: RouteContext): void {
  const { cells } = item as ProductRow;
  if (!cells.name) throw rowFailure('name: property is required');
  const fields = productFields(cells);
  const known = typeof fields.source_id === 'string' ? findProduct(state, fields.source_id) : undefined;
  const at = new Date(rc.now()).toISOString();
  const next: Json = known
    ? { ...known, name: fields.name, updated_at: at }
    : { ...blankItem('product', rc), ...fields };
  state.products[next.id as string] = next;
}

/** How a failed row is reported: its number and its source id. */
export function productRowFailure(item: unknown, reason: string): ImportFailure {
  const { row, cells } = item as ProductRow;
  return { row, source_id: cells.source_id || null, reason };
}
