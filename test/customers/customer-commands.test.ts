// promo customer create, get, list, update, delete (also for good) against the sandbox in-process:
// an upsert by source_id, 404 as exit 3, the receipt of a permanent deletion, bulk creates and deletes.
import { describe, expect, it } from 'vitest';
import { ndjson, writeIn } from '../helpers/input-files.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

const json = async (argv: string[], stdin?: string) => {
  const done = await fx.run([...argv, '-o', 'json'], stdin === undefined ? {} : { stdin });
  expect(done.code, `${argv.join(' ')}: ${done.stderr}`).toBe(0);
  return JSON.parse(done.stdout);
};

describe('promo customer', () => {
  it('creates as an upsert by source id: a repeat updates the same customer', async () => {
    const first = await json([
      'customer',
      'create',
      '--source-id',
      'cu-1',
      '--email',
      'a@x.co',
      '-m',
      'plan=pro',
    ]);
    expect(first).toMatchObject({ id: expect.stringMatching(/^cust_/), source_id: 'cu-1', email: 'a@x.co' });
    const again = await json([
      'customer',
      'create',
      '--source-id',
      'cu-1',
      '--name',
      'Ann',
      '--phone',
      '+48 1',
    ]);
    expect(again).toMatchObject({ id: first.id, email: 'a@x.co', name: 'Ann', phone: '+48 1' });
    const byId = await json(['customer', 'get', first.id]);
    const bySource = await json(['customer', 'get', 'cu-1']);
    expect(byId).toEqual(bySource);
    expect(byId.metadata).toEqual({ plan: 'pro' });
  });

  it('takes a --body, the flags winning', async () => {
    const body = JSON.stringify({ source_id: 'cu-body', name: 'From body', address: { city: 'Oslo' } });
    const made = await json(['customer', 'create', '--body', '-', '--name', 'Flag'], body);
    expect(made).toMatchObject({ source_id: 'cu-body', name: 'Flag', address: { city: 'Oslo' } });
    const listed = await json(['customer', 'list', '--city', 'Oslo']);
    expect(listed.map((c: { source_id: string }) => c.source_id)).toEqual(['cu-body']);
  });

  it('updates by source id, and an unknown customer is exit 3 for get, update and delete', async () => {
    await json(['customer', 'create', '--source-id', 'cu-up']);
    expect(await json(['customer', 'update', 'cu-up', '--email', 'new@x.co'])).toMatchObject({
      email: 'new@x.co',
    });
    for (const argv of [
      ['customer', 'get', 'cu-nobody'],
      ['customer', 'update', 'cu-nobody', '--name', 'x'],
      ['customer', 'delete', 'cu-nobody', '--yes'],
      ['customer', 'delete', 'cu-nobody', '--permanently', '--yes'],
    ]) {
      const done = await fx.run(argv);
      expect(done.code, argv.join(' ')).toBe(3);
      expect(done.stdout).toBe('');
    }
    expect((await fx.run(['customer', 'update', 'cu-up'])).code).toBe(2);
  });

  it('lists with filters and --all, streamed as NDJSON', async () => {
    for (let i = 0; i < 12; i++)
      await json(['customer', 'create', '--source-id', `cu-l-${i}`, '--name', 'Lister']);
    const page = await json(['customer', 'list', '--name', 'Lister', '--limit', '5']);
    expect(page).toHaveLength(5);
    const all = await fx.run([
      'customer',
      'list',
      '--name',
      'Lister',
      '--all',
      '--limit',
      '5',
      '-o',
      'ndjson',
    ]);
    expect(all.code).toBe(0);
    const ids = all.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line).source_id);
    expect(new Set(ids).size).toBe(12);
    expect(ids).toHaveLength(12);
    const csv = await fx.run(['customer', 'list', '--name', 'Lister', '--all', '-o', 'csv']);
    expect(csv.stdout.split('\n')[0]).toContain('source_id');
    expect(csv.stdout.trimEnd().split('\n')).toHaveLength(13);
  });

  it('deletes, asking without a terminal for --yes; deleted for good it prints the receipt and is gone', async () => {
    const made = await json(['customer', 'create', '--source-id', 'cu-gone']);
    await json(['event', 'send', 'purchase_completed', '--customer-source-id', 'cu-gone']);
    const refused = await fx.run(['customer', 'delete', 'cu-gone', '--permanently']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    const receipt = await json(['customer', 'delete', 'cu-gone', '--permanently', '--yes']);
    expect(receipt).toMatchObject({
      id: expect.stringMatching(/^del_/),
      status: 'DONE',
      related_object_id: made.id,
      data_json: { customer: 1, events: 1 },
    });
    expect((await fx.run(['customer', 'get', made.id])).code).toBe(3);
    expect((await fx.run(['customer', 'get', 'cu-gone'])).code).toBe(3);
    await json(['customer', 'create', '--source-id', 'cu-del']);
    expect(await json(['customer', 'delete', 'cu-del', '--yes'])).toEqual({
      customer: 'cu-del',
      deleted: true,
    });
    expect((await fx.run(['customer', 'get', 'cu-del'])).code).toBe(3);
  });

  it('creates many with --input (each line needs a source_id) and deletes many', async () => {
    const stdin = ndjson({ source_id: 'cu-b1', name: 'B1' }, { source_id: 'cu-b2', metadata: { n: 2 } });
    const created = await fx.run(['customer', 'create', '--input', '-', '-m', 'batch=1', '-o', 'json'], {
      stdin,
    });
    expect(created.code, created.stderr).toBe(0);
    expect((await json(['customer', 'get', 'cu-b2'])).metadata).toEqual({ batch: '1', n: 2 });
    const csv = 'source_id,email,metadata.tier\ncu-c1,c1@x.co,gold\n';
    expect((await fx.run(['customer', 'create', '--input', '-'], { stdin: csv })).code).toBe(0);
    expect(await json(['customer', 'get', 'cu-c1'])).toMatchObject({
      email: 'c1@x.co',
      metadata: { tier: 'gold' },
    });
    const missing = await fx.run(['customer', 'create', '--input', '-'], {
      stdin: ndjson({ name: 'no id' }),
    });
    // A line without a source_id is refused before anything is sent (a bad line: exit 7).
    expect(missing.code).toBe(7);
    expect(missing.stdout).toContain('needs a source_id');
    expect(
      fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath === '/v1/customers').length,
    ).toBe(3);
    const deleted = await fx.run(['customer', 'delete', '--input', '-', '--yes'], {
      stdin: 'cu-b1\ncu-b2\ncu-c1\n',
    });
    expect(deleted.code, deleted.stderr).toBe(0);
    for (const ref of ['cu-b1', 'cu-b2', 'cu-c1'])
      expect((await fx.run(['customer', 'get', ref])).code).toBe(3);
  });

  it('deletes many for good with --input, each result naming the receipt', async () => {
    for (const ref of ['cu-p1', 'cu-p2']) await json(['customer', 'create', '--source-id', ref]);
    const input = writeIn(fx.configDir, 'forget.csv', 'source_id\ncu-p1\ncu-p2\n');
    const run = await fx.run([
      'customer',
      'delete',
      '--permanently',
      '--input',
      input,
      '--yes',
      '-o',
      'json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => [l.status, l.code])).toEqual([
      ['deleted', 'cu-p1'],
      ['deleted', 'cu-p2'],
    ]);
    for (const line of lines) expect(line.id).toMatch(/^del_/);
    const sent = fx.sandbox.requests.filter((r) => r.rawPath.endsWith('/permanent-deletion'));
    expect(sent.map((r) => r.rawPath).sort()).toEqual([
      '/v1/customers/cu-p1/permanent-deletion',
      '/v1/customers/cu-p2/permanent-deletion',
    ]);
  });
});

describe('promo customer after a lost answer', () => {
  it('a delete whose answer was lost is retried, and its 404 then means it was deleted (exit 0)', async () => {
    await json(['customer', 'create', '--source-id', 'cu-lost-del']);
    fx.sandbox.faults.set({
      script: [{ match: { method: 'DELETE', path: '/v1/customers' }, action: { replyAfterHandling: 502 } }],
    });
    const run = await fx.run(['customer', 'delete', 'cu-lost-del', '--yes', '-o', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ customer: 'cu-lost-del', deleted: true });
    expect((await fx.run(['customer', 'get', 'cu-lost-del'])).code).toBe(3);
    expect(
      (await fx.run(['customer', 'create', '--source-id', 'x', '--input', '-'], { stdin: '' })).code,
    ).toBe(2);
  });
});
