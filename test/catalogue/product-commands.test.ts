// promo product and promo sku against the sandbox in-process: a create with a source id is the
// service's upsert, prices go in currency units and travel in hundredths, bad input is exit 2 with
// nothing sent, an unknown product is exit 3 with the names close to it, a delete asks first.
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/width.js';
import { sentRequests, useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

const json = async (argv: string[]) => {
  const done = await fx.run([...argv, '-o', 'json']);
  expect(done.code, `${argv.join(' ')}: ${done.stderr}`).toBe(0);
  return JSON.parse(done.stdout);
};

describe('promo product', () => {
  it('creates as an upsert by source id: a repeat updates the same product, prices in hundredths', async () => {
    const first = await json([
      'product',
      'create',
      '--name',
      'Shoe',
      '--source-id',
      'pc-shoe',
      '--price',
      '49.90',
      '--attribute',
      'size',
      '-m',
      'vendor=acme',
    ]);
    expect(first).toMatchObject({
      id: expect.stringMatching(/^prod_/),
      source_id: 'pc-shoe',
      name: 'Shoe',
      price: 4990,
      attributes: ['size'],
      metadata: { vendor: 'acme' },
      skus: { object: 'list', data: [], total: 0 },
    });
    const again = await json([
      'product',
      'create',
      '--name',
      'Shoes',
      '--source-id',
      'pc-shoe',
      '--price',
      '45',
    ]);
    expect(again).toMatchObject({ id: first.id, name: 'Shoes', price: 4500, attributes: ['size'] });
    expect(sentRequests(fx.sandbox).filter((r) => r.startsWith('POST'))).toEqual([
      'POST /v1/products',
      'POST /v1/products',
    ]);
    expect(await json(['product', 'get', first.id])).toEqual(await json(['product', 'get', 'pc-shoe']));
    const listed = await json(['product', 'list']);
    expect(listed.filter((p: { source_id: string }) => p.source_id === 'pc-shoe')).toHaveLength(1);
  });

  it('shows a card on a terminal with the price in currency units', async () => {
    await json(['product', 'create', '--name', 'Hat', '--source-id', 'pc-hat', '--price', '12.5']);
    const shown = await fx.run(['product', 'get', 'pc-hat'], { tty: true });
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(
      /^ID {10}prod_\w+\nSource ID {3}pc-hat\nName {8}Hat\nPrice {7}12\.50\nAttributes {2}-\nSKUs {8}0\nCreated {5}\d{4}-\d\d-\d\d \d\d:\d\d UTC\nMetadata {4}-\n$/,
    );
  });

  it('refuses bad input before sending anything (exit 2, naming the flag)', async () => {
    for (const [argv, message] of [
      [
        ['product', 'create', '--name', 'X', '--price', '-1'],
        "error: --price must not be negative, not '-1'\n",
      ],
      [
        ['product', 'create', '--name', 'X', '--price', 'ten'],
        "error: --price must be an amount such as 25 or 10.50, not 'ten'\n",
      ],
      [['product', 'create', '--price', '1'], 'error: --name is required\n'],
      [
        ['product', 'update', 'pc-x', '--metadata', 'novalue'],
        "error: --metadata takes key=text or key:=json, not 'novalue'\n",
      ],
      [
        ['product', 'update', 'pc-x'],
        'error: nothing to change: give --name, --price, --attribute or --metadata\n',
      ],
      [['sku', 'create', 'pc-x', '--attribute', 'size'], "error: --attribute takes name=value, not 'size'\n"],
      [
        ['sku', 'create', 'pc-x', '--price', '1.005'],
        expect.stringContaining('--price takes at most 2 decimals'),
      ],
    ] as const) {
      const done = await fx.run([...argv], { tty: true });
      expect(done.code, argv.join(' ')).toBe(2);
      expect(done.stdout).toBe('');
      expect(done.stderr).toEqual(message);
    }
    expect(fx.sandbox.requests).toEqual([]);
  });

  it('an unknown product is exit 3 with the names close to it', async () => {
    await json(['product', 'create', '--name', 'Boot', '--source-id', 'pc-boot']);
    for (const argv of [
      ['product', 'get', 'pc-boots'],
      ['product', 'update', 'pc-boots', '--price', '1'],
      ['sku', 'create', 'pc-boots', '--sku', 'B'],
      ['sku', 'list', 'pc-boots'],
    ]) {
      const done = await fx.run(argv, { tty: true });
      expect(done.code, argv.join(' ')).toBe(3);
      expect(done.stdout).toBe('');
      expect(done.stderr).toContain('Cannot find product with id pc-boots');
      expect(done.stderr).toContain("Did you mean 'pc-boot'?");
    }
  });

  it('asks before deleting on a terminal; a no keeps it (exit 8), --yes deletes it with its SKUs', async () => {
    await json(['product', 'create', '--name', 'Sock', '--source-id', 'pc-sock']);
    await json(['sku', 'create', 'pc-sock', '--sku', 'Sock M', '--source-id', 'pc-sock-m']);
    const declined = await fx.run(['product', 'delete', 'pc-sock'], { tty: true, answers: [false] });
    expect(declined.code).toBe(8);
    expect((await fx.run(['product', 'get', 'pc-sock'])).code).toBe(0);
    const piped = await fx.run(['product', 'delete', 'pc-sock']);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain('pass --yes to confirm');
    const done = await fx.run(['product', 'delete', 'pc-sock', '--yes']);
    expect(done.code, done.stderr).toBe(0);
    // Piped, stderr's lines are JSON.
    expect(done.stderr).toBe('{"notice":"Deleted product pc-sock."}\n');
    expect((await fx.run(['product', 'get', 'pc-sock'])).code).toBe(3);
    expect((await fx.run(['sku', 'get', 'pc-sock-m'])).code).toBe(3);
  });

  it('lists as a table no wider than the terminal, and --all reads every page', async () => {
    for (let i = 0; i < 12; i++) {
      await json([
        'product',
        'create',
        '--name',
        `Wide ${'N'.repeat(50)} ${i}`,
        '--source-id',
        `pc-page-${i}`,
      ]);
    }
    const table = await fx.run(['product', 'list', '--limit', '5'], { tty: true });
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID/);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(100);
    expect(table.stderr).toContain('--page 2');
    fx.sandbox.requests.length = 0;
    const all = await fx.run(['product', 'list', '--all', '--limit', '5', '-o', 'ndjson']);
    expect(all.code, all.stderr).toBe(0);
    const ids = all.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line).source_id);
    expect(ids.filter((id: string) => id.startsWith('pc-page-'))).toHaveLength(12);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sentRequests(fx.sandbox).slice(0, 2)).toEqual([
      'GET /v1/products?limit=5&page=1',
      'GET /v1/products?limit=5&page=2',
    ]);
  });
});

