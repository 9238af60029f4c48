// Redemptions in the sandbox: a success uses the code (a gift card its balance), a refusal is kept
// as a FAILURE, a rollback gives back the use and the credits once (a repeat says already_rolled_back),
// stacked redemptions roll back together, the list finds a redemption by its metadata, lost answers
// strike after acting, and a state file keeps it all. Over real HTTP, answers checked by schema.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { startCheckedSandbox } from './helpers/checked.js';
import { callSandbox, type Json, useServedSandbox } from './helpers/sandbox-http.js';
import { conforms, desk } from './redemption-helpers.js';

const served = useServedSandbox();
const api = desk(() => served.url);

const uses = async (code: string) => (await api.call('GET', `/v1/vouchers/${code}`)).body.redemption;

describe('redeem and roll back', () => {
  it('uses a code once, refuses the next use as a kept FAILURE, and gives the use back on rollback', async () => {
    await api.voucher('ONE-USE', {
      discount: { type: 'PERCENT', percent_off: 10 },
      redemption: { quantity: 1 },
    });
    const first = await api.redeem(['ONE-USE'], {
      order: { amount: 20050 },
      metadata: { promo_request: 'req-1' },
    });
    conforms('redeem-stacked-discounts', first);
    const redemption = first.body.redemptions[0] as Json;
    expect(redemption).toMatchObject({
      result: 'SUCCESS',
      status: 'SUCCEEDED',
      metadata: { promo_request: 'req-1' },
    });
    expect(first.body.order).toMatchObject({ discount_amount: 2005, total_amount: 18045 });
    expect((await uses('ONE-USE')).redeemed_quantity).toBe(1);

    const second = await api.redeem(['ONE-USE']);
    expect([second.status, second.body.key]).toEqual([400, 'quantity_exceeded']);
    expect(second.body.inapplicable_redeemables[0].id).toBe('ONE-USE');
    const failures = await api.call(
      'GET',
      '/v1/redemptions?result=FAILURE&filters[voucher_code][conditions][$is]=ONE-USE',
    );
    conforms('list-redemptions', failures);
    expect(failures.body.redemptions.map((r: Json) => [r.result, r.status, r.failure_code])).toEqual([
      ['FAILURE', 'FAILED', 'quantity_exceeded'],
    ]);

    const rollback = await api.call('POST', `/v1/redemptions/${redemption.id}/rollback?reason=refund`);
    conforms('rollback-redemption', rollback);
    expect(rollback.body).toMatchObject({
      object: 'redemption_rollback',
      result: 'SUCCESS',
      reason: 'refund',
      redemption: redemption.id,
    });
    expect((await uses('ONE-USE')).redeemed_quantity).toBe(0);
    const read = await api.call('GET', `/v1/redemptions/${redemption.id}`);
    conforms('get-redemption', read);
    expect(read.body.status).toBe('ROLLED_BACK');

    const again = await api.call('POST', `/v1/redemptions/${redemption.id}/rollback`);
    expect([again.status, again.body.key]).toEqual([400, 'already_rolled_back']);
    expect((await uses('ONE-USE')).redeemed_quantity).toBe(0);
    conforms('redeem-stacked-discounts', await api.redeem(['ONE-USE']));

    const history = await api.call('GET', '/v1/vouchers/ONE-USE/redemption');
    conforms('get-voucher-redemptions', history);
    expect(history.body).toMatchObject({ quantity: 1, redeemed_quantity: 1, total: 4 });
  });

  it('a gift card pays min(balance, order), its balance goes down, a rollback puts it back, and its transactions say so', async () => {
    await api.voucher('GIFT-50', { type: 'GIFT_VOUCHER', gift: { amount: 5000 } });
    const paid = await api.redeem(['GIFT-50'], { order: { amount: 2000 } });
    conforms('redeem-stacked-discounts', paid);
    expect(paid.body.redemptions[0]).toMatchObject({ amount: 2000, gift: { amount: 2000 } });
    expect(paid.body.order).toMatchObject({ total_amount: 0 });
    const card = (await api.call('GET', '/v1/vouchers/GIFT-50')).body;
    expect([card.gift.balance, card.redemption.redeemed_amount]).toEqual([3000, 2000]);

    const rest = await api.redeem(['GIFT-50'], { order: { amount: 9000 } });
    expect(rest.body.redemptions[0].amount).toBe(3000);
    const empty = await api.redeem(['GIFT-50'], { order: { amount: 100 } });
    expect([empty.status, empty.body.key]).toEqual([400, 'gift_amount_exceeded']);

    const back = await api.call('POST', `/v1/redemptions/${paid.body.redemptions[0].id}/rollback`);
    conforms('rollback-redemption', back);
    expect(back.body).toMatchObject({ amount: -2000, gift: { amount: -2000 } });
    expect((await api.call('GET', '/v1/vouchers/GIFT-50')).body.gift.balance).toBe(2000);

    // The card's trail, newest first: what each redemption spent and what the rollback gave back.
    const trail = (await api.call('GET', '/v1/vouchers/GIFT-50/transactions')).body.data as Json[];
    expect(
      trail.map((t) => [t.type, t.details.balance.amount, t.details.balance.balance, t.source_id]),
    ).toEqual([
      ['CREDITS_REFUND', 2000, 2000, null],
      ['CREDITS_REDEMPTION', -3000, 0, null],
      ['CREDITS_REDEMPTION', -2000, 3000, null],
    ]);
    expect(trail[0]!.details.rollback).toEqual({ id: back.body.id });
    expect(trail[2]!.details.redemption).toEqual({ id: paid.body.redemptions[0].id });
  });

  it('stacked codes share a parent redemption, which rolls back as a whole (a child never alone)', async () => {
    await api.voucher('STACK-A', { discount: { type: 'AMOUNT', amount_off: 1000 } });
    await api.voucher('STACK-B', { discount: { type: 'PERCENT', percent_off: 50 } });
    const both = await api.redeem(['STACK-A', 'STACK-B'], { order: { amount: 5000 } });
    conforms('redeem-stacked-discounts', both);
    const parent = both.body.parent_redemption as Json;
    expect(both.body.redemptions.map((r: Json) => r.redemption)).toEqual([parent.id, parent.id]);
    expect(both.body.order).toMatchObject({ discount_amount: 3000, total_amount: 2000 });

    const child = await api.call('POST', `/v1/redemptions/${both.body.redemptions[0].id}/rollback`);
    expect([child.status, child.body.key]).toEqual([400, 'invalid_rollback']);
    const rolled = await api.call('POST', `/v1/redemptions/${parent.id}/rollbacks`);
    conforms('rollback-stacked-redemptions', rolled);
    expect(rolled.body.rollbacks).toHaveLength(2);
    expect((await uses('STACK-A')).redeemed_quantity).toBe(0);
    const repeat = await api.call('POST', `/v1/redemptions/${parent.id}/rollbacks`);
    expect(repeat.body.key).toBe('already_rolled_back');
  });
});

