// The lists of codes left out of a validation or a redemption are there only when they hold one,
// as in the vendor's examples (a valid validation has neither) and its SDK's tests (no
// inapplicable_redeemables when every code applies). Over real HTTP.
import { describe, expect, it } from 'vitest';
import { useServedSandbox } from './helpers/sandbox-http.js';
import { desk } from './redemption-helpers.js';

const served = useServedSandbox();
const api = desk(() => served.url);

describe('inapplicable_redeemables and skipped_redeemables', () => {
  it('are absent from a validation and a redemption where every code applies', async () => {
    await api.voucher('ALL-OK-1', { discount: { type: 'PERCENT', percent_off: 10 } });
    await api.voucher('ALL-OK-2', { discount: { type: 'AMOUNT', amount_off: 100 } });
    const valid = await api.validate(['ALL-OK-1', 'ALL-OK-2'], { order: { amount: 5000 } });
    expect(valid.body.valid).toBe(true);
    expect(valid.body).not.toHaveProperty('inapplicable_redeemables');
    expect(valid.body).not.toHaveProperty('skipped_redeemables');
    const redeemed = await api.redeem(['ALL-OK-1'], { order: { amount: 5000 } });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).not.toHaveProperty('inapplicable_redeemables');
    expect(redeemed.body).not.toHaveProperty('skipped_redeemables');
  });

  it('hold the codes that did not apply when one did not, and leave out an empty skipped list', async () => {
    await api.voucher('ONE-BAD', { discount: { type: 'PERCENT', percent_off: 10 }, active: false });
    const invalid = await api.validate(['ONE-BAD'], { order: { amount: 5000 } });
    expect(invalid.body.valid).toBe(false);
    expect(invalid.body.inapplicable_redeemables.map((r: { id: string }) => r.id)).toEqual(['ONE-BAD']);
    expect(invalid.body).not.toHaveProperty('skipped_redeemables');
    const refused = await api.redeem(['ONE-BAD'], { order: { amount: 5000 } });
    expect(refused.status).toBe(400);
    expect(refused.body.inapplicable_redeemables.map((r: { id: string }) => r.id)).toEqual(['ONE-BAD']);
  });
});
