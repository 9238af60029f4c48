// promo sku get <sku>: one SKU by id or source id, as a card or the service's object.
import { getSku, SKU_FIELDS } from '../../api/products.js';
import { defineCommand } from '../../toolkit/define.js';
import { skuCard } from '../product/view.js';
import { SKU_ARG } from './options.js';

export default defineCommand({
  path: ['sku', 'get'],
  fields: SKU_FIELDS,
  aliases: ['show'],
  summary: 'Show one SKU, by id (sku_...) or by source id',
  examples: ['promo sku get shoe-1-42', 'promo sku get sku_0a1b2c3d4e5f6a7b8c -o json | jq .price'],
  args: SKU_ARG,
  run: async ({ skuId }, rt) => {
    await rt.out.record(await getSku(await rt.client(), skuId), skuCard);
  },
});
