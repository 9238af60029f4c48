// Products and SKUs: `POST /v1/products` (an upsert by source_id), get, update and delete by id or
// source id, the paged list, and a product's SKUs (create, list, update, delete; get by
// `/v1/skus/{id}`), the CSV import (product-import.ts) and the bulk updates (product-bulk.ts). The store and the body checks are products.ts.
import { PRODUCT_ORDERS } from './facts/lists.js';
import { queueImport } from './import-jobs.js';
import { DEFAULT_LIMIT, readChoice, readLimit } from './list-params.js';
import {
  PRODUCTS_BULK_PATH,
  PRODUCTS_METADATA_PATH,
  readBulkProducts,
  readMetadataUpdate,
} from './product-bulk.js';
import { PRODUCT_IMPORT_PATH, readProductRows } from './product-import.js';
import {
  blankItem,
  catalogueNotFound,
  findProductBySource,
  findSku,
  productView,
  readCatalogueBody,
  skusOf,
  storedProduct,
} from './products.js';
import { notImitated } from './redeem-request.js';
import {
  appOrBearerRoute,
  type Route,
  type RouteContext,
  type SandboxReply,
  type SandboxRequest,
  type SandboxState,
} from './types.js';
import type { Json } from './voucher-check.js';
import { readDate, readPage } from './voucher-list.js';

const nowIso = (rc: RouteContext) => new Date(rc.now()).toISOString();

/** A stored item with a body laid over it; metadata is replaced whole, as the service does. */
const apply = (item: Json, fields: Json, rc: RouteContext, isNew: boolean): Json =>
  isNew ? { ...item, ...fields } : { ...item, ...fields, updated_at: nowIso(rc) };

function sourceIdOf(fields: Json): string | null {
  return typeof fields.source_id === 'string' && fields.source_id !== '' ? fields.source_id : null;
}

function createProduct(req: SandboxRequest, state: SandboxState, rc: RouteContext): SandboxReply {
  const fields = readCatalogueBody('product', req.body, true);
  const sourceId = sourceIdOf(fields);
  // An upsert: a source id already known updates that product, so a repeat makes no second one.
  const known = sourceId === null ? undefined : findProductBySource(state, sourceId);
  const next = apply(known ?? blankItem('product', rc), fields, rc, known === undefined);
  state.products[next.id as string] = next;
  return { status: 200, body: productView(state, next) };
}

function updateProduct(req: SandboxRequest, state: SandboxState, rc: RouteContext): SandboxReply {
  const product = storedProduct(state, req.params.productId as string);
  const next = apply(product, readCatalogueBody('product', req.body, false), rc, false);
  state.products[next.id as string] = next;
  return { status: 200, body: productView(state, next) };
}

function deleteProduct(req: SandboxRequest, state: SandboxState): SandboxReply {
  const product = storedProduct(state, req.params.productId as string);
  for (const sku of skusOf(state, product.id as string)) delete state.skus[sku.id as string];
  delete state.products[product.id as string];
  return { status: 204 };
}

/** A page of items by the vendor's list parameters: limit, page, order, start_date and end_date. */
function page(req: SandboxRequest, items: Json[]): { data: Json[]; total: number } {
  const { query } = req;
  const limit = readLimit(query) ?? DEFAULT_LIMIT;
  const number = readPage(query);
  const order = readChoice(query, 'order', PRODUCT_ORDERS) ?? '-created_at';
  const from = readDate(query, 'start_date');
  const to = readDate(query, 'end_date');
  const field = order.replace('-', '');
  const sign = order.startsWith('-') ? -1 : 1;
  const matching = items
    .filter((item) => {
      const at = String(item.created_at);
      return (from === undefined || at >= from) && (to === undefined || at <= to);
    })
    .sort((a, b) => {
      const x = String(a[field] ?? '');
      const y = String(b[field] ?? '');
      return x === y ? String(a.id).localeCompare(String(b.id)) : sign * (x < y ? -1 : 1);
    });
  const start = (number - 1) * limit;
  return { data: matching.slice(start, start + limit), total: matching.length };
}

function listProducts(req: SandboxRequest, state: SandboxState): SandboxReply {
  const { data, total } = page(req, Object.values(state.products as Record<string, Json>));
  const products = data.map((product) => productView(state, product));
  return { status: 200, body: { object: 'list', data_ref: 'products', products, total } };
}

