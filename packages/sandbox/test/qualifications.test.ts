// The sandbox's qualifications over real HTTP: what a customer and an order can use, judged by the
// same rules as a validation (but, as the service warns, without counting uses per customer); the
// page by creation date, newest first, ordered by the sorting rule; campaigns and the campaign codes
// published to the customer; what it does not imitate refused by name. Answers checked against the
// vendor's description.
import { describe, expect, it } from 'vitest';
import { type Json, useServedSandbox } from './helpers/sandbox-http.js';
import { conforms, desk } from './redemption-helpers.js';

let clock = Date.parse('2024-03-01T10:00:00.000Z');
const served = useServedSandbox({ now: () => clock });
const api = desk(() => served.url);

const qualify = (body: Json) => api.call('POST', '/v1/qualifications', body);
const ids = (answer: { body: Json }) => (answer.body.redeemables.data as Json[]).map((r) => r.id);

async function voucher(code: string, amountOff: number, rules?: Json): Promise<void> {
  clock += 1000;
  let validation_rules: string[] | undefined;
  if (rules) {
    const made = await api.call('POST', '/v1/validation-rules', { name: `rule ${code}`, rules });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    validation_rules = [made.body.id];
  }
  await api.voucher(code, { discount: { type: 'AMOUNT', amount_off: amountOff }, validation_rules });
}

