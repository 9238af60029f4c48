// promo product list: one page (a table fitted to the terminal, JSON, NDJSON, CSV, or --raw the
// service's list object), or with --all every page.
import { listProducts, PRODUCT_FIELDS, type Product } from '../../api/products.js';
import { defineCommand } from '../../toolkit/define.js';
import { CATALOGUE_LIST_OPTIONS, printCatalogueList } from './list-flags.js';
import { PRODUCT_CSV_COLUMNS, productColumns } from './view.js';

export default defineCommand({
  path: ['product', 'list'],
  fields: PRODUCT_FIELDS,
  aliases: ['ls'],
  summary: 'List products, newest first; --all for every page',
  examples: ['promo product list', 'promo product list --all -o ndjson | jq -r .source_id'],
  options: CATALOGUE_LIST_OPTIONS,
  run: async (flags, rt) => {
    const client = await rt.client();
    await printCatalogueList<Product>(rt, flags, (query) => listProducts(client, query), {
      columns: productColumns,
      empty: 'No products.',
      csv: PRODUCT_CSV_COLUMNS,
      noun: 'products',
    });
  },
});