describe('the list', () => {
  it('finds a redemption by metadata, customer (created on first use) and time, newest first', async () => {
    await api.voucher('LIST-1', { discount: { type: 'AMOUNT', amount_off: 10 } });
    const customer = { source_id: 'shop-customer-7', email: 'seven@example.com' };
    const first = await api.redeem(['LIST-1'], { customer, metadata: { promo_request: 'mark-a' } });
    const second = await api.redeem(['LIST-1'], { customer, metadata: { promo_request: 'mark-b' } });
    const customerId = first.body.redemptions[0].customer_id;
    expect(customerId).toMatch(/^cust_/);
    expect(second.body.redemptions[0].customer_id).toBe(customerId);

    const byMark = await api.call(
      'GET',
      '/v1/redemptions?filters[metadata.promo_request][conditions][$is]=mark-b',
    );
    conforms('list-redemptions', byMark);
    expect(byMark.body.redemptions.map((r: Json) => r.id)).toEqual([second.body.redemptions[0].id]);
    const byCustomer = await api.call('GET', '/v1/redemptions?customer=shop-customer-7&limit=1');
    expect(byCustomer.body).toMatchObject({ total: 2, redemptions: [{ id: second.body.redemptions[0].id }] });
    const future = await api.call('GET', '/v1/redemptions?created_at[after]=2999-01-01');
    expect(future.body.total).toBe(0);
    const unknown = await api.call('GET', '/v1/redemptions?filters[nope][conditions][$is]=x');
    expect([unknown.status, unknown.body.key]).toEqual([400, 'invalid_query_params']);
  });
});

describe('faults and persistence', () => {
  it('a lost answer strikes after the redemption happened: the use is spent and the list shows it', async () => {
    await api.voucher('LOST-1', { discount: { type: 'AMOUNT', amount_off: 10 } });
    served.sandbox.faults.set({ lostAnswers: { rate: 1, as: [502], path: '/v1/redemptions' } });
    const lost = await api.redeem(['LOST-1'], { metadata: { promo_request: 'lost-1' } });
    expect(lost.status).toBe(502);
    served.sandbox.faults.set({});
    expect((await uses('LOST-1')).redeemed_quantity).toBe(1);
    const found = await api.call(
      'GET',
      '/v1/redemptions?filters[metadata.promo_request][conditions][$is]=lost-1',
    );
    expect(found.body.total).toBe(1);
    // A validation changes nothing, so no answer of one is ever lost to this knob.
    served.sandbox.faults.set({ lostAnswers: { rate: 1, as: [502] } });
    expect((await api.validate(['LOST-1'])).status).toBe(200);
  });

  it('a state file keeps redemptions, customers, used codes and the time zone across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'promo-redeem-state-'));
    const statePath = join(dir, 'state.db');
    try {
      const before = await startCheckedSandbox({ statePath, timeZone: 'Asia/Tokyo' });
      const call = (url: string, method: string, path: string, body?: unknown) =>
        callSandbox(url, method, path, { body });
      await call(before.url, 'POST', '/v1/vouchers', {
        code: 'KEPT-1',
        discount: { type: 'AMOUNT', amount_off: 10 },
      });
      const redeemed = await call(before.url, 'POST', '/v1/redemptions', {
        redeemables: [{ object: 'voucher', id: 'KEPT-1' }],
        customer: { source_id: 'kept-customer' },
      });
      await before.close();
      const after = await startCheckedSandbox({ statePath });
      try {
        const id = redeemed.body.redemptions[0].id;
        expect((await call(after.url, 'GET', `/v1/redemptions/${id}`)).body.result).toBe('SUCCESS');
        expect((await call(after.url, 'GET', '/v1/vouchers/KEPT-1')).body.redemption.redeemed_quantity).toBe(
          1,
        );
        expect(Object.keys(after.state.customers)).toHaveLength(1);
        expect(after.state.project.time_zone).toBe('Asia/Tokyo');
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