describe('qualifications in the sandbox', () => {
  it('lists the codes whose rules the order meets, with what each takes off, best deal first', async () => {
    await voucher('Q-PLAIN', 300);
    await voucher('Q-MIN50', 1000, { 1: { name: 'order.amount', conditions: { $more_than_equal: [5000] } } });
    await voucher('Q-MIN90', 2000, { 1: { name: 'order.amount', conditions: { $more_than_equal: [9000] } } });
    await voucher('Q-SHOE', 500, {
      1: { name: 'order.items.any', conditions: { $is: [{ object: 'product', id: 'prod_shoe' }] } },
    });
    const answer = await qualify({
      scenario: 'ALL',
      order: { items: [{ product_id: 'prod_hat', quantity: 1, price: 6000 }] },
      options: { sorting_rule: 'BEST_DEAL', limit: 10 },
    });
    conforms('check-eligibility', answer);
    expect(ids(answer)).toEqual(['Q-MIN50', 'Q-PLAIN']);
    const [best] = answer.body.redeemables.data as Json[];
    expect(best).toMatchObject({
      object: 'voucher',
      result: { discount: { type: 'AMOUNT', amount_off: 1000 } },
      order: { amount: 6000, total_applied_discount_amount: 1000, total_amount: 5000 },
    });
    expect(answer.body.redeemables).toMatchObject({ total: 2, has_more: false });
    expect(answer.body.order).toMatchObject({ amount: 6000, total_amount: 6000 });
  });

  it('pages by creation date, newest first, with the cursor the service names', async () => {
    const first = await qualify({ order: { amount: 100 }, options: { limit: 1 } });
    conforms('check-eligibility', first);
    expect(ids(first)).toEqual(['Q-PLAIN']);
    expect(first.body.redeemables).toMatchObject({ has_more: false, total: 1 });
    await voucher('Q-NEWER', 100);
    const newest = await qualify({ order: { amount: 100 }, options: { limit: 1 } });
    expect(ids(newest)).toEqual(['Q-NEWER']);
    const { has_more, more_starting_after } = newest.body.redeemables;
    expect(has_more).toBe(true);
    const next = await qualify({
      order: { amount: 100 },
      options: { limit: 1, starting_after: more_starting_after },
    });
    expect(ids(next)).toEqual(['Q-PLAIN']);
    const least = await qualify({ order: { amount: 100 }, options: { sorting_rule: 'LEAST_DEAL' } });
    expect(ids(least)).toEqual(['Q-NEWER', 'Q-PLAIN']);
  });

  it('judges customer metadata, and does not count uses per customer, as the service warns', async () => {
    await api.call('POST', '/v1/customers', { source_id: 'q-gold', metadata: { tier: 'gold' } });
    await voucher('Q-GOLD', 700, {
      1: { name: 'customer.metadata', property: 'tier', conditions: { $is: ['gold'] } },
    });
    await voucher('Q-ONCE', 800, {
      1: { name: 'redemption.count.per_customer', conditions: { $less_than_or_equal: [1] } },
    });
    const order = { amount: 10000 };
    expect((await api.redeem(['Q-ONCE'], { customer: { source_id: 'q-gold' } })).status).toBe(200);
    const gold = await qualify({ customer: { source_id: 'q-gold' }, order, options: { limit: 50 } });
    conforms('check-eligibility', gold);
    expect(ids(gold)).toContain('Q-GOLD');
    expect(ids(gold)).toContain('Q-ONCE');
    expect(gold.body.tracking_id).toMatch(/^track_/);
    const nobody = await qualify({ order, options: { limit: 50 } });
    expect(ids(nobody)).not.toContain('Q-GOLD');
  });

  it('names a campaign whose codes apply, and a campaign code only for the customer it was published to', async () => {
    const campaign = await api.call('POST', '/v1/campaigns', {
      name: 'Q-CAMP',
      voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 400 } },
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(200);
    for (const _ of [1, 2])
      expect((await api.call('POST', '/v1/campaigns/Q-CAMP/vouchers', {})).status).toBe(200);
    const published = await api.call('POST', '/v1/publications', {
      campaign: { name: 'Q-CAMP' },
      customer: { source_id: 'q-holder' },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const code = published.body.voucher.code;
    const campaignsOnly = { filters: { resource_type: { conditions: { $in: ['campaign'] } } }, limit: 50 };
    const held = await qualify({
      customer: { source_id: 'q-holder' },
      order: { amount: 1000 },
      options: { limit: 50 },
    });
    conforms('check-eligibility', held);
    expect(ids(held)).toContain(code);
    expect(ids(held)).toContain(campaign.body.id);
    const other = await qualify({
      customer: { source_id: 'q-other' },
      order: { amount: 1000 },
      options: { limit: 50 },
    });
    expect(ids(other)).not.toContain(code);
    const only = await qualify({ order: { amount: 1000 }, options: campaignsOnly });
    expect(ids(only)).toEqual([campaign.body.id]);
  });

  it("answers the vendor's SDK test: no order, no customer, vouchers only, the newest first", async () => {
    await voucher('Q-SDK', 1000);
    const answer = await qualify({
      scenario: 'ALL',
      options: { filters: { resource_type: { conditions: { $in: ['voucher'] } } } },
    });
    conforms('check-eligibility', answer);
    expect(ids(answer)[0]).toBe('Q-SDK');
    // Those without rules, and the one whose rule counts uses per customer (not counted here).
    expect(ids(answer)).toEqual(['Q-SDK', 'Q-ONCE', 'Q-NEWER', 'Q-PLAIN']);
    expect(answer.body.redeemables).toMatchObject({ total: 4, has_more: false });
  });

  it('refuses by name what it does not imitate, and checks the options', async () => {
    const refused = async (body: Json, status: number, key: string) => {
      const answer = await qualify(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.key).toBe(key);
      return answer.body;
    };
    expect((await refused({ scenario: 'PRODUCTS' }, 400, 'not_imitated')).details).toContain('PRODUCTS');
    const tiers = { filters: { resource_type: { conditions: { $in: ['promotion_tier'] } } } };
    expect((await refused({ options: tiers }, 400, 'not_imitated')).details).toContain('promotion tiers');
    await refused({ scenario: 'NOPE' }, 400, 'invalid_payload');
    await refused({ options: { limit: 51 } }, 400, 'invalid_payload');
    await refused({ options: { sorting_rule: 'CHEAPEST' } }, 400, 'invalid_payload');
    // A code it cannot judge on this order refuses the whole answer, naming the code.
    await api.voucher('Q-UNIT', {
      discount: { type: 'UNIT', unit_off: 1, unit_type: 'prod_gift', effect: 'ADD_MISSING_ITEMS' },
    });
    expect((await refused({ order: { amount: 1000 } }, 400, 'not_imitated')).details).toContain(
      '(voucher Q-UNIT)',
    );
    expect((await api.call('DELETE', '/v1/vouchers/Q-UNIT?force=true')).status).toBe(204);
  });
});
