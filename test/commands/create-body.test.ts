// How create bodies combine (create-body.ts): sources never changed by a merge, and a field named
// "__proto__" in JSON input stays a field, as it was with structuredClone.
import { describe, expect, it } from 'vitest';
import type { CreateVoucherBody } from '../../src/api/vouchers.js';
import { finalizeBody, mergeBody } from '../../src/commands/voucher/fields/create-body.js';

describe('mergeBody and finalizeBody', () => {
  it('leave their sources as they were, however deep', () => {
    const base = { metadata: { tags: ['a'], nested: { x: 1 } }, discount: { percent_off: 5 } };
    const patch = { metadata: { nested: { y: 2 } }, gift: { amount: 100 }, type: 'GIFT_VOUCHER' };
    const before = JSON.stringify([base, patch]);
    const merged = mergeBody(base as CreateVoucherBody, patch as CreateVoucherBody);
    const final = finalizeBody(merged);
    expect(final).toEqual({
      metadata: { tags: ['a'], nested: { y: 2 } },
      discount: { type: 'PERCENT', percent_off: 5 },
      gift: { amount: 100, balance: 100 },
      type: 'GIFT_VOUCHER',
    });
    (merged.metadata as { tags: string[] }).tags.push('changed');
    (final.gift as { amount: number }).amount = 1;
    expect(JSON.stringify([base, patch])).toBe(before);
    expect((final.metadata as { tags: string[] }).tags).toEqual(['a']);
  });

  it('keeps a "__proto__" key of JSON input as a field, never as a prototype', () => {
    const line = JSON.parse('{"code":"P1","metadata":{"__proto__":{"polluted":true},"a":1}}');
    const merged = mergeBody({ discount: { percent_off: 5 } } as CreateVoucherBody, line);
    const metadata = merged.metadata as Record<string, unknown>;
    expect(Object.getPrototypeOf(metadata)).toBe(Object.prototype);
    expect((metadata as { polluted?: unknown }).polluted).toBeUndefined();
    expect(JSON.stringify(finalizeBody(merged, true))).toBe(
      '{"discount":{"type":"PERCENT","percent_off":5},"code":"P1","metadata":{"__proto__":{"polluted":true},"a":1},"type":"DISCOUNT_VOUCHER"}',
    );
  });
});
