// promo campaign against the sandbox: a launch from end to end (create with generated codes and
// --wait, the card, every code listed once, more codes, codes of one's own, an import, switching
// off, deleting with its vouchers), checked in stdout, exit codes, the requests the sandbox saw
// and the state it holds.
import { describe, expect, it } from 'vitest';
import { TestClock } from '../helpers/clock.js';
import { runPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read deep into the service's JSON
type Json = Record<string, any>;

// One clock for promo and its sandbox: `--wait` polls a generation job that moves with the
// sandbox's time, and each poll's wait moves the clock on at once instead of taking real time.
const clock = new TestClock();
const fx = useSandbox({ now: clock.now });
const promo = (argv: string[], stdin?: string) => runPromo(argv, { configDir: fx.configDir, stdin, clock });

async function ok(argv: string[], stdin?: string): Promise<string> {
  const { code, stdout, stderr } = await promo(argv, stdin);
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  return stdout;
}

let serial = 0;
const unique = (stem: string) => `${stem} ${Date.now().toString(36)}-${++serial}`;
const vouchersOf = (campaignId: string) =>
  Object.values(fx.sandbox.state.vouchers as Record<string, Json>).filter(
    (v) => v.campaign_id === campaignId,
  );

describe('a campaign launch', () => {
  it('creates a campaign that generates N codes by its pattern, waits for them, and lists each once', async () => {
    const name = unique('Launch');
    const created: Json = JSON.parse(
      await ok([
        'campaign',
        'create',
        name,
        '--percent-off',
        '15',
        '--vouchers-count',
        '250',
        '--code-pattern',
        'L26-####-####',
        '--expiration-date',
        '2030-12-31',
        '--wait',
      ]),
    );
    expect(created).toMatchObject({
      name,
      campaign_type: 'DISCOUNT_COUPONS',
      vouchers_count: 250,
      vouchers_generation_status: 'DONE',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 15 } },
    });
    const posts = fx.sandbox.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.rawPath)).toEqual(['/v1/campaigns']);
    const held = vouchersOf(created.id);
    expect(held).toHaveLength(250);
    for (const v of held) expect(v.code).toMatch(/^L26-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}$/);

    const listed = (await ok(['campaign', 'vouchers', name, '--all', '-o', 'ndjson']))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).code);
    expect(new Set(listed).size).toBe(250);
    expect(listed.sort()).toEqual(held.map((v) => v.code).sort());

    const csv = await ok([
      'campaign',
      'vouchers',
      created.id,
      '--all',
      '-o',
      'csv',
      '--fields',
      'code,active',
    ]);
    const rows = csv.trimEnd().split('\n');
    expect(rows[0]).toBe('code,active');
    expect(rows).toHaveLength(251);
  });

  it('shows the card of a campaign by name and by id; an unknown one is exit 3', async () => {
    const name = unique('Card');
    const { id } = JSON.parse(
      await ok([
        'campaign',
        'create',
        name,
        '--type',
        'gift',
        '--gift-amount',
        '50',
        '--vouchers-count',
        '3',
        '--wait',
      ]),
    );
    const byId: Json = JSON.parse(await ok(['campaign', 'get', id]));
    expect(byId).toMatchObject({ id, name, campaign_type: 'GIFT_VOUCHERS', vouchers_count: 3 });
    const table = await ok(['campaign', 'get', name, '-o', 'table']);
    expect(table).toMatch(/Kind\s+gift cards/);
    expect(table).toMatch(/Value\s+50\.00/);
    expect(table).toMatch(/Vouchers\s+3/);
    const missing = await promo(['campaign', 'get', 'No Such Campaign']);
    expect(missing.code).toBe(3);
    expect(JSON.parse(missing.stderr).error).toMatchObject({ status: 404 });
  });

  it('adds generated codes (a job, followed), codes of its own, and an import; each takes the campaign value', async () => {
    const name = unique('Grow');
    const { id } = JSON.parse(
      await ok([
        'campaign',
        'create',
        name,
        '--amount-off',
        '5',
        '--code-prefix',
        'GR-',
        '--code-length',
        '6',
      ]),
    );
    const job: Json = JSON.parse(await ok(['campaign', 'add-vouchers', name, '--count', '20', '--wait']));
    expect(job).toMatchObject({ status: 'DONE' });
    expect(vouchersOf(id)).toHaveLength(20);
    const one: Json = JSON.parse(await ok(['campaign', 'add-vouchers', name, '--code', 'GR-MINE-1']));
    expect(one).toMatchObject({
      code: 'GR-MINE-1',
      campaign_id: id,
      discount: { type: 'AMOUNT', amount_off: 500 },
    });
    const own: Json = JSON.parse(
      await ok(['voucher', 'create', '--campaign', name, '--code', 'GR-MINE-2', '--metadata', 'seat=12']),
    );
    expect(own).toMatchObject({ code: 'GR-MINE-2', campaign_id: id, metadata: { seat: '12' } });
    const imported = await promo(
      ['campaign', 'import', name, '-', '--wait', '--results', `${fx.configDir}/import.jsonl`],
      'code\nGR-IMP-1\nGR-IMP-2\n',
    );
    expect(imported.code).toBe(0);
    expect(imported.stderr).toContain('Imported 2 of 2 vouchers');
    const importPost = fx.sandbox.requests.filter((r) => r.rawPath.endsWith('/import'));
    expect(importPost.map((r) => JSON.parse(r.body))).toEqual([[{ code: 'GR-IMP-1' }, { code: 'GR-IMP-2' }]]);
    const codes = vouchersOf(id).map((v) => v.code);
    expect(codes).toHaveLength(24);
    expect(codes).toEqual(expect.arrayContaining(['GR-MINE-1', 'GR-MINE-2', 'GR-IMP-1', 'GR-IMP-2']));
    for (const v of vouchersOf(id)) expect(v.discount).toMatchObject({ type: 'AMOUNT', amount_off: 500 });
  });

  it('switches a campaign off and on, updates it, lists it by type, and deletes it with its vouchers', async () => {
    const name = unique('Life');
    const { id } = JSON.parse(
      await ok(['campaign', 'create', name, '--percent-off', '5', '--vouchers-count', '4', '--wait']),
    );
    expect(JSON.parse(await ok(['campaign', 'disable', name]))).toMatchObject({ id, active: false });
    expect(JSON.parse(await ok(['campaign', 'enable', name]))).toMatchObject({ id, active: true });
    const updated: Json = JSON.parse(
      await ok(['campaign', 'update', name, '--description', 'spring', '--metadata', 'owner=growth']),
    );
    expect(updated).toMatchObject({ id, description: 'spring', metadata: { owner: 'growth' } });
    const listed: Json[] = JSON.parse(await ok(['campaign', 'list', '--type', 'discount', '--all']));
    expect(listed.map((c) => c.name)).toContain(name);
    expect(listed.every((c) => c.campaign_type === 'DISCOUNT_COUPONS')).toBe(true);

    const refused = await promo(['campaign', 'delete', name]);
    expect(refused.code).toBe(2);
    const job: Json = JSON.parse(await ok(['campaign', 'delete', name, '--force', '--yes', '--wait']));
    expect(job).toMatchObject({ status: 'DONE' });
    expect(vouchersOf(id)).toEqual([]);
    expect((await promo(['campaign', 'get', id])).code).toBe(3);
  });
});
