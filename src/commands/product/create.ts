// promo product create: one product from flags. With --source-id the service's create is an
// upsert (a known source id updates that product), so a repeat after a lost answer makes no second.
import { createProduct, PRODUCT_FIELDS } from '../../api/products.js';
import { UsageError } from '../../base/errors.js';
import { parseBulkFlags } from '../../bulk/index.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { bulkOptions } from '../bulk-options.js';
import { createProducts, PRODUCT_INPUT_HELP } from './create-input.js';
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
  input: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'many products: NDJSON or CSV file, or - for stdin (each line with a source_id)',
  },
  ...bulkOptions,
});

export default defineCommand({
  path: ['product', 'create'],
  fields: PRODUCT_FIELDS,
  summary: 'Create a product, or update the one with the same source id (an upsert); many with --input',
  description: PRODUCT_INPUT_HELP,
  examples: [
    'promo product create --name Shoe --source-id shoe-1 --price 49.90 --attribute size --attribute color',
    'promo product create --name "Gift wrap" --source-id gift-wrap --price 2.50 -m vendor=acme -o json',
    'promo product create --input catalogue.csv --yes',
  ],
  options,
  run: async (flags, rt) => {
    if (flags.name !== undefined && flags.name.trim() === '')
      throw new UsageError('--name must not be empty');
    if (flags.name === undefined && flags.input === undefined) throw new UsageError('--name is required');
    if (flags.sourceId === '') throw new UsageError('--source-id must not be empty');
    if (flags.sourceId !== undefined && flags.input !== undefined) {
      throw new UsageError('--source-id names one product: with --input each line gives its own source_id');
    }
    if (flags.attribute?.some((name) => name.trim() === '')) {
      throw new UsageError('--attribute must name an attribute, not be empty');
    }
    const body = { ...(flags.name === undefined ? {} : { name: flags.name }), ...priceAndMetadata(flags) };
    if (flags.sourceId !== undefined) Object.assign(body, { source_id: flags.sourceId });
    if (flags.attribute) Object.assign(body, { attributes: flags.attribute });
    const bulk = parseBulkFlags(flags);
    if (flags.input !== undefined) return createProducts(body, flags.input, bulk, rt);
    await rt.out.record(await createProduct(await rt.client(), body), productCard);
    return undefined;
  },
});
