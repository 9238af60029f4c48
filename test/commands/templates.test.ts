import { describe, expect, it } from 'vitest';
import { runPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const PATH = '/v1/templates/campaigns';
type Template = Record<string, unknown> & {
  id: string;
  name: string;
  campaign_type: string;
  description?: string;
};

const fx = useSandbox();

const promo = (...argv: string[]) => runPromo(argv, { configDir: fx.configDir });
/** The demo templates as the sandbox holds them: in creation order. */
const stateTemplates = () => fx.sandbox.state.templates as Template[];
const byId = (order: 'id' | '-id') => {
  const sorted = [...stateTemplates()].sort((a, b) => (a.id < b.id ? -1 : 1));
  return order === 'id' ? sorted : sorted.reverse();
};

async function listJson(...argv: string[]): Promise<Template[]> {
  const { code, stdout, stderr } = await promo('templates', 'list', ...argv);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return JSON.parse(stdout);
}

/** Pages by hand with --raw and --starting-after, the way a script would. */
async function pagesByHand(...argv: string[]): Promise<Template[][]> {
  const pages: Template[][] = [];
  let after: string | undefined;
  do {
    const args = ['templates', 'list', ...argv, '--raw'];
    if (after) args.push('--starting-after', after);
    const { code, stdout } = await promo(...args);
    expect(code).toBe(0);
    const list = JSON.parse(stdout);
    pages.push(list[list.data_ref]);
    after = list.has_more ? list.more_starting_after : undefined;
  } while (after && pages.length < 20);
  return pages;
}

describe('promo templates list', () => {
  it('prints exactly the service template objects, the first ten in creation order', async () => {
    expect(await listJson()).toEqual(stateTemplates().slice(0, 10));
    expect(fx.sandbox.requests[0]!.query).toBe('');
  });

  it.each([[[]], [['--order', 'id']], [['--order', '-id']]])(
    'pages across page boundaries with %j and --all equals the pages joined',
    async (order) => {
      const pages = await pagesByHand('--limit', '7', ...order);
      expect(pages.map((page) => page.length)).toEqual([7, 7, 7, 4]);
      const all = await listJson('--limit', '7', '--all', ...order);
      expect(all).toEqual(pages.flat());
      const expected = order[1] ? byId(order[1] as 'id' | '-id') : stateTemplates();
      expect(all).toEqual(expected);
    },
  );

  it('sends limit, starting_after_id, order and include_total as the service names them', async () => {
    await promo(
      'templates',
      'list',
      '-l',
      '3',
      '--starting-after',
      'camptpl_a22a36927b00d397',
      '--order',
      '-id',
      '--include-total',
    );
    expect(Object.fromEntries(new URLSearchParams(fx.sandbox.requests[0]!.query))).toEqual({
      limit: '3',
      starting_after_id: 'camptpl_a22a36927b00d397',
      order: '-id',
      include_total: 'true',
    });
  });

  it('builds the deepObject filters from the grammar, lists indexed', async () => {
    await promo(
      'templates',
      'list',
      '--filter',
      'campaign_type in discount_coupons, GIFT_VOUCHERS',
      '--filter',
      'name^=Summer',
      '--filter',
      'description?',
      '--junction',
      'OR',
    );
    expect([...new URLSearchParams(fx.sandbox.requests[0]!.query)]).toEqual([
      ['filters[campaign_type][conditions][$in][0]', 'DISCOUNT_COUPONS'],
      ['filters[campaign_type][conditions][$in][1]', 'GIFT_VOUCHERS'],
      ['filters[name][conditions][$starts_with]', 'Summer'],
      ['filters[description][conditions][$has_value]', ''],
      ['filters[junction]', 'or'],
    ]);
  });

  const has = (t: Template, key: string) => t[key] !== undefined && t[key] !== '';
  it.each<[string[], (t: Template) => boolean]>([
    [['name^=Summer'], (t) => t.name.startsWith('Summer')],
    [['name$=50'], (t) => t.name.endsWith('50')],
    [['name~=card'], (t) => t.name.includes('card')],
    [['name!~=card'], (t) => !t.name.includes('card')],
    [['name=Birthday treat'], (t) => t.name === 'Birthday treat'],
    [['campaign_type!=GIFT_VOUCHERS'], (t) => t.campaign_type !== 'GIFT_VOUCHERS'],
    [['campaign_type in GIFT_VOUCHERS'], (t) => t.campaign_type === 'GIFT_VOUCHERS'],
    [['campaign_type not in GIFT_VOUCHERS'], (t) => t.campaign_type !== 'GIFT_VOUCHERS'],
    [['description!?'], (t) => !has(t, 'description')],
    [['description?'], (t) => has(t, 'description')],
    [
      ['name^=Summer', 'campaign_type=GIFT_VOUCHERS'],
      (t) => t.name.startsWith('Summer') && t.campaign_type === 'GIFT_VOUCHERS',
    ],
  ])('filters the demo data with %j', async (filters, keep) => {
    const args = filters.flatMap((f) => ['--filter', f]);
    const expected = stateTemplates().filter(keep);
    expect(expected.length).toBeGreaterThan(0);
    expect(await listJson(...args, '--all', '--limit', '5')).toEqual(expected);
  });

  it('joins filters with --junction or', async () => {
    const all = await listJson(
      '-f',
      'name^=Summer',
      '-f',
      'campaign_type=GIFT_VOUCHERS',
      '--junction',
      'or',
      '--all',
    );
    expect(all).toEqual(
      stateTemplates().filter((t) => t.name.startsWith('Summer') || t.campaign_type === 'GIFT_VOUCHERS'),
    );
  });

  it('prints [] when nothing matches, and says so under a table', async () => {
    expect(await listJson('--filter', 'name=No such template')).toEqual([]);
    const table = await promo('-o', 'table', 'templates', 'list', '--filter', 'name=No such template');
    expect([table.code, table.stdout, table.stderr]).toEqual([0, '', 'No campaign templates.\n']);
  });

  it('shows a table (descriptions whole, as stdout is no terminal), a hint and the total on stderr', async () => {
    const { code, stdout, stderr } = await promo(
      '-o',
      'table',
      'templates',
      'list',
      '--limit',
      '5',
      '--include-total',
    );
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+Name\s+Campaign type\s+Created\s+Description$/);
    expect(lines[1]).toMatch(
      /^camptpl_a22a36927b00d397\s+Summer Sale 20% off\s+DISCOUNT_COUPONS\s+2026-01-03 09:12 UTC\s+20% off/,
    );
    expect(lines[5]).toMatch(/Black Friday Doorbusters .* Deep, time-boxed .{200,} for loyalty members\.$/);
    expect(stderr.split('\n')).toEqual([
      'More templates: add --starting-after camptpl_075b2afb28b0deac for the next page, or --all for every template.',
      '25 campaign templates in total (the service counts them all, whatever the filters).',
      '',
    ]);
  });

  it('prints the whole list object with --raw, total included', async () => {
    const { code, stdout } = await promo('templates', 'list', '--limit', '2', '--raw', '--include-total');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      object: 'list',
      data_ref: 'campaign_templates',
      campaign_templates: stateTemplates().slice(0, 2),
      total: 25,
      has_more: true,
      more_starting_after: stateTemplates()[1]!.id,
    });
  });

  it('streams NDJSON page by page with --all', async () => {
    const { code, stdout } = await promo('templates', 'list', '--limit', '10', '--all', '-o', 'ndjson');
    expect(code).toBe(0);
    expect(
      stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(stateTemplates());
    expect(fx.sandbox.requests).toHaveLength(3);
  });

  it('reads the array from the property data_ref names, as the vendor schema has it', async () => {
    const items = stateTemplates().slice(0, 2);
    fx.sandbox.faults.push({
      match: { method: 'GET', path: PATH },
      action: { status: 200, body: { object: 'list', data_ref: 'data', data: items, has_more: false } },
    });
    expect(await listJson()).toEqual(items);
  });

  it.each([
    [['--limit', '0'], '--limit'],
    [['--limit', '101'], '--limit'],
    [['--order', 'name'], '--order'],
    [['--junction', 'xor', '-f', 'name=a'], '--junction'],
    [['--junction', 'or'], '--junction'],
    [['--all', '--raw'], '--raw'],
    [['--starting-after', 'a b'], '--starting-after'],
    [['--filter', 'name>3'], "'name>3'"],
    [['--filter', 'name='], "'name='"],
    [['--filter', 'name==x'], "'name==x'"],
    [['--filter', 'name in A,,B'], "'name in A,,B'"],
    [['--filter', 'campaign_type~=GIFT'], 'substring'],
    [['--filter', 'campaign_type=COUPONS'], 'DISCOUNT_COUPONS, GIFT_VOUCHERS'],
    [['--filter', 'name^=A', '--filter', 'name^=B'], 'twice'],
  ])('refuses %j with exit 2 naming %s, sending nothing', async (flags, named) => {
    const { code, stdout, stderr } = await promo('templates', 'list', ...flags);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(JSON.parse(stderr).error.message).toContain(named);
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('documents the filter grammar in its help', async () => {
    const { stdout } = await promo('templates', 'list', '--help');
    for (const form of ['field^=prefix', "'field in A,B'", "'field!?'", '--junction'])
      expect(stdout).toContain(form);
  });
});
