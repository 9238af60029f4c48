// What product and SKU commands share: the check of a product or SKU named on the line, prices in
// currency units (sent in hundredths), attributes, and the "did you mean" of an unknown product.
import { isDotSegment } from '../../api/client.js';
import type { CatalogueBody } from '../../api/products.js';
import { listProducts } from '../../api/products.js';
import { ApiError, UsageError } from '../../base/errors.js';
import { closeTo } from '../../base/suggest.js';
import { parseMetadata } from '../../input/metadata.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineOptions } from '../../toolkit/define.js';
import { metadataOption } from '../shared/metadata-option.js';
import { parseMoney } from '../shared/values.js';

/** A product or SKU named on the line: its id or source id, which travels in the URL path. */
export function checkCatalogueRef(ref: string, where: string): string {
  if (ref === '') throw new UsageError(`${where}: an id or source id must not be empty`);
  if (/[\u0000-\u001f\u007f]/.test(ref)) throw new UsageError(`${where}: '${ref}' holds a control character`);
  if (isDotSegment(ref)) {
    throw new UsageError(
      `${where}: '${ref}' is '.' or '..' or holds '../', which cannot travel in a URL path`,
    );
  }
  return ref;
}

export const PRODUCT_ARG = {
  product: {
    help: 'product id (prod_...) or source id',
    required: true,
    parse: (value: string) => checkCatalogueRef(value, '<product>'),
  },
} as const;

export const PRICE_OPTIONS = defineOptions({
  price: { type: 'value', value: 'amount', help: 'unit price in currency units (10.50; sent as 1050)' },
  metadata: metadataOption(),
});

/** --price and --metadata, checked: a bad one is a usage error naming the flag, before anything is sent. */
export function priceAndMetadata(flags: { price?: string; metadata?: string[] }): CatalogueBody {
  const body: CatalogueBody = {};
  if (flags.price !== undefined) body.price = parseMoney(flags.price, '--price');
  const metadata = parseMetadata(flags.metadata);
  if (metadata) body.metadata = metadata;
  return body;
}

/** A SKU's `--attribute k=v` (repeatable): the values of its product's attributes. */
export function parseSkuAttributes(pairs: string[] | undefined): Record<string, string> | undefined {
  if (!pairs || pairs.length === 0) return undefined;
  const attributes: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--attribute takes name=value, not '${pair}'`);
    attributes[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return attributes;
}

/**
 * Runs a command that names a product: the service's 404 for it (exit 3 already) comes back with
 * the product names and source ids close to it as its hint (one page of products, read only then).
 */
export async function withProductHint<T>(rt: Runtime, product: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const missing =
      error instanceof ApiError &&
      error.status === 404 &&
      !error.afterLostAnswer &&
      error.body.resource_type === 'product';
    if (!missing) throw error;
    const hint = await nearbyProducts(rt, product);
    throw error.withHint(hint);
  }
}

async function nearbyProducts(rt: Runtime, product: string): Promise<string> {
  const fallback = 'promo product list shows the products.';
  let names: string[];
  try {
    const page = await listProducts(await rt.client(), { limit: 100, order: '-updated_at' });
    names = page.items.flatMap((p) => [p.source_id, p.id]).filter((n): n is string => typeof n === 'string');
  } catch {
    return fallback;
  }
  const close = closeTo(product, names);
  return close.length > 0 ? `Did you mean ${close.map((n) => `'${n}'`).join(' or ')}?` : fallback;
}