describe('promo sku', () => {
  it('creates (an upsert by source id), gets, lists, updates and deletes the SKUs of a product', async () => {
    const product = await json([
      'product',
      'create',
      '--name',
      'Tee',
      '--source-id',
      'pc-tee',
      '--attribute',
      'size',
    ]);
    const sku = await json([
      'sku',
      'create',
      'pc-tee',
      '--sku',
      'Tee M',
      '--source-id',
      'pc-tee-m',
      '--price',
      '19.99',
      '--attribute',
      'size=M',
    ]);
    expect(sku).toMatchObject({
      id: expect.stringMatching(/^sku_/),
      product_id: product.id,
      sku: 'Tee M',
      price: 1999,
      attributes: { size: 'M' },
    });
    const again = await json(['sku', 'create', product.id, '--source-id', 'pc-tee-m', '--currency', 'EUR']);
    expect(again).toMatchObject({ id: sku.id, sku: 'Tee M', currency: 'EUR' });
    expect(await json(['sku', 'get', 'pc-tee-m'])).toEqual(await json(['sku', 'get', sku.id]));
    expect((await json(['sku', 'list', 'pc-tee'])).map((s: { id: string }) => s.id)).toEqual([sku.id]);
    expect(await json(['sku', 'update', 'pc-tee', 'pc-tee-m', '--price', '17'])).toMatchObject({
      price: 1700,
    });
    expect((await json(['product', 'get', 'pc-tee'])).skus.total).toBe(1);
    const deleted = await fx.run(['sku', 'delete', 'pc-tee', 'pc-tee-m', '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stderr).toBe('{"notice":"Deleted SKU pc-tee-m."}\n');
    expect(await json(['sku', 'list', 'pc-tee'])).toEqual([]);
    const gone = await fx.run(['sku', 'get', 'pc-tee-m']);
    expect(gone.code).toBe(3);
    expect(gone.stderr).toContain('Cannot find sku with id pc-tee-m');
  });
});

describe('promo product after a lost answer', () => {
  it('a create with a source id is sent again after a lost answer and leaves one product', async () => {
    fx.sandbox.faults.set({
      script: [{ match: { method: 'POST', path: '/v1/products' }, action: { replyAfterHandling: 502 } }],
    });
    const made = await json([
      'product',
      'create',
      '--name',
      'Lost',
      '--source-id',
      'pc-lost',
      '--price',
      '3',
    ]);
    expect(made).toMatchObject({ source_id: 'pc-lost', price: 300 });
    expect(sentRequests(fx.sandbox).filter((r) => r === 'POST /v1/products')).toHaveLength(2);
    const listed = await json(['product', 'list', '--all']);
    expect(listed.filter((p: { source_id: string }) => p.source_id === 'pc-lost')).toHaveLength(1);
  });

  it('a create without a source id is not sent again: the outcome is reported unknown', async () => {
    fx.sandbox.faults.set({
      script: [{ match: { method: 'POST', path: '/v1/products' }, action: { replyAfterHandling: 502 } }],
    });
    const done = await fx.run(['product', 'create', '--name', 'Once'], { tty: true });
    expect(done.code).toBe(6);
    expect(done.stderr).toContain('POST /v1/products: outcome unknown');
    expect(sentRequests(fx.sandbox).filter((r) => r === 'POST /v1/products')).toHaveLength(1);
  });

  it('a delete whose answer was lost is retried, and its 404 then means it was deleted (exit 0)', async () => {
    await json(['product', 'create', '--name', 'Gone', '--source-id', 'pc-lost-del']);
    fx.sandbox.faults.set({
      script: [{ match: { method: 'DELETE', path: '/v1/products' }, action: { replyAfterHandling: 502 } }],
    });
    const run = await fx.run(['product', 'delete', 'pc-lost-del', '--yes']);
    expect(run.code, run.stderr).toBe(0);
    expect((await fx.run(['product', 'get', 'pc-lost-del'])).code).toBe(3);
  });
});
