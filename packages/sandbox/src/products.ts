// The catalogue the sandbox keeps: products and their SKUs, each found by id or source id, and the
// bodies that create and update them, checked the way the service refuses a bad one (400
// `invalid_payload` naming the field). Product routes are product-routes.ts; order items that name
// a product or SKU without a price read the price here (catalogue-prices.ts).
import { type RouteContext, SandboxError, type SandboxState } from './types.js';
import { isRecord, type Json } from './voucher-check.js';

export type CatalogueKind = 'product' | 'sku';

export function catalogueNotFound(kind: CatalogueKind, id: string): SandboxError {
  return new SandboxError(404, 'not_found', 'Resource not found', `Cannot find ${kind} with id ${id}`, {
    resource_id: id,
    resource_type: kind,
  });
}

const invalid = (details: string) => new SandboxError(400, 'invalid_payload', 'Invalid payload', details);

function byIdOrSourceId(slice: Record<string, Json>, idOrSourceId: string): Json | undefined {
  if (Object.hasOwn(slice, idOrSourceId)) return slice[idOrSourceId];
  return Object.values(slice).find((item) => item.source_id === idOrSourceId);
}

export function findProduct(state: SandboxState, idOrSourceId: string): Json | undefined {
  return byIdOrSourceId(state.products as Record<string, Json>, idOrSourceId);
}

/** A product by its source id alone (an upsert's look-up: an id is never a source id there). */
export function findProductBySource(state: SandboxState, sourceId: string): Json | undefined {
  return Object.values(state.products as Record<string, Json>).find((item) => item.source_id === sourceId);
}

export function findSku(state: SandboxState, idOrSourceId: string): Json | undefined {
  return byIdOrSourceId(state.skus as Record<string, Json>, idOrSourceId);
}

export function storedProduct(state: SandboxState, idOrSourceId: string): Json {
  const product = findProduct(state, idOrSourceId);
  if (!product) throw catalogueNotFound('product', idOrSourceId);
  return product;
}

/** The SKUs of one product, oldest first. */
export function skusOf(state: SandboxState, productId: string): Json[] {
  return Object.values(state.skus as Record<string, Json>)
    .filter((sku) => sku.product_id === productId)
    .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
}

/** A product as the service answers it: with its SKUs as a list. */
export function productView(state: SandboxState, product: Json): Json {
  const data = skusOf(state, product.id as string);
  return { ...product, skus: { object: 'list', data_ref: 'data', data, total: data.length } };
}

const TEXT = {
  product: ['source_id', 'name', 'image_url'],
  sku: ['source_id', 'sku', 'currency', 'image_url'],
};

/**
 * The fields a body sets (null clears one); unknown fields are left out, as the service ignores
 * them. A product's attributes are names (an array), a SKU's are values by name (an object).
 */
export function readCatalogueBody(kind: CatalogueKind, body: unknown, allowSourceId: boolean): Json {
  if (!isRecord(body)) throw invalid('The request body must be a JSON object.');
  const fields: Json = {};
  for (const field of TEXT[kind]) {
    if (field === 'source_id' && !allowSourceId) continue;
    const value = body[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string') throw invalid(`Property ${field} must be a string`);
    fields[field] = value;
  }
  if (body.price !== undefined) {
    const price = body.price;
    if (price !== null && !(Number.isSafeInteger(price) && (price as number) >= 0)) {
      throw invalid('Property price must be a non-negative integer (hundredths)');
    }
    fields.price = price;
  }
  if (body.attributes !== undefined) fields.attributes = readAttributes(kind, body.attributes);
  if (body.metadata !== undefined) {
    if (body.metadata !== null && !isRecord(body.metadata))
      throw invalid('Property metadata must be an object');
    fields.metadata = body.metadata ?? {};
  }
  return fields;
}

function readAttributes(kind: CatalogueKind, value: unknown): unknown {
  if (value === null) return kind === 'product' ? [] : {};
  if (kind === 'product') {
    if (!Array.isArray(value) || value.some((name) => typeof name !== 'string')) {
      throw invalid('Property attributes must be an array of strings');
    }
    return value;
  }
  if (!isRecord(value)) throw invalid('Property attributes must be an object');
  return value;
}

/** A new product's or SKU's every field, as the service shows one. */
export function blankItem(kind: CatalogueKind, rc: RouteContext, productId?: string): Json {
  const common = { id: '', source_id: null, price: null, image_url: null, metadata: {} };
  const at = { created_at: new Date(rc.now()).toISOString(), updated_at: null };
  return kind === 'product'
    ? { ...common, id: rc.newId('prod_', 18), name: null, attributes: [], ...at, object: 'product' }
    : {
        ...common,
        id: rc.newId('sku_', 18),
        product_id: productId,
        sku: null,
        currency: null,
        attributes: {},
        ...at,
        object: 'sku',
      };
}
