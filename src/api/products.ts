// The catalogue: `POST /v1/products` (an upsert by source_id), get, update and delete by id or
// source id, the paged list; a product's SKUs (`/v1/products/{id}/skus`, `/v1/skus/{id}`).
import type { ProductOrder } from 'promo-sandbox/facts/lists';
import {
  anything,
  type Checked,
  type ListAnswer,
  list,
  maybe,
  number,
  object,
  optional,
  readAnswer,
  readListAnswer,
  record,
  text,
} from './answer.js';
import { type ApiClient, type ApiRequest, encodePath } from './client.js';

export { PRODUCT_ORDERS, type ProductOrder } from 'promo-sandbox/facts/lists';

/** What a create or update sends (prices in hundredths); any other field is sent as given. */
export interface CatalogueBody {
  source_id?: string;
  name?: string;
  sku?: string;
  price?: number;
  attributes?: string[] | Record<string, string>;
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}

export const SKU_ANSWER = object({
  id: text,
  source_id: maybe(text),
  product_id: maybe(text),
  sku: maybe(text),
  price: maybe(number),
  currency: maybe(text),
  attributes: maybe(record(anything)),
  metadata: maybe(record(anything)),
  created_at: maybe(text),
});
export type Sku = Checked<typeof SKU_ANSWER>;

export const PRODUCT_ANSWER = object({
  id: text,
  source_id: maybe(text),
  name: maybe(text),
  price: maybe(number),
  attributes: maybe(list(text)),
  metadata: maybe(record(anything)),
  created_at: maybe(text),
  skus: maybe(object({ total: maybe(number) })),
});
export type Product = Checked<typeof PRODUCT_ANSWER>;

/** The top-level fields of a product and of a SKU (for --fields). */
export const PRODUCT_FIELDS = [
  'id',
  'source_id',
  'name',
  'price',
  'attributes',
  'metadata',
  'image_url',
  'skus',
  'created_at',
  'updated_at',
  'object',
] as const;
export const SKU_FIELDS = [
  'id',
  'source_id',
  'product_id',
  'sku',
  'price',
  'currency',
  'attributes',
  'metadata',
  'image_url',
  'created_at',
  'updated_at',
  'object',
] as const;

const hasSourceId = (body: CatalogueBody) => typeof body.source_id === 'string' && body.source_id !== '';

/**
 * With a source_id the create is an upsert: sent twice, it leaves one product, so it is safe to
 * send again after a lost answer. Without one, each create makes a new product.
 */
export function createProductRequest(body: CatalogueBody): ApiRequest {
  return {
    method: 'POST',
    path: '/v1/products',
    json: body,
    auth: 'app',
    idempotent: hasSourceId(body),
    mutates: true,
  };
}

export async function createProduct(client: ApiClient, body: CatalogueBody): Promise<Product> {
  return readAnswer(await client.call(createProductRequest(body)), PRODUCT_ANSWER, 'POST /v1/products');
}

export async function getProduct(client: ApiClient, ref: string): Promise<Product> {
  const request: ApiRequest = { method: 'GET', path: encodePath`/v1/products/${ref}`, auth: 'app' };
  return readAnswer(await client.call(request), PRODUCT_ANSWER, 'GET /v1/products/{productId}');
}

/** PUT sets the given fields: sending it twice does no harm. */
export async function updateProduct(client: ApiClient, ref: string, body: CatalogueBody): Promise<Product> {
  const request: ApiRequest = {
    method: 'PUT',
    path: encodePath`/v1/products/${ref}`,
    json: body,
    auth: 'app',
  };
  return readAnswer(await client.call(request), PRODUCT_ANSWER, 'PUT /v1/products/{productId}');
}

/** Sent again after a lost answer; a 404 of that retry then means the first attempt deleted it. */
export async function deleteProduct(client: ApiClient, ref: string): Promise<void> {
  await client.call({ method: 'DELETE', path: encodePath`/v1/products/${ref}`, auth: 'app', mutates: true });
}

export interface ListCatalogueQuery {
  limit?: number;
  page?: number;
  order?: ProductOrder;
  startDate?: string;
  endDate?: string;
}

function listQuery(query: ListCatalogueQuery): URLSearchParams {
  const params = new URLSearchParams();
  const names = {
    limit: 'limit',
    page: 'page',
    order: 'order',
    startDate: 'start_date',
    endDate: 'end_date',
  };
  for (const [key, name] of Object.entries(names)) {
    const value = query[key as keyof ListCatalogueQuery];
    if (value !== undefined) params.set(name, String(value));
  }
  return params;
}

const LIST_PAGE = object({ total: optional(number) });
export type ProductList = ListAnswer<Product, Checked<typeof LIST_PAGE>>;
export type SkuList = ListAnswer<Sku, Checked<typeof LIST_PAGE>>;

export async function listProducts(client: ApiClient, query: ListCatalogueQuery): Promise<ProductList> {
  const request: ApiRequest = { method: 'GET', path: '/v1/products', query: listQuery(query), auth: 'app' };
  return readListAnswer(
    await client.call(request),
    PRODUCT_ANSWER,
    'products',
    'GET /v1/products',
    LIST_PAGE,
  );
}

/** Like a product's, a SKU create with a source id is an upsert within its product. */
export async function createSku(client: ApiClient, product: string, body: CatalogueBody): Promise<Sku> {
  const request: ApiRequest = {
    method: 'POST',
    path: encodePath`/v1/products/${product}/skus`,
    json: body,
    auth: 'app',
    idempotent: hasSourceId(body),
    mutates: true,
  };
  return readAnswer(await client.call(request), SKU_ANSWER, 'POST /v1/products/{productId}/skus');
}

export async function getSku(client: ApiClient, ref: string): Promise<Sku> {
  const request: ApiRequest = { method: 'GET', path: encodePath`/v1/skus/${ref}`, auth: 'app' };
  return readAnswer(await client.call(request), SKU_ANSWER, 'GET /v1/skus/{skuId}');
}

export async function updateSku(
  client: ApiClient,
  product: string,
  sku: string,
  body: CatalogueBody,
): Promise<Sku> {
  const path = encodePath`/v1/products/${product}/skus/${sku}`;
  const answer = await client.call({ method: 'PUT', path, json: body, auth: 'app' });
  return readAnswer(answer, SKU_ANSWER, 'PUT /v1/products/{productId}/skus/{skuId}');
}

export async function deleteSku(client: ApiClient, product: string, sku: string): Promise<void> {
  const path = encodePath`/v1/products/${product}/skus/${sku}`;
  await client.call({ method: 'DELETE', path, auth: 'app', mutates: true });
}

export async function listSkus(
  client: ApiClient,
  product: string,
  query: ListCatalogueQuery,
): Promise<SkuList> {
  const path = encodePath`/v1/products/${product}/skus`;
  const answer = await client.call({ method: 'GET', path, query: listQuery(query), auth: 'app' });
  return readListAnswer(answer, SKU_ANSWER, 'skus', 'GET /v1/products/{productId}/skus', LIST_PAGE);
}
