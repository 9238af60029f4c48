// promo product create --input: one product a CSV row or NDJSON line through the bulk journal; each
// line needs a source_id, so a line sent again (a lost answer) still leaves one product.
import { describe, expect, it } from 'vitest';
import { writeIn } from '../helpers/input-files.js';
import { sentRequests, useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

const products = async () => {
  const listed = await fx.run(['product', 'list', '--all', '-o', 'json']);
  expect(listed.code, listed.stderr).toBe(0);
  return JSON.parse(listed.stdout) as Array<{
    source_id: string;
    price: number;
    name: string;
    attributes: string[];
  }>;
};

describe('promo product create --input', () => {
  it('creates one product a CSV row, prices in currency units, a lost answer sent again leaving one', async () => {
    const csv =
      'source_id,name,price,attributes,metadata.vendor\npi-1,Shoe,49.90,size|color,acme\npi-2,Hat,5,,\n';
    const input = writeIn(fx.configDir, 'catalogue.csv', csv);
    fx.sandbox.faults.set({
      script: [{ match: { method: 'POST', path: '/v1/products' }, action: { replyAfterHandling: 502 } }],
    });
    const run = await fx.run(['product', 'create', '--input', input, '--yes', '-o', 'ndjson']);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((l: { status: string; code: string }) => [l.code, l.status]).sort()).toEqual([
      ['pi-1', 'created'],
      ['pi-2', 'created'],
    ]);
    expect(sentRequests(fx.sandbox).filter((r) => r === 'POST /v1/products')).toHaveLength(3);
    const held = (await products()).filter((p) => p.source_id.startsWith('pi-'));
    expect(held.map((p) => [p.source_id, p.name, p.price, p.attributes]).sort()).toEqual([
      ['pi-1', 'Shoe', 4990, ['size', 'color']],
      ['pi-2', 'Hat', 500, []],
    ]);
  });

  it('refuses a line without a source_id before sending anything', async () => {
    const input = writeIn(fx.configDir, 'bad.ndjson', '{"source_id":"pi-ok","name":"A"}\n{"name":"B"}\n');
    const run = await fx.run(['product', 'create', '--input', input, '--yes'], { tty: true });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('needs a source_id');
    expect(sentRequests(fx.sandbox).filter((r) => r.startsWith('POST'))).toEqual([]);
  });
});
