// promo publication create and list against the sandbox: a campaign's next unpublished codes (or a
// named code) handed to a customer and made theirs, join_once answering the same code again, the
// key with exit 1 and a hint when a static campaign has none left (an auto-update one makes the next), and a lost answer never publishing twice.
import { describe, expect, it } from 'vitest';
import { percentCampaign } from '../helpers/campaigns.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const promo = fx.run;

const campaign = (name: string, count: number) => percentCampaign(promo, name, count);

const codesOf = (name: string) => Object.values(fx.sandbox.state.vouchers).filter((v) => v.campaign === name);
const publicationsOf = (customerSourceId: string) =>
  Object.values(fx.sandbox.state.publications).filter((p) => p.tracking_id === customerSourceId);

describe('publication create', () => {
  it('hands a campaign code to a customer by source_id: the code printed, the customer its holder', async () => {
    await campaign('PUB-A', 3);
    const run = await promo([
      'publication',
      'create',
      '--campaign',
      'PUB-A',
      '--customer',
      'alice',
      '-o',
      'table',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const code = run.stdout.trim();
    const voucher = fx.sandbox.state.vouchers[code] as Record<string, unknown>;
    expect(voucher.campaign).toBe('PUB-A');
    const alice = Object.values(fx.sandbox.state.customers).find((c) => c.source_id === 'alice');
    expect(voucher.holder_id).toBe(alice?.id);
    expect(publicationsOf('alice')).toHaveLength(1);
  });

  it('publishes --count codes at once, and a named code with --voucher', async () => {
    await campaign('PUB-B', 4);
    const many = await promo([
      'publication',
      'create',
      '--campaign',
      'PUB-B',
      '--count',
      '2',
      '--customer',
      'bob',
      '-o',
      'table',
    ]);
    expect(many.code, many.stderr).toBe(0);
    expect(many.stdout.trim().split('\n')).toHaveLength(2);
    const left = codesOf('PUB-B').find((v) => !v.holder_id)?.code as string;
    const one = await promo([
      'publication',
      'create',
      '--voucher',
      left,
      '--customer',
      'carol',
      '-o',
      'table',
      '--channel',
      'email',
    ]);
    expect(one.stdout.trim()).toBe(left);
  });

  it('--join-once gives a customer one code of the campaign, always the same', async () => {
    await campaign('PUB-C', 3);
    const first = await promo([
      'publication',
      'create',
      '--campaign',
      'PUB-C',
      '--customer',
      'dan',
      '--join-once',
    ]);
    const again = await promo([
      'publication',
      'create',
      '--campaign',
      'PUB-C',
      '--customer',
      'dan',
      '--join-once',
    ]);
    expect(again.stdout).toBe(first.stdout);
    expect(codesOf('PUB-C').filter((v) => v.holder_id)).toHaveLength(1);
  });

  it('an auto-update campaign with every code handed out makes the next one, as the service does', async () => {
    await campaign('PUB-AU', 1);
    for (const customer of ['au1', 'au2']) {
      const run = await promo(['publication', 'create', '--campaign', 'PUB-AU', '--customer', customer]);
      expect([run.code, run.stderr]).toEqual([0, '']);
    }
    const codes = codesOf('PUB-AU');
    expect(codes).toHaveLength(2);
    expect(codes.map((v) => (v.publish as { count?: number } | undefined)?.count)).toEqual([1, 1]);
    expect(codes[1]?.discount).toEqual(codes[0]?.discount);
  });

  it('none left in a static campaign: the key, exit 1, and a hint to add vouchers', async () => {
    const made = await promo(
      [
        'campaign',
        'create',
        'PUB-D',
        '--percent-off',
        '10',
        '--vouchers-count',
        '1',
        '--wait',
        '--body',
        '-',
      ],
      { stdin: JSON.stringify({ type: 'STATIC' }) },
    );
    expect(made.code, made.stderr).toBe(0);
    expect((await promo(['publication', 'create', '--campaign', 'PUB-D', '--customer', 'e1'])).code).toBe(0);
    const run = await promo(['publication', 'create', '--campaign', 'PUB-D', '--customer', 'e2']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no_voucher_suitable_for_publication');
    expect(run.stderr).toContain('campaign add-vouchers');
  });

  it('refuses bad input before anything is sent (exit 2)', async () => {
    for (const argv of [
      ['--customer', 'x'],
      ['--campaign', 'C', '--voucher', 'V', '--customer', 'x'],
      ['--campaign', 'C'],
      ['--campaign', 'C', '--count', '51', '--customer', 'x'],
      ['--voucher', 'V', '--count', '2', '--customer', 'x'],
    ]) {
      expect((await promo(['publication', 'create', ...argv])).code).toBe(2);
    }
    expect(fx.sandbox.requests.filter((r) => r.rawPath === '/v1/publications')).toHaveLength(0);
  });

  it('a lost answer is read back by its source_id and never published twice', async () => {
    await campaign('PUB-E', 3);
    fx.sandbox.faults.set({ lostAnswers: { rate: 1, method: 'POST', path: '/v1/publications' } });
    const run = await promo(['publication', 'create', '--campaign', 'PUB-E', '--customer', 'fay']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('it happened once');
    expect(publicationsOf('fay')).toHaveLength(1);
    expect(codesOf('PUB-E').filter((v) => v.holder_id)).toHaveLength(1);
  });
});

describe('publication list', () => {
  it('lists by campaign and by code, newest first', async () => {
    await campaign('PUB-L', 3);
    for (const who of ['l1', 'l2'])
      await promo(['publication', 'create', '--campaign', 'PUB-L', '--customer', who]);
    const run = await promo(['publication', 'list', '--campaign', 'PUB-L', '--all', '-o', 'ndjson']);
    expect(run.code, run.stderr).toBe(0);
    const items = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(items.map((p) => p.tracking_id)).toEqual(['l2', 'l1']);
    const code = items[0].voucher.code;
    const byCode = await promo(['publication', 'list', '--voucher', code, '-o', 'json']);
    expect(JSON.parse(byCode.stdout)).toHaveLength(1);
  });
});
