// An order item that names a catalogue product or SKU without a price takes the catalogue's price
// in the sandbox's validation and redemption, as the service does; a price given wins.
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

const json = async (argv: string[]) => {
  const done = await fx.run([...argv, '-o', 'json']);
  expect(done.code, `${argv.join(' ')}: ${done.stderr}`).toBe(0);
  return JSON.parse(done.stdout);
};

describe('catalogue prices in orders', () => {
  it('validates and redeems an item named by source id or SKU at the catalogue price', async () => {
    const product = await json([
      'product',
      'create',
      '--name',
      'Shoe',
      '--source-id',
      'cp-shoe',
      '--price',
      '25',
    ]);
    const sku = await json(['sku', 'create', 'cp-shoe', '--source-id', 'cp-shoe-42', '--price', '30']);
    const plain = await json(['sku', 'create', 'cp-shoe', '--source-id', 'cp-shoe-43']);
    await json(['voucher', 'create', '--code', 'CP-TEN', '--percent-off', '10']);

    const bySource = await json(['voucher', 'validate', 'CP-TEN', '--item', 'cp-shoe:2']);
    expect(bySource.order).toMatchObject({ amount: 5000, total_discount_amount: 500, total_amount: 4500 });
    expect(bySource.order.items[0]).toMatchObject({ source_id: 'cp-shoe', price: 2500, amount: 5000 });

    // A SKU's own price; a SKU without one takes its product's; a given price wins.
    const mixed = await json([
      'voucher',
      'validate',
      'CP-TEN',
      '--item',
      `${sku.id}:1`,
      '--item',
      `${plain.id}:1`,
      '--item',
      `${product.id}:1:10`,
    ]);
    expect(mixed.order.items.map((i: { price: number }) => i.price)).toEqual([3000, 2500, 1000]);
    expect(mixed.order.amount).toBe(6500);

    const redeemed = await json(['voucher', 'redeem', 'CP-TEN', '--item', 'cp-shoe:1']);
    expect(JSON.stringify(redeemed)).toContain('"total_amount":2250');
  });

  it('leaves an item the catalogue does not know unpriced, as before', async () => {
    await json(['voucher', 'create', '--code', 'CP-OFF', '--amount-off', '5']);
    const done = await json(['voucher', 'validate', 'CP-OFF', '--item', 'cp-nothing:1', '--amount', '20']);
    expect(done.order.amount).toBe(2000);
    expect(done.order.items[0].price).toBeUndefined();
  });
});
