// promo sku delete <product> <sku>: asks on a terminal; --yes otherwise. A delete sent again after
// a lost answer finds nothing: that 404 means the first did it.
import { deleteSku } from '../../api/products.js';
import { ApiError } from '../../base/errors.js';
import { defineCommand } from '../../toolkit/define.js';
import { confirmOrCancel } from '../confirm.js';
import { PRODUCT_ARG, withProductHint } from '../product/fields.js';
import { SKU_ARG } from './options.js';

export default defineCommand({
  path: ['sku', 'delete'],
  aliases: ['rm'],
  summary: 'Delete a SKU of a product (asks first; --yes without a terminal)',
  examples: ['promo sku delete shoe-1 shoe-1-42 --yes'],
  args: { ...PRODUCT_ARG, ...SKU_ARG },
  run: async ({ product, skuId: sku }, rt) => {
    const { profile } = await rt.target();
    await confirmOrCancel(rt, `Delete SKU ${sku} of product ${product} on profile '${profile}'?`);
    await withProductHint(rt, product, async () => {
      try {
        await deleteSku(await rt.client(), product, sku);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404 && error.afterLostAnswer)) throw error;
      }
    });
    rt.out.notice(`Deleted SKU ${sku}.`);
  },
});
