// The sandbox's validation rules over real HTTP: applicable_to limits which items a discount takes
// from, uses per customer counted by day, week and month, "and" binding tighter than "or", and a
// rule set it cannot judge or cannot read refused whole at create and update.
import { describe, expect, it } from 'vitest';
import { type Json, useServedSandbox } from './helpers/sandbox-http.js';
import { desk, keyOf } from './redemption-helpers.js';

// A Wednesday: the week began on Monday the 3rd, the month on the 1st.
const NOW = Date.parse('2024-01-10T12:00:00.000Z');
const served = useServedSandbox({ now: () => NOW });
const api = desk(() => served.url);
let serial = 0;

async function ruledVoucher(discount: Json, rule: Json): Promise<string> {
  const made = await api.call('POST', '/v1/validation-rules', { name: `r${++serial}`, ...rule });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const code = `VR-${serial}`;
  await api.voucher(code, { discount, validation_rules: [made.body.id] });
  return code;
}

const amount = (op: string, value: number) => ({ name: 'order.amount', conditions: { [op]: [value] } });

describe('validation rules in the sandbox', () => {
  it('applicable_to: an item discount takes only from the items included, not from those excluded', async () => {
    const code = await ruledVoucher(
      { type: 'PERCENT', percent_off: 50, effect: 'APPLY_TO_ITEMS' },
      {
        applicable_to: {
          included: [
            { object: 'product', id: 'prod_shoe' },
            { object: 'sku', id: 'sku_sock' },
          ],
          excluded: [{ object: 'sku', id: 'sku_sock' }],
        },
      },
    );
    const items = [
      { product_id: 'prod_shoe', quantity: 1, price: 4000 },
      { product_id: 'prod_hat', quantity: 1, price: 2000 },
      { sku_id: 'sku_sock', quantity: 1, price: 1000 },
    ];
    const answer = await api.validate([code], { order: { items } });
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({
      amount: 7000,
      items_discount_amount: 2000,
      total_amount: 5000,
    });
    const toOrder = await ruledVoucher(
      { type: 'AMOUNT', amount_off: 100 },
      { applicable_to: { included: [{ object: 'product', id: 'prod_shoe' }] } },
    );
    const refused = await api.validate([toOrder], { order: { items } });
    expect([refused.status, refused.body.key]).toEqual([400, 'not_imitated']);
  });

  it('uses per customer by day, week and month count only redemptions in that period that stand', async () => {
    const rules = (period: string) => ({
      rules: {
        1: { name: `redemption.count.per_customer.${period}`, conditions: { $less_than_equal: [1] } },
      },
    });
    const daily = await ruledVoucher({ type: 'AMOUNT', amount_off: 100 }, rules('daily'));
    const customer = { source_id: 'vr-ann' };
    const order = { amount: 1000 };
    const first = await api.redeem([daily], { customer, order });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await api.redeem([daily], { customer, order });
    expect([second.status, second.body.key]).toEqual([400, 'redemption_rules_violated']);
    const redemption = (await api.redeem([daily], { customer: { source_id: 'vr-bob' }, order })).body;
    const id = redemption.redemptions?.[0]?.id ?? redemption.id;
    const back = await api.call('POST', `/v1/redemptions/${id}/rollback`, {});
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await api.redeem([daily], { customer: { source_id: 'vr-bob' }, order })).status).toBe(200);
    const weekly = await ruledVoucher({ type: 'AMOUNT', amount_off: 100 }, rules('weekly'));
    expect((await api.redeem([weekly], { customer, order })).status).toBe(200);
    expect(keyOf(await api.validate([weekly], { customer, order }), weekly)).toBe(
      'redemption_rules_violated',
    );
    const monthly = await ruledVoucher({ type: 'AMOUNT', amount_off: 100 }, rules('monthly'));
    expect((await api.redeem([monthly], { customer, order })).status).toBe(200);
    expect(keyOf(await api.validate([monthly], { customer, order }), monthly)).toBe(
      'redemption_rules_violated',
    );
  });

  it('reads "and" before "or", and parentheses first', async () => {
    // 1 or (2 and 3): 60.00 meets 2 and 3 though not 1.
    const code = await ruledVoucher(
      { type: 'AMOUNT', amount_off: 100 },
      {
        rules: {
          1: amount('$more_than_equal', 10000),
          2: amount('$more_than', 5000),
          3: amount('$less_than', 7000),
          logic: '1 or 2 and 3',
        },
      },
    );
    expect((await api.validate([code], { order: { amount: 6000 } })).body.valid).toBe(true);
    expect(keyOf(await api.validate([code], { order: { amount: 8000 } }), code)).toBe('order_rules_violated');
    const grouped = await ruledVoucher(
      { type: 'AMOUNT', amount_off: 100 },
      {
        rules: {
          1: amount('$more_than_equal', 10000),
          2: amount('$more_than', 5000),
          3: amount('$less_than', 7000),
          logic: '(1 or 2) and 3',
        },
      },
    );
    expect(keyOf(await api.validate([grouped], { order: { amount: 12000 } }), grouped)).toBe(
      'order_rules_violated',
    );
  });

  it.each([
    [
      'a rule it does not judge',
      { 1: { name: 'order.items.count', conditions: { $more_than: [1] } } },
      'not_imitated',
      'order.items.count',
    ],
    [
      'an operator it does not judge',
      { 1: { name: 'order.amount', conditions: { $after: [1] } } },
      'not_imitated',
      '$after',
    ],
    [
      'a logic naming a rule not given',
      { 1: amount('$more_than', 1), logic: '1 and 2' },
      'invalid_payload',
      'rules.logic',
    ],
    [
      'a logic cut short',
      { 1: amount('$more_than', 1), 2: amount('$less_than', 9), logic: '(1 or 2' },
      'invalid_payload',
      'rules.logic',
    ],
  ])('refuses %s at create and at update, keeping nothing', async (_what, rules, key, named) => {
    const created = await api.call('POST', '/v1/validation-rules', { name: 'bad', rules });
    expect([created.status, created.body.key]).toEqual([400, key]);
    expect(JSON.stringify(created.body)).toContain(named);
    const good = await api.call('POST', '/v1/validation-rules', {
      name: 'good',
      rules: { 1: amount('$more_than', 1) },
    });
    const updated = await api.call('PUT', `/v1/validation-rules/${good.body.id}`, { rules });
    expect([updated.status, updated.body.key]).toEqual([400, key]);
    expect((await api.call('GET', `/v1/validation-rules/${good.body.id}`)).body.rules).toEqual({
      1: amount('$more_than', 1),
    });
  });
});
