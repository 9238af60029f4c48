// promo product, sku and order through the built bin (node scripts/build.mjs first), as a script
// runs them: exact stdout on a pipe, exit codes, and the sandbox's state read back after.
import { describe, expect, it } from 'vitest';
import { spawnPromo } from '../helpers/promo.js';
import { sentRequests, useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const promo = (argv: string[]) => spawnPromo(argv, { env: fx.env, timeoutMs: 30_000 });

describe('the catalogue and orders (the built bin)', () => {
  it('creates a product, a SKU and an order priced from the catalogue; a bad price is exit 2', async () => {
    const made = await promo([
      'product',
      'create',
      '--name',
      'Mug',
      '--source-id',
      'cb-mug',
      '--price',
      '8.5',
      '-o',
      'json',
    ]);
    expect(made.code, made.stderr).toBe(0);
    expect(JSON.parse(made.stdout)).toMatchObject({ source_id: 'cb-mug', price: 850 });
    const sku = await promo([
      'sku',
      'create',
      'cb-mug',
      '--source-id',
      'cb-mug-red',
      '--attribute',
      'color=red',
    ]);
    expect(sku.code, sku.stderr).toBe(0);
    const csv = await promo(['sku', 'list', 'cb-mug', '-o', 'csv', '--fields', 'source_id,sku,price']);
    expect(csv.stdout).toBe('source_id,sku,price\ncb-mug-red,,\n');
    const order = await promo([
      'order',
      'create',
      '--source-id',
      'cb-o1',
      '--item',
      'cb-mug:3',
      '-o',
      'csv',
      '--fields',
      'source_id,status,amount',
    ]);
    expect(order.code, order.stderr).toBe(0);
    expect(order.stdout).toBe('source_id,status,amount\ncb-o1,CREATED,2550\n');
    fx.sandbox.requests.length = 0;
    const bad = await promo(['product', 'update', 'cb-mug', '--price', '8,50']);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain("--price must be an amount such as 25 or 10.50, not '8,50'");
    expect(sentRequests(fx.sandbox)).toEqual([]);
  });
});
