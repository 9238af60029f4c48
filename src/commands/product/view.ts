// How a product and a SKU read in a table and a card; prices in currency units. JSON shows the
// service's object unchanged.
import type { Product, Sku } from '../../api/products.js';
import type { Column } from '../../output/output.js';
import { formatDate, formatMoney } from '../../output/table.js';

const pairs = (value: Record<string, unknown> | null | undefined) =>
  value && Object.keys(value).length > 0
    ? Object.entries(value)
        .map(([key, item]) => `${key}=${typeof item === 'string' ? item : JSON.stringify(item)}`)
        .join(', ')
    : '';

export const productCard: Column<Product>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'Source ID', value: (p) => p.source_id },
  { header: 'Name', value: (p) => p.name },
  { header: 'Price', value: (p) => formatMoney(p.price) },
  { header: 'Attributes', value: (p) => (p.attributes ?? []).join(', ') },
  { header: 'SKUs', value: (p) => p.skus?.total ?? 0 },
  { header: 'Created', value: (p) => formatDate(p.created_at) },
  { header: 'Metadata', value: (p) => pairs(p.metadata) },
];

export const productColumns: Column<Product>[] = [
  { header: 'ID', value: (p) => p.id, id: true },
  { header: 'Source ID', value: (p) => p.source_id, id: true },
  { header: 'Name', value: (p) => p.name, text: true },
  { header: 'Price', value: (p) => formatMoney(p.price) },
  { header: 'SKUs', value: (p) => p.skus?.total ?? 0, drop: 1 },
  { header: 'Created', value: (p) => formatDate(p.created_at), drop: 2 },
];

export const PRODUCT_CSV_COLUMNS = ['id', 'source_id', 'name', 'price', 'created_at'] as const;

export const skuCard: Column<Sku>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'Source ID', value: (s) => s.source_id },
  { header: 'Product', value: (s) => s.product_id },
  { header: 'SKU', value: (s) => s.sku },
  { header: 'Price', value: (s) => formatMoney(s.price) },
  { header: 'Currency', value: (s) => s.currency },
  { header: 'Attributes', value: (s) => pairs(s.attributes) },
  { header: 'Created', value: (s) => formatDate(s.created_at) },
  { header: 'Metadata', value: (s) => pairs(s.metadata) },
];

export const skuColumns: Column<Sku>[] = [
  { header: 'ID', value: (s) => s.id, id: true },
  { header: 'Source ID', value: (s) => s.source_id, id: true },
  { header: 'SKU', value: (s) => s.sku, text: true },
  { header: 'Price', value: (s) => formatMoney(s.price) },
  { header: 'Attributes', value: (s) => pairs(s.attributes), text: true, drop: 1 },
  { header: 'Created', value: (s) => formatDate(s.created_at), drop: 2 },
];

export const SKU_CSV_COLUMNS = ['id', 'source_id', 'product_id', 'sku', 'price', 'created_at'] as const;
