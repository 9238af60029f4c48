// promo sku list <product>: one page of a product's SKUs, or with --all every page.
import { listSkus, SKU_FIELDS, type Sku } from '../../api/products.js';
import { defineCommand } from '../../toolkit/define.js';
import { PRODUCT_ARG, withProductHint } from '../product/fields.js';
import { CATALOGUE_LIST_OPTIONS, printCatalogueList } from '../product/list-flags.js';
import { SKU_CSV_COLUMNS, skuColumns } from '../product/view.js';

export default defineCommand({
  path: ['sku', 'list'],
  fields: SKU_FIELDS,
  aliases: ['ls'],
  summary: "List a product's SKUs, newest first; --all for every page",
  examples: ['promo sku list shoe-1', 'promo sku list shoe-1 --all -o csv > shoe-skus.csv'],
  args: PRODUCT_ARG,
  options: CATALOGUE_LIST_OPTIONS,
  run: async (flags, rt) => {
    const client = await rt.client();
    await withProductHint(rt, flags.product, () =>
      printCatalogueList<Sku>(rt, flags, (query) => listSkus(client, flags.product, query), {
        columns: skuColumns,
        empty: 'No SKUs.',
        csv: SKU_CSV_COLUMNS,
        noun: 'SKUs',
      }),
    );
  },
});
