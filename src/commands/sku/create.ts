// promo sku create <product>: one SKU of a product. With --source-id the create is the service's
// upsert within the product, so a repeat after a lost answer makes no second SKU.
import { createSku, SKU_FIELDS } from '../../api/products.js';
import { UsageError } from '../../base/errors.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { PRODUCT_ARG, withProductHint } from '../product/fields.js';
import { skuCard } from '../product/view.js';
import { SKU_OPTIONS, skuBody } from './options.js';

const options = defineOptions({
  sourceId: {
    type: 'value',
    value: 'id',
    help: "the SKU's id in your systems; a known one updates that SKU (an upsert)",
  },
  ...SKU_OPTIONS,
});

export default defineCommand({
  path: ['sku', 'create'],
  fields: SKU_FIELDS,
  summary: 'Create a SKU of a product, or update the one with the same source id',
  examples: [
    'promo sku create shoe-1 --sku "Shoe 42" --source-id shoe-1-42 --price 49.90 --attribute size=42',
  ],
  args: PRODUCT_ARG,
  options,
  run: async (flags, rt) => {
    if (flags.sourceId === '') throw new UsageError('--source-id must not be empty');
    const body = skuBody(flags);
    if (flags.sourceId !== undefined) body.source_id = flags.sourceId;
    const { product } = flags;
    const sku = await withProductHint(rt, product, async () => createSku(await rt.client(), product, body));
    await rt.out.record(sku, skuCard);
  },
});
