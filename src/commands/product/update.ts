// promo product update <id|source_id>: the fields the flags name; the rest stay.
import { PRODUCT_FIELDS, updateProduct } from '../../api/products.js';
import { UsageError } from '../../base/errors.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { PRICE_OPTIONS, PRODUCT_ARG, priceAndMetadata, withProductHint } from './fields.js';
import { productCard } from './view.js';

const options = defineOptions({
  name: { type: 'value', value: 'name', help: "the product's new name" },
  ...PRICE_OPTIONS,
  attribute: {
    type: 'list',
    value: 'name',
    help: 'repeatable; the attributes, all of them (replaces the list)',
  },
});

export default defineCommand({
  path: ['product', 'update'],
  fields: PRODUCT_FIELDS,
  summary: "Change a product's name, price, attributes or metadata, by id or source id",
  description: `Sets the fields given (--metadata replaces the product's metadata with the keys given,
--attribute its list of attributes); the others stay. Exit 3 when there is no such product.`,
  examples: ['promo product update shoe-1 --price 44.90', 'promo product update shoe-1 -m season=summer'],
  args: PRODUCT_ARG,
  options,
  run: async (flags, rt) => {
    if (flags.name !== undefined && flags.name.trim() === '')
      throw new UsageError('--name must not be empty');
    const body = priceAndMetadata(flags);
    if (flags.name !== undefined) body.name = flags.name;
    if (flags.attribute) body.attributes = flags.attribute;
    if (Object.keys(body).length === 0) {
      throw new UsageError('nothing to change: give --name, --price, --attribute or --metadata');
    }
    const { product } = flags;
    const next = await withProductHint(rt, product, async () =>
      updateProduct(await rt.client(), product, body),
    );
    await rt.out.record(next, productCard);
  },
});
