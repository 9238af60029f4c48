// promo product delete <id|source_id>: removes a product and its SKUs. Asks on a terminal; --yes
// otherwise. A delete sent again after a lost answer finds nothing: that 404 means the first did it.
import { deleteProduct } from '../../api/products.js';
import { ApiError } from '../../base/errors.js';
import { defineCommand } from '../../toolkit/define.js';
import { confirmOrCancel } from '../confirm.js';
import { PRODUCT_ARG, withProductHint } from './fields.js';

export default defineCommand({
  path: ['product', 'delete'],
  aliases: ['rm'],
  summary: 'Delete a product and its SKUs (asks first; --yes without a terminal)',
  examples: ['promo product delete gift-wrap --yes'],
  args: PRODUCT_ARG,
  run: async ({ product }, rt) => {
    const { profile } = await rt.target();
    await confirmOrCancel(rt, `Delete product ${product} and its SKUs on profile '${profile}'?`);
    await withProductHint(rt, product, async () => {
      try {
        await deleteProduct(await rt.client(), product);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404 && error.afterLostAnswer)) throw error;
      }
    });
    rt.out.notice(`Deleted product ${product}.`);
  },
});
