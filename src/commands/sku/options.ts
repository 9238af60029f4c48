// The options that set a SKU's fields (create and update share them) and the body they make.
import type { CatalogueBody } from '../../api/products.js';
import { UsageError } from '../../base/errors.js';
import { defineOptions, type OptionValues } from '../../toolkit/define.js';
import { checkCatalogueRef, PRICE_OPTIONS, parseSkuAttributes, priceAndMetadata } from '../product/fields.js';

export const SKU_OPTIONS = defineOptions({
  sku: { type: 'value', value: 'name', help: "the SKU's name (Shoe 42 black)" },
  ...PRICE_OPTIONS,
  currency: { type: 'value', value: 'code', help: "the price's currency (USD, EUR)" },
  attribute: {
    type: 'list',
    value: 'name=value',
    help: "repeatable; the value of one of the product's attributes (size=42)",
  },
});

export function skuBody(flags: OptionValues<typeof SKU_OPTIONS>): CatalogueBody {
  const body = priceAndMetadata(flags);
  for (const key of ['sku', 'currency'] as const) {
    const value = flags[key];
    if (value === undefined) continue;
    if (value.trim() === '') throw new UsageError(`--${key} must not be empty`);
    body[key] = value;
  }
  const attributes = parseSkuAttributes(flags.attribute);
  if (attributes) body.attributes = attributes;
  return body;
}

/** Named skuId, not sku: `--sku` is the SKU's name option. */
export const SKU_ARG = {
  skuId: {
    help: 'SKU id (sku_...) or source id',
    required: true,
    parse: (value: string) => checkCatalogueRef(value, '<sku>'),
  },
} as const;
