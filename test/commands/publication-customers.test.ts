// Publications name customers as the service lets them: by source_id or id with the customer's email,
// name and phone (the service creates or updates the customer), or by email alone; a run again the
// next day tells the customers who got a code now from those who held one already; customer create
// --input tells created from updated. Against the sandbox in-process, its clock moved a day on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { percentCampaign } from '../helpers/campaigns.js';
import { jsonLines, writeIn } from '../helpers/input-files.js';
import { tempDir } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const DAY = 86_400_000;
let offset = 0;
const now = () => Date.now() + offset;
const fx = useSandbox({ now });
const promo = (argv: string[]) => fx.run(argv, { now });
const dir = tempDir('promo-pub-customers-');
afterAll(() => dir.cleanup());

const campaign = (name: string, count: number) => percentCampaign(promo, name, count);
const publishFrom = (name: string, input: string, ...rest: string[]) =>
  promo(['publication', 'create', '--campaign', name, '--input', input, ...rest]);

const customerBy = (field: string, value: string) =>
  Object.values(fx.sandbox.state.customers).find((c) => c[field] === value);
/** The last record of each line of a journal (a line is journaled in flight, then with its outcome). */
// biome-ignore lint/suspicious/noExplicitAny: records of the journal, read as JSON
const outcomes = (path: string): any[] => {
  const byLine = new Map<number, unknown>();
  for (const record of jsonLines(readFileSync(path, 'utf8')))
    if (record.line !== undefined) byLine.set(record.line, record);
  return [...byLine.values()];
};
const rows = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => `pc-${from + i},pc${from + i}@example.com,Person ${from + i}`);

describe('publication create with customer details', () => {
  it('takes source_id,email,name columns: each customer created with them, one code each', async () => {
    await campaign('PC-COLS', 3);
    const input = writeIn(dir.path, 'cols.csv', ['source_id,email,name', ...rows(2)].join('\n'));
    const run = await publishFrom('PC-COLS', input, '--results', join(dir.path, 'cols.ndjson'));
    expect(run.code, run.stderr).toBe(0);
    expect(customerBy('source_id', 'pc-1')).toMatchObject({ email: 'pc1@example.com', name: 'Person 1' });
    expect(customerBy('source_id', 'pc-2')).toMatchObject({ email: 'pc2@example.com', name: 'Person 2' });
    const sent = fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath === '/v1/publications');
    expect(JSON.parse(sent[0]!.body).customer).toEqual({
      source_id: 'pc-1',
      email: 'pc1@example.com',
      name: 'Person 1',
    });
  });

  it('takes an email alone, on a line and on the command line, and updates a customer it names', async () => {
    await campaign('PC-EMAIL', 3);
    const input = writeIn(dir.path, 'email.csv', 'email\nonly@example.com\n');
    const run = await publishFrom('PC-EMAIL', input, '--results', join(dir.path, 'email.ndjson'));
    expect(run.code, run.stderr).toBe(0);
    const created = customerBy('email', 'only@example.com');
    expect(created).toMatchObject({ id: expect.stringMatching(/^cust_/) });
    const single = await promo([
      'publication',
      'create',
      '--voucher',
      Object.values(fx.sandbox.state.vouchers).find((v) => v.campaign === 'PC-EMAIL' && !v.holder_id)!
        .code as string,
      '--email',
      'only@example.com',
      '--name',
      'Only One',
      '--phone',
      '+48 1',
    ]);
    expect(single.code, single.stderr).toBe(0);
    expect(customerBy('email', 'only@example.com')).toMatchObject({
      id: created!.id,
      name: 'Only One',
      phone: '+48 1',
    });
    const got = await promo(['customer', 'get', created!.id as string, '-o', 'json']);
    expect(JSON.parse(got.stdout)).toMatchObject({ name: 'Only One' });
  });

  it('needs someone: no --customer and no --email is exit 2, nothing sent', async () => {
    const run = await promo(['publication', 'create', '--campaign', 'PC-EMAIL', '--name', 'Nobody']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--customer (or --email)');
    expect(fx.sandbox.requests).toHaveLength(0);
  });
});

