// --filter on a field the service does not know matches nothing, and the empty answer would read as
// an honest one: promo refuses it first (exit 2, nothing sent), naming the field and what it may
// have meant. Metadata keys are the account's own and always allowed. In-process against the sandbox.
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

describe('--filter on a field the list does not have', () => {
  it.each([
    [['voucher', 'list'], 'nosuchfield=1', "vouchers have no field 'nosuchfield' to filter on"],
    [['voucher', 'list'], 'codee^=A', "did you mean 'code'?"],
    [['voucher', 'list'], 'discount.percnt_off=10', "did you mean 'discount.percent_off'?"],
    [['campaign', 'vouchers', 'Summer Sale'], 'expiration_dat?', "did you mean 'expiration_date'?"],
    [
      ['campaign', 'list'],
      'nmae^=Summer',
      "campaigns have no field 'nmae' to filter on; did you mean 'name'?",
    ],
    [['templates', 'list'], 'campaign_typ=GIFT_VOUCHERS', "did you mean 'campaign_type'?"],
    [['templates', 'list'], 'metadata.x=1', "templates have no field 'metadata.x'"],
  ])('%j --filter %s is exit 2 naming the field, nothing sent', async (argv, filter, message) => {
    const run = await fx.run([...argv, '--filter', filter]);
    expect(run.code).toBe(2);
    const error = JSON.parse(run.stderr).error;
    expect(error.message).toContain(`--filter '${filter}'`);
    expect(error.message).toContain(message);
    expect(error.hint).toMatch(/^Fields: /);
    expect(fx.sandbox.requests).toEqual([]);
  });
});

describe('--filter on a field the list has', () => {
  it.each([
    [['voucher', 'list'], 'metadata.anything_at_all=1'],
    [['voucher', 'list'], 'discount.percent_off=10'],
    [['voucher', 'list'], 'active=true'],
    [['campaign', 'list'], 'metadata.region=eu'],
    [['campaign', 'list'], 'campaign_type=DISCOUNT_COUPONS'],
    [['templates', 'list'], 'description?'],
  ])('%j --filter %s is sent', async (argv, filter) => {
    const run = await fx.run([...argv, '--filter', filter]);
    expect(run.code, run.stderr).toBe(0);
  });
});
