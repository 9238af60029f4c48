// promo rule create, get, list, update, delete, assign and unassign against the sandbox in-process:
// the rules object the flags make, bad values refused before anything is sent, an assignment never
// made twice, and the rules a code or campaign holds shown in words.
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

const json = async (argv: string[], stdin?: string) => {
  const done = await fx.run([...argv, '-o', 'json'], stdin === undefined ? {} : { stdin });
  expect(done.code, `${argv.join(' ')}: ${done.stderr}`).toBe(0);
  return JSON.parse(done.stdout);
};

describe('promo rule', () => {
  it('creates a rule from flags, combined with AND, amounts sent in hundredths', async () => {
    const rule = await json([
      'rule',
      'create',
      '--min-amount',
      '50',
      '--product',
      'Shoe',
      '--sku',
      'sku_1',
      '--min-quantity',
      '2',
      '--per-customer',
      '1',
      '--customer-metadata',
      'tier=gold',
    ]);
    expect(rule.rules).toEqual({
      1: { name: 'order.amount', conditions: { $more_than_equal: [5000] } },
      2: {
        name: 'order.items.any',
        conditions: {
          $is: [
            { object: 'product', source_id: 'Shoe' },
            { object: 'sku', id: 'sku_1' },
          ],
        },
        rules: { 1: { name: 'product.quantity', conditions: { $more_than_equal: [2] } } },
      },
      3: { name: 'redemption.count.per_customer', conditions: { $less_than_equal: [1] } },
      4: { name: 'customer.metadata', property: 'tier', conditions: { $is: ['gold'] } },
      logic: '1 and 2 and 3 and 4',
    });
    expect(rule.name).toBe(
      'orders from 50.00 and needs 2 or more of Shoe, sku_1 in the cart and once per customer and customers with tier = gold',
    );
    const shown = await fx.run(['rule', 'get', rule.name, '-o', 'table']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('orders from 50.00 and needs 2 or more of Shoe, sku_1 in the cart');
  });

  it.each([
    [['--min-amount', '-5'], '--min-amount must not be negative'],
    [['--per-customer', '1.5'], "--per-customer must be a whole number from 1, not '1.5'"],
    [['--customer-metadata', 'tier'], "--customer-metadata must be key=value (tier=gold), not 'tier'"],
    [['--min-quantity', '2'], '--min-quantity counts units of --product or --sku'],
    [[], 'give at least one condition'],
  ])('refuses %j with exit 2 naming the flag, sending nothing', async (flags, message) => {
    const done = await fx.run(['rule', 'create', ...flags]);
    expect(done.code).toBe(2);
    expect(done.stderr).toContain(message);
    expect(fx.sandbox.requests).toEqual([]);
  });

  it('refuses by name a rule the sandbox cannot judge, and keeps nothing of it', async () => {
    // Segments are judged by membership ($is, $in, $is_not, $not_in), not as text.
    const segment = JSON.stringify({ 1: { name: 'customer.segment', conditions: { $contains: ['seg'] } } });
    const done = await fx.run(['rule', 'create', '--name', 'seg', '--body', '-'], { stdin: segment });
    expect(done.code).toBe(1);
    expect(done.stderr).toContain('the condition $contains of the rule customer.segment');
    expect(done.stderr).toContain('not_imitated');
    const body = JSON.stringify({ 1: { name: 'order.metadata', property: 'x', conditions: { $is: ['y'] } } });
    const other = await fx.run(['rule', 'create', '--name', 'meta', '--body', '-'], { stdin: body });
    expect(other.stderr).toContain('the rule order.metadata');
    const names = (await json(['rule', 'list'])).map((r: { name: string }) => r.name);
    expect(names).not.toContain('seg');
    expect(names).not.toContain('meta');
  });

  it('assigns once: a repeat changes nothing, and voucher get and campaign get show the rules in words', async () => {
    await json(['voucher', 'create', '--code', 'RA-1', '--amount-off', '5']);
    await json(['campaign', 'create', 'RA-Camp', '--amount-off', '5', '--vouchers-count', '1', '--wait']);
    const rule = await json([
      'rule',
      'create',
      '--name',
      'From 50',
      '--min-amount',
      '50',
      '--per-customer',
      '1',
    ]);
    const first = await json(['rule', 'assign', 'From 50', '--voucher', 'RA-1']);
    expect(first).toMatchObject({ rule_id: rule.id, related_object_type: 'voucher' });
    fx.sandbox.requests.length = 0;
    const again = await fx.run(['rule', 'assign', rule.id, '--voucher', 'RA-1']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`was already assigned to voucher RA-1 (${first.id}): nothing changed`);
    expect(fx.sandbox.requests.filter((r) => r.method === 'POST')).toEqual([]);
    await json(['rule', 'assign', 'From 50', '--campaign', 'RA-Camp']);
    const voucher = await fx.run(['voucher', 'get', 'RA-1', '-o', 'table']);
    expect(voucher.stdout).toMatch(/Rules\s+From 50: orders from 50.00 and once per customer/);
    const campaign = await fx.run(['campaign', 'get', 'RA-Camp', '-o', 'table']);
    expect(campaign.stdout).toMatch(/Rules\s+From 50: orders from 50.00 and once per customer/);
    expect((await json(['rule', 'get', 'From 50'])).assignments_count).toBe(2);
    const off = await fx.run(['rule', 'unassign', 'From 50', '--voucher', 'RA-1']);
    expect(off.code, off.stderr).toBe(0);
    expect((await json(['voucher', 'get', 'RA-1'])).validation_rules_assignments.total).toBe(0);
    const none = await fx.run(['rule', 'unassign', 'From 50', '--voucher', 'RA-1']);
    expect(none.code).toBe(3);
    expect((await fx.run(['rule', 'delete', 'From 50', '--yes'])).code).toBe(0);
    expect((await fx.run(['rule', 'get', rule.id])).code).toBe(3);
  });

  it("voucher get's card reads the code's own rules from the voucher, and its campaign's at the same time", async () => {
    await json(['voucher', 'create', '--code', 'RQ-PLAIN', '--amount-off', '5']);
    await json(['voucher', 'create', '--code', 'RQ-1', '--amount-off', '5']);
    const made = await json('campaign create RQ-Camp --amount-off 5 --vouchers-count 1 --wait'.split(' '));
    const [inCampaign] = await json(['campaign', 'vouchers', made.id]);
    const own = await json(['rule', 'create', '--name', 'RQ own', '--min-amount', '20']);
    const camp = await json(['rule', 'create', '--name', 'RQ camp', '--per-customer', '1']);
    await json(['rule', 'assign', own.id, '--voucher', 'RQ-1']);
    await json(['rule', 'assign', own.id, '--voucher', inCampaign.code]);
    await json(['rule', 'assign', camp.id, '--campaign', 'RQ-Camp']);
    const seen = async (code: string) => {
      fx.sandbox.requests.length = 0;
      const card = await fx.run(['voucher', 'get', code, '-o', 'table']);
      expect(card.code, card.stderr).toBe(0);
      const rules = /^Rules\s+(.*)$/m.exec(card.stdout)?.[1];
      return {
        rules,
        sent: fx.sandbox.requests.map((r) => `${r.method} ${r.rawPath.replace(/\?.*$/, '')}`).sort(),
      };
    };
    // No rules: the voucher alone.
    expect(await seen('RQ-PLAIN')).toEqual({ rules: 'none', sent: ['GET /v1/vouchers/RQ-PLAIN'] });
    // Its own rule: the voucher lists it; the rule is read, no list of assignments.
    expect(await seen('RQ-1')).toEqual({
      rules: 'RQ own: orders from 20.00',
      sent: [`GET /v1/validation-rules/${own.id}`, 'GET /v1/vouchers/RQ-1'],
    });
    // In a campaign: its campaign's assignments are listed, and each rule read once.
    expect(await seen(inCampaign.code)).toEqual({
      rules: 'RQ own: orders from 20.00; RQ camp: once per customer (from its campaign)',
      sent: [
        'GET /v1/validation-rules-assignments',
        `GET /v1/validation-rules/${camp.id}`,
        `GET /v1/validation-rules/${own.id}`,
        `GET /v1/vouchers/${inCampaign.code}`,
      ].sort(),
    });
  });

  it('updates a rule: --name renames it, condition flags replace its conditions whole', async () => {
    const rule = await json(['rule', 'create', '--name', 'U1', '--min-amount', '50']);
    const renamed = await json(['rule', 'update', 'U1', '--name', 'U2']);
    expect(renamed).toMatchObject({ id: rule.id, name: 'U2', rules: rule.rules });
    const changed = await json(['rule', 'update', rule.id, '--max-amount', '100']);
    expect(changed.rules).toEqual({
      1: { name: 'order.amount', conditions: { $less_than_equal: [10000] } },
      logic: '1',
    });
  });

  it('after a lost answer looks the assignment up: found, it happened once; not found, the outcome is unknown (exit 6) and a rerun assigns once', async () => {
    await json(['voucher', 'create', '--code', 'RA-LOST', '--amount-off', '5']);
    const rule = await json(['rule', 'create', '--name', 'Lost', '--min-amount', '5']);
    const assignPath = `/v1/validation-rules/${rule.id}/assignments`;
    fx.sandbox.faults.push({
      match: { method: 'POST', path: assignPath },
      action: { replyAfterHandling: 502 },
    });
    const lost = await fx.run(['rule', 'assign', 'Lost', '--voucher', 'RA-LOST']);
    expect(lost.code, lost.stderr).toBe(0);
    expect(lost.stderr).toContain('The answer was lost; assignment asgm_');
    const assignments = async () =>
      fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath === assignPath).length;
    expect(await assignments()).toBe(1);
    expect((await json(['rule', 'get', rule.id])).assignments_count).toBe(1);

    await json(['voucher', 'create', '--code', 'RA-LOST-2', '--amount-off', '5']);
    fx.sandbox.faults.push({
      match: { method: 'POST', path: assignPath },
      action: { reset: 'before-handling' },
    });
    const unknown = await fx.run(['rule', 'assign', 'Lost', '--voucher', 'RA-LOST-2']);
    expect(unknown.code).toBe(6);
    expect(unknown.stderr).toContain('Run the same command again: it looks first and never assigns twice.');
    expect((await json(['rule', 'get', rule.id])).assignments_count).toBe(1);
    expect((await fx.run(['rule', 'assign', 'Lost', '--voucher', 'RA-LOST-2'])).code).toBe(0);
    expect((await fx.run(['rule', 'assign', 'Lost', '--voucher', 'RA-LOST-2'])).code).toBe(0);
    expect((await json(['rule', 'get', rule.id])).assignments_count).toBe(2);
  });

  it('assigns a rule to the codes of a file through the journal: codes already assigned count as done, none twice', async () => {
    for (const code of ['RA-B1', 'RA-B2', 'RA-B3'])
      await json(['voucher', 'create', '--code', code, '--amount-off', '1']);
    await json(['rule', 'create', '--name', 'Bulk', '--min-amount', '1']);
    await json(['rule', 'assign', 'Bulk', '--voucher', 'RA-B2']);
    const done = await fx.run(['rule', 'assign', 'Bulk', '--input', '-', '-o', 'ndjson'], {
      stdin: 'RA-B1\nRA-B2\nRA-B3\n',
    });
    expect(done.code, done.stderr + done.stdout).toBe(0);
    const lines = done.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => [l.code, l.status]).sort()).toEqual([
      ['RA-B1', 'created'],
      ['RA-B2', 'created'],
      ['RA-B3', 'created'],
    ]);
    expect((await json(['rule', 'get', 'Bulk'])).assignments_count).toBe(3);
    const again = await fx.run(['rule', 'assign', 'Bulk', '--input', '-'], { stdin: 'RA-B1\n' });
    expect(again.code, again.stderr).toBe(0);
    expect((await json(['rule', 'get', 'Bulk'])).assignments_count).toBe(3);
    const missing = await fx.run(['rule', 'assign', 'Bulk', '--input', '-'], { stdin: 'RA-NONE\n' });
    expect(missing.code).toBe(7);
  });
});
