// An order item that names a product or SKU of the catalogue without a price takes the catalogue's
// price, as the service does: a SKU's own price, else its product's. Items that give a price, or
// name nothing the catalogue holds, stay as they came.
import type { OrderLineInput } from './facts/order-totals.js';
import { findProduct, findSku } from './products.js';
import type { SandboxState } from './types.js';
import type { Json } from './voucher-check.js';

function cataloguePrice(state: SandboxState, item: OrderLineInput & Json): number | null {
  const kind = item.related_object;
  const skuRef = item.sku_id ?? (kind === 'sku' ? item.source_id : null);
  if (typeof skuRef === 'string') {
    const sku = findSku(state, skuRef);
    if (!sku) return null;
    if (typeof sku.price === 'number') return sku.price;
    const parent = findProduct(state, sku.product_id as string);
    return typeof parent?.price === 'number' ? parent.price : null;
  }
  const productRef = item.product_id ?? (kind === 'sku' ? null : item.source_id);
  const product = typeof productRef === 'string' ? findProduct(state, productRef) : undefined;
  return typeof product?.price === 'number' ? product.price : null;
}

export function withCataloguePrices<T extends OrderLineInput & Json>(state: SandboxState, items: T[]): T[] {
  return items.map((item) => {
    if (typeof item.price === 'number') return item;
    const price = cataloguePrice(state, item);
    return price === null ? item : { ...item, price };
  });
}