function storedSku(state: SandboxState, productId: string | undefined, idOrSourceId: string): Json {
  const sku = findSku(state, idOrSourceId);
  if (!sku || (productId !== undefined && sku.product_id !== productId)) {
    throw catalogueNotFound('sku', idOrSourceId);
  }
  return sku;
}

function createSku(req: SandboxRequest, state: SandboxState, rc: RouteContext): SandboxReply {
  const product = storedProduct(state, req.params.productId as string);
  const fields = readCatalogueBody('sku', req.body, true);
  const sourceId = sourceIdOf(fields);
  // Like a product, a SKU with a known source id is updated rather than made twice.
  const known =
    sourceId === null
      ? undefined
      : skusOf(state, product.id as string).find((sku) => sku.source_id === sourceId);
  const next = apply(known ?? blankItem('sku', rc, product.id as string), fields, rc, known === undefined);
  state.skus[next.id as string] = next;
  return { status: 200, body: next };
}

function updateSku(req: SandboxRequest, state: SandboxState, rc: RouteContext): SandboxReply {
  const product = storedProduct(state, req.params.productId as string);
  const sku = storedSku(state, product.id as string, req.params.skuId as string);
  const next = apply(sku, readCatalogueBody('sku', req.body, false), rc, false);
  state.skus[next.id as string] = next;
  return { status: 200, body: next };
}

function deleteSku(req: SandboxRequest, state: SandboxState): SandboxReply {
  const product = storedProduct(state, req.params.productId as string);
  const sku = storedSku(state, product.id as string, req.params.skuId as string);
  delete state.skus[sku.id as string];
  return { status: 204 };
}

function listSkus(req: SandboxRequest, state: SandboxState): SandboxReply {
  const product = storedProduct(state, req.params.productId as string);
  const { data, total } = page(req, skusOf(state, product.id as string));
  return { status: 200, body: { object: 'list', data_ref: 'skus', skus: data, total } };
}

const route = appOrBearerRoute((pattern) => (pattern.includes('skus') ? ['products', 'skus'] : ['products']));

export const productRoutes: Route[] = [
  route('POST', '/v1/products', createProduct),
  route('GET', '/v1/products', listProducts, true),
  route(
    'GET',
    '/v1/products/:productId',
    (req, state) => ({
      status: 200,
      body: productView(state, storedProduct(state, req.params.productId as string)),
    }),
    true,
  ),
  route('POST', PRODUCT_IMPORT_PATH, (req, state, rc) => {
    const rows = readProductRows(req.headers['content-type'], req.body);
    const job = queueImport(state, rows, rc, req.requestId, { type: 'PRODUCTS.IMPORT_CSV' });
    return { status: 200, body: { async_action_id: job.id } };
  }),
  route('POST', PRODUCTS_BULK_PATH, (req, state, rc) => {
    const job = queueImport(state, readBulkProducts(req.body), rc, req.requestId, {
      type: 'PRODUCTS.BULK_UPDATE',
    });
    return { status: 202, body: { async_action_id: job.id } };
  }),
  route('POST', PRODUCTS_METADATA_PATH, (req, state, rc) => {
    const records = readMetadataUpdate(req.body);
    const job = queueImport(state, records, rc, req.requestId, { type: 'PRODUCTS.METADATA_UPDATE' });
    return { status: 202, body: { async_action_id: job.id } };
  }),
  // Refused by name: the SKUs' import needs the product attributes matched, which is not imitated.
  route('POST', '/v1/skus/importCSV', () => {
    throw notImitated('the SKUs CSV import (the products CSV import is imitated)');
  }),
  route('PUT', '/v1/products/:productId', updateProduct),
  route('DELETE', '/v1/products/:productId', deleteProduct),
  route('POST', '/v1/products/:productId/skus', createSku),
  route('GET', '/v1/products/:productId/skus', listSkus, true),
  route('PUT', '/v1/products/:productId/skus/:skuId', updateSku),
  route('DELETE', '/v1/products/:productId/skus/:skuId', deleteSku),
  route(
    'GET',
    '/v1/skus/:skuId',
    (req, state) => ({ status: 200, body: storedSku(state, undefined, req.params.skuId as string) }),
    true,
  ),
];
