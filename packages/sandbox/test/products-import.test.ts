// The products' CSV import over real HTTP, sent as a browser or an SDK sends a file (fetch's
// FormData): the job it queues, rows that fail alone with their number, a known source id that
// renames its product and changes nothing else, and files refused whole.
import { describe, expect, it } from 'vitest';
import { fixedClock } from './core-helpers.js';
import { APP_HEADERS, type Json, useServedSandbox } from './helpers/sandbox-http.js';

const clock = fixedClock(Date.parse('2026-05-04T10:00:00.000Z'));
const served = useServedSandbox({ now: clock.now, imports: { records_per_second: 2 } });
const { call } = served;

async function postCsv(csv: string, field = 'file'): Promise<{ status: number; body: Json }> {
  const form = new FormData();
  form.append(field, new Blob([csv], { type: 'text/csv' }), 'products.csv');
  const res = await fetch(`${served.url}/v1/products/importCSV`, {
    method: 'POST',
    headers: APP_HEADERS,
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Json };
}

const product = async (ref: string) => (await call('GET', `/v1/products/${ref}`)).body;

describe('POST /v1/products/importCSV', () => {
  it('imports row by row: metadata from the other columns, failures with their row and source id', async () => {
    await call('POST', '/v1/products', { source_id: 'shoe-1', name: 'Old shoe', price: 100 });
    const csv = [
      'name,source_id,price,attributes,image_url,vendor',
      'Shoe,shoe-1,4990,"size,color",https://img.example/s.png,acme',
      'Hat,hat-1,1500,"size, color",,',
      ',nameless-1,100,,,',
      'Scarf,scarf-1,12.50,,,',
    ].join('\r\n');
    const { status, body } = await postCsv(csv);
    expect(status).toBe(200);
    expect(body).toEqual({ async_action_id: expect.stringMatching(/^aa_[0-9a-f]{18}$/) });
    const id = body.async_action_id;
    expect((await call('GET', `/v1/async-actions/${id}`)).body).toMatchObject({
      type: 'PRODUCTS.IMPORT_CSV',
      status: 'ENQUEUED',
    });

    clock.advance(2);
    const done = (await call('GET', `/v1/async-actions/${id}`)).body;
    expect(done).toMatchObject({ status: 'DONE', progress: 100 });
    expect(done.result).toEqual({
      message: '2 product(s) imported successfully, 2 failed.',
      failed: [
        { row: 3, source_id: 'nameless-1', reason: 'name: property is required' },
        {
          row: 4,
          source_id: 'scarf-1',
          reason: "price: must be a whole number of hundredths (actual value is '12.50')",
        },
      ],
      done_count: 2,
      failed_count: 2,
    });
    // A known source id: only the name changes, as the service does.
    expect(await product('shoe-1')).toMatchObject({ name: 'Shoe', price: 100, attributes: [], metadata: {} });
    expect(await product('hat-1')).toMatchObject({
      name: 'Hat',
      price: 1500,
      attributes: ['size', 'color'],
      image_url: null,
      metadata: {},
    });
    expect((await call('GET', '/v1/products/scarf-1')).status).toBe(404);
  });

  it('takes any case of the standard columns and puts a new product metadata from the others', async () => {
    const { body } = await postCsv('Name,SOURCE_ID,Price,Fashion\nT-Shirt,tee-1,21,slim\n');
    clock.advance(1);
    expect((await call('GET', `/v1/async-actions/${body.async_action_id}`)).body.status).toBe('DONE');
    expect(await product('tee-1')).toMatchObject({
      name: 'T-Shirt',
      price: 21,
      metadata: { Fashion: 'slim' },
    });
  });

  it.each([
    ['no name column', 'source_id,price\nx,1\n', 'The CSV file needs a `name` column.'],
    [
      'a metadata column with a space',
      'name,bad column\nx,1\n',
      "A metadata column's name may hold no white space: 'bad column'.",
    ],
    ['a quote left open', 'name\n"open\n', 'The CSV file ends inside a quoted cell.'],
    ['an empty file', '\n', 'The CSV file is empty.'],
  ])('refuses %s whole, with 400 and nothing queued', async (_what, csv, details) => {
    const jobs = async () => (await call('GET', '/v1/async-actions')).body.async_actions.length;
    const before = await jobs();
    const { status, body } = await postCsv(csv);
    expect(status).toBe(400);
    expect(body).toMatchObject({ key: 'invalid_payload', details });
    expect(await jobs()).toBe(before);
  });

  it('refuses a form without the file field, and a JSON body', async () => {
    const wrongField = await postCsv('name\nx\n', 'upload');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.details).toMatch(/the field `file`/);
    const json = await call('POST', '/v1/products/importCSV', { file: 'name\nx\n' });
    expect(json.status).toBe(400);
  });
});