describe('a run again the next day', () => {
  it('publication create --input: the customers who held a code are skipped with it, the new ones created', async () => {
    await campaign('PC-DAILY', 10);
    const first = writeIn(dir.path, 'day1.csv', ['source_id,email,name', ...rows(4, 10)].join('\n'));
    const day1 = await publishFrom(
      'PC-DAILY',
      first,
      '--results',
      join(dir.path, 'day1.ndjson'),
      '--log-format',
      'text',
    );
    expect(day1.code, day1.stderr).toBe(0);
    expect(day1.stderr).toContain('Done: 4 created');
    offset = DAY;
    try {
      const second = writeIn(dir.path, 'day2.csv', ['source_id,email,name', ...rows(6, 10)].join('\n'));
      const journal = join(dir.path, 'day2.ndjson');
      const day2 = await publishFrom('PC-DAILY', second, '--results', journal, '--log-format', 'text');
      expect(day2.code, day2.stderr).toBe(0);
      expect(day2.stderr).toContain('Done: 2 created, 4 skipped');
      const records = outcomes(journal);
      expect(records.map((r) => r.status)).toEqual([...Array(4).fill('skipped'), 'created', 'created']);
      const day1Codes = outcomes(join(dir.path, 'day1.ndjson')).map((r) => r.code);
      expect(records.slice(0, 4).map((r) => r.code)).toEqual(day1Codes);
      expect(records[0].error).toMatchObject({ key: 'already_held' });
      // A resume of the day's run sends nothing again.
      const again = await publishFrom('PC-DAILY', second, '--resume', journal);
      expect(again.code, again.stderr).toBe(0);
    } finally {
      offset = 0;
    }
  });

  it('publication create --input run again at once with --again: every customer held a code, every line skipped', async () => {
    await campaign('PC-AGAIN', 4);
    const input = writeIn(dir.path, 'again.csv', ['source_id,email,name', ...rows(2, 50)].join('\n'));
    expect((await publishFrom('PC-AGAIN', input, '--results', join(dir.path, 'again1.ndjson'))).code).toBe(0);
    const journal = join(dir.path, 'again2.ndjson');
    // The same file again is a new run on purpose (--again): without it promo names the first run.
    const again = await publishFrom(
      'PC-AGAIN',
      input,
      '--results',
      journal,
      '--log-format',
      'text',
      '--again',
    );
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('Done: 2 skipped');
    expect(outcomes(journal).map((r) => r.status)).toEqual(['skipped', 'skipped']);
  });

  it('customer create --input: the customers it knew are updated, the new ones created', async () => {
    const first = writeIn(dir.path, 'cu1.csv', 'source_id,name\ncu-up-1,A\ncu-up-2,B\n');
    expect(
      (await promo(['customer', 'create', '--input', first, '--results', join(dir.path, 'cu1.ndjson')])).code,
    ).toBe(0);
    const second = writeIn(dir.path, 'cu2.csv', 'source_id,name\ncu-up-1,A2\ncu-up-2,B2\ncu-up-3,C\n');
    const journal = join(dir.path, 'cu2.ndjson');
    const run = await promo([
      'customer',
      'create',
      '--input',
      second,
      '--results',
      journal,
      '--log-format',
      'text',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Done: 1 created, 2 updated');
    const records = outcomes(journal);
    expect(records.map((r) => [r.code, r.status])).toEqual([
      ['cu-up-1', 'updated'],
      ['cu-up-2', 'updated'],
      ['cu-up-3', 'created'],
    ]);
    const resumed = await promo(['customer', 'create', '--input', second, '--resume', journal]);
    expect(resumed.code, resumed.stderr).toBe(0);
  });
});
