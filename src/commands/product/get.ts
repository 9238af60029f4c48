// promo product get <id|source_id>: one product, as a card on a terminal or the service's object.
import { getProduct, PRODUCT_FIELDS } from '../../api/products.js';
import { defineCommand } from '../../toolkit/define.js';
import { PRODUCT_ARG, withProductHint } from './fields.js';
import { productCard } from './view.js';

export default defineCommand({
  path: ['product', 'get'],
  fields: PRODUCT_FIELDS,
  aliases: ['show'],
  summary: 'Show one product, by id (prod_...) or by source id',
  description: `On a terminal: a card with the id, source id, name, price, attributes, how many SKUs
and metadata. With -o json: the service's product object (its SKUs included). Exit 3 when there is
no such product, with the names close to it.`,
  examples: ['promo product get shoe-1', 'promo product get prod_0a1b2c3d4e5f6a7b8c -o json | jq .skus'],
  args: PRODUCT_ARG,
  run: async ({ product }, rt) => {
    const found = await withProductHint(rt, product, async () => getProduct(await rt.client(), product));
    await rt.out.record(found, productCard);
  },
});
