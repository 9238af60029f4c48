// promo sku update <product> <sku>: the fields the flags name; the rest stay.
import { SKU_FIELDS, updateSku } from '../../api/products.js';
import { UsageError } from '../../base/errors.js';
import { defineCommand } from '../../toolkit/define.js';
import { PRODUCT_ARG, withProductHint } from '../product/fields.js';
import { skuCard } from '../product/view.js';
import { SKU_ARG, SKU_OPTIONS, skuBody } from './options.js';

export default defineCommand({
  path: ['sku', 'update'],
  fields: SKU_FIELDS,
  summary: "Change a SKU's name, price, currency, attributes or metadata",
  examples: ['promo sku update shoe-1 shoe-1-42 --price 44.90'],
  args: { ...PRODUCT_ARG, ...SKU_ARG },
  options: SKU_OPTIONS,
  run: async (flags, rt) => {
    const body = skuBody(flags);
    if (Object.keys(body).length === 0) {
      throw new UsageError('nothing to change: give --sku, --price, --currency, --attribute or --metadata');
    }
    const { product, skuId: sku } = flags;
    const next = await withProductHint(rt, product, async () =>
      updateSku(await rt.client(), product, sku, body),
    );
    await rt.out.record(next, skuCard);
  },
});
