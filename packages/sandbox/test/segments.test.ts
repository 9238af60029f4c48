// Static customer segments in the sandbox, given by a seed (with the customers they name), and the
// rule customer.segment judged on validation: in one of the segments named ($is, $in) or in none
// ($is_not, $not_in), no customer counting as in none; a condition it cannot judge on segments
// refused by name at create. Over real HTTP; every answer checked against the vendor's schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/index.js';
import { startCheckedSandbox } from './helpers/checked.js';
import { desk, keyOf } from './redemption-helpers.js';

const at = '2024-01-01T00:00:00.000Z';
const customer = (id: string, source_id: string) => ({
  id,
  source_id,
  metadata: {},
  created_at: at,
  object: 'customer',
});
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startCheckedSandbox({
    seed: {
      customers: { cust_in: customer('cust_in', 'in'), cust_out: customer('cust_out', 'out') },
      segments: {
        seg_gold: { id: 'seg_gold', name: 'Gold', type: 'static', object: 'segment', customers: ['cust_in'] },
      },
    },
  });
});
afterAll(async () => {
  await sandbox.close();
});
const api = desk(() => sandbox.url);

async function ruled(code: string, conditions: Record<string, unknown[]>): Promise<void> {
  await api.voucher(code, { discount: { type: 'AMOUNT', amount_off: 100 } });
  const rule = await api.call('POST', '/v1/validation-rules', {
    name: code,
    rules: { 1: { name: 'customer.segment', conditions } },
  });
  expect(rule.status, JSON.stringify(rule.body)).toBe(200);
  const assigned = await api.call('POST', `/v1/validation-rules/${rule.body.id}/assignments`, {
    related_object_type: 'voucher',
    related_object_id: code,
  });
  expect(assigned.status).toBe(200);
}

const verdict = async (code: string, who?: string) =>
  keyOf(await api.validate([code], who ? { customer: { source_id: who } } : {}), code) ?? 'applies';

describe('customer.segment on a seeded static segment', () => {
  it('$is and $in: only a customer in the segment', async () => {
    await ruled('SG-IS', { $is: ['seg_gold'] });
    await ruled('SG-IN', { $in: ['seg_other', 'seg_gold'] });
    for (const code of ['SG-IS', 'SG-IN']) {
      expect(await verdict(code, 'in')).toBe('applies');
      expect(await verdict(code, 'out')).toBe('customer_rules_violated');
      expect(await verdict(code, 'new-one')).toBe('customer_rules_violated');
      expect(await verdict(code)).toBe('customer_rules_violated');
    }
  });

  it('$is_not and $not_in: anyone outside it, no customer included', async () => {
    await ruled('SG-NOT', { $is_not: ['seg_gold'] });
    await ruled('SG-NOTIN', { $not_in: ['seg_gold'] });
    for (const code of ['SG-NOT', 'SG-NOTIN']) {
      expect(await verdict(code, 'in')).toBe('customer_rules_violated');
      expect(await verdict(code, 'out')).toBe('applies');
      expect(await verdict(code)).toBe('applies');
    }
  });

  it('refuses at create what it cannot judge on segments, and a segment named by anything but its id', async () => {
    const create = (conditions: Record<string, unknown>) =>
      api.call('POST', '/v1/validation-rules', {
        name: 'x',
        rules: { 1: { name: 'customer.segment', conditions } },
      });
    const text = await create({ $starts_with: ['seg_'] });
    expect([text.status, text.body.key]).toEqual([400, 'not_imitated']);
    expect(text.body.details).toContain('$starts_with');
    expect((await create({ $is: [{ id: 'seg_gold' }] })).status).toBe(400);
    expect((await api.call('GET', '/v1/customers/in/segments')).body.data).toEqual([
      { id: 'seg_gold', name: 'Gold', object: 'segment' },
    ]);
  });
});
