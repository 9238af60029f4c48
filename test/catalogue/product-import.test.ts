// promo product import through the built bin (node scripts/build.mjs first), as a script runs it:
// exact stdout and stderr on a pipe, exit codes, the requests the sandbox saw (one multipart CSV,
// then the job's polls) and the products it holds after. Bad files send nothing.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnPromo, tempDir } from '../helpers/promo.js';
import { sentRequests, useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const dir = tempDir('promo-product-import-');
afterAll(() => dir.cleanup());
const promo = (argv: string[], stdin?: string) =>
  spawnPromo(argv, { env: fx.env, timeoutMs: 30_000, ...(stdin === undefined ? {} : { stdin }) });

function file(name: string, text: string): string {
  const path = join(dir.path, name);
  writeFileSync(path, text);
  return path;
}

const product = async (ref: string) =>
  JSON.parse((await promo(['product', 'get', ref, '-o', 'json'])).stdout);

describe('promo product import', () => {
  it('--wait sends the service its CSV in one request, follows the job and says what it imported', async () => {
    const path = file(
      'catalogue.csv',
      'name,source_id,price,attributes,metadata.vendor\nMug,pi-mug,8.50,size|color,acme\n"Tea, green",pi-tea,4,,\n',
    );
    const run = await promo(['product', 'import', path, '--wait', '-o', 'table']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    const id = /^(aa_\w+) DONE/m.exec(run.stderr)?.[1];
    expect(run.stderr).toBe(
      `No product failed.\n${id} DONE: 2 done, 0 failed (2 product(s) imported successfully, 0 failed.)\nImported 2 of 2 products.\n`,
    );
    const sent = sentRequests(fx.sandbox);
    expect(sent[0]).toBe('POST /v1/products/importCSV');
    expect(new Set(sent.slice(1))).toEqual(new Set([`GET /v1/async-actions/${id}`]));
    const upload = fx.sandbox.requests[0]!;
    expect(upload.headers['content-type']).toBe('multipart/form-data; boundary=promo-form-boundary-0');
    expect(upload.body).toContain(
      'name,source_id,price,attributes,vendor\r\nMug,pi-mug,850,"size,color",acme\r\n"Tea, green",pi-tea,400,,\r\n',
    );
    expect(await product('pi-mug')).toMatchObject({
      name: 'Mug',
      price: 850,
      attributes: ['size', 'color'],
      metadata: { vendor: 'acme' },
    });
    expect(await product('pi-tea')).toMatchObject({ name: 'Tea, green', price: 400 });
  });

  it('without --wait prints the job id and the command that follows it; a known source id is renamed only', async () => {
    expect(
      (await promo(['product', 'create', '--name', 'Old', '--source-id', 'pi-old', '--price', '3'])).code,
    ).toBe(0);
    const run = await promo(['product', 'import', '-'], 'name,source_id,price\nRenamed,pi-old,9\n');
    expect(run.code, run.stderr).toBe(0);
    const { async_action_id: id } = JSON.parse(run.stdout);
    expect(id).toMatch(/^aa_/);
    expect(JSON.parse(run.stderr)).toEqual({
      notice: `Queued 1 product in import job ${id}. Follow: promo job wait ${id}`,
    });
    const wait = await promo(['job', 'wait', id, '-o', 'json']);
    expect(wait.code, wait.stderr).toBe(0);
    // The service's rule: an import renames a product it knows by source id, and changes nothing else.
    expect(await product('pi-old')).toMatchObject({ name: 'Renamed', price: 300 });
  });

  it('names the lines whose rows the service failed (its row counts from the first after the header); exit 7', async () => {
    const path = file('three.csv', 'name,source_id\nA,pi-r1\nB,pi-r2\nC,pi-r3\n');
    // The service's answer as its description shows one: row 2 failed for a metadata rule.
    const done = {
      id: 'aa_0c55578e914e577cf1',
      type: 'PRODUCTS.IMPORT_CSV',
      status: 'DONE',
      result: {
        message: '2 product(s) imported successfully, 1 failed.',
        failed: [{ row: 2, source_id: 'pi-r2', reason: 'vendor: must be equal to one of Vendor 1,Vendor 2' }],
        done_count: 2,
        failed_count: 1,
      },
      progress: 100,
      object: 'async_action',
    };
    fx.sandbox.faults.push({
      match: { method: 'GET', path: '/v1/async-actions/' },
      action: { status: 200, body: done },
    });
    const run = await promo(['product', 'import', path, '--wait', '-o', 'table']);
    expect(run.code).toBe(7);
    expect(run.stdout).toBe(
      'Line  Source id  Reason\n3     pi-r2      vendor: must be equal to one of Vendor 1,Vendor 2\n',
    );
    expect(run.stderr).toBe(
      'aa_0c55578e914e577cf1 DONE: 2 done, 1 failed (2 product(s) imported successfully, 1 failed.)\n' +
        'Imported 2 of 3 products; 1 not imported.\n',
    );
  });

  it('a lost answer to the upload is not sent again: exit 6, and how to find the job', async () => {
    fx.sandbox.faults.push({
      match: { method: 'POST', path: '/v1/products/importCSV' },
      action: { replyAfterHandling: 504 },
    });
    const run = await promo(['product', 'import', file('lost.csv', 'name\nLost\n')]);
    expect(run.code).toBe(6);
    expect(JSON.parse(run.stderr).error.hint).toContain('promo job list');
    expect(sentRequests(fx.sandbox)).toEqual(['POST /v1/products/importCSV']);
  });

  it.each([
    ['a file that does not exist', ['missing.csv'], "FILE: cannot read '", undefined],
    [
      'an unknown column',
      ['colour.csv', 'name,colour\nMug,red\n'],
      "FILE: unknown CSV column 'colour'",
      undefined,
    ],
    [
      'NDJSON',
      ['products.ndjson', '{"name": "Mug"}\n'],
      'FILE: the product import takes CSV',
      'For NDJSON products, use: promo product create --input FILE',
    ],
    [
      'bad lines',
      ['bad.csv', 'name,price,attributes\nMug,8.505,\n,1,\nHat,1,"a,b"\n'],
      "FILE has lines the import would not take (3); nothing was sent:\n  line 2: price takes at most 2 decimals (amounts are sent in hundredths: 10.50 is sent as 1050), not '8.505'\n  line 3: name is required\n  line 4: attributes are separated by '|', and a name holds no comma: 'a,b'",
      undefined,
    ],
    [
      'a metadata name with a space',
      ['space.csv', 'name,metadata.in stock\nMug,yes\n'],
      'no white space',
      undefined,
    ],
  ])('refuses %s: exit 2 naming it, nothing sent', async (_what, [name, text], message, hint) => {
    const path = text === undefined ? join(dir.path, name!) : file(name!, text);
    const run = await promo(['product', 'import', path]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const error = JSON.parse(run.stderr).error;
    expect(error.message).toContain(message);
    if (hint) expect(error.hint).toBe(hint);
    expect(sentRequests(fx.sandbox)).toEqual([]);
  });
});

describe('promo product import --wait, a job that stops half-way', () => {
  const failing = useSandbox({ imports: { fail: true } });

  it('is exit 7, with the service’s async action on stdout', async () => {
    const path = file('four.csv', 'name,source_id\nA,pi-a\nB,pi-b\nC,pi-c\nD,pi-d\n');
    const run = await spawnPromo(['product', 'import', path, '--wait', '-o', 'json'], {
      env: failing.env,
      timeoutMs: 30_000,
    });
    expect(run.code).toBe(7);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'FAILED', result: { done_count: 2 } });
    expect(run.stderr).toContain('Imported 2 of 4 products; 2 not imported.');
  });
});
