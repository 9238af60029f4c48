// promo product create: one product from flags. With --source-id the service's create is an
// upsert (a known source id updates that product), so a repeat after a lost answer makes no second.
import { createProduct, PRODUCT_FIELDS } from '../../api/products.js';
import { UsageError } from '../../base/errors.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { PRICE_OPTIONS, priceAndMetadata } from './fields.js';
import { productCard } from './view.js';

const options = defineOptions({
  name: { type: 'value', value: 'name', help: "the product's name" },
  sourceId: {
    type: 'value',
    value: 'id',
    help: "the product's id in your systems; a known one updates that product (an upsert)",
  },
  ...PRICE_OPTIONS,
  attribute: {
    type: 'list',
    value: 'name',
    help: 'repeatable; an attribute whose value each SKU sets (size, color)',
  },
});

export default defineCommand({
  path: ['product', 'create'],
  fields: PRODUCT_FIELDS,
  summary: 'Create a product, or update the one with the same source id (an upsert)',
  examples: [
    'promo product create --name Shoe --source-id shoe-1 --price 49.90 --attribute size --attribute color',
    'promo product create --name "Gift wrap" --price 2.50 -m vendor=acme -o json',
  ],
  options,
  run: async (flags, rt) => {
    if (flags.name === undefined || flags.name.trim() === '') throw new UsageError('--name is required');
    if (flags.sourceId === '') throw new UsageError('--source-id must not be empty');
    if (flags.attribute?.some((name) => name.trim() === '')) {
      throw new UsageError('--attribute must name an attribute, not be empty');
    }
    const body = { name: flags.name, ...priceAndMetadata(flags) };
    if (flags.sourceId !== undefined) Object.assign(body, { source_id: flags.sourceId });
    if (flags.attribute) Object.assign(body, { attributes: flags.attribute });
    await rt.out.record(await createProduct(await rt.client(), body), productCard);
  },
});
