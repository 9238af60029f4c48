// promo export against the sandbox, in-process: each exported object with its fields, the flags
// checked before anything is sent, the request's parameters, and list, get, delete.

import { EXPORTED_OBJECTS } from 'promo-sandbox/facts/exports';
import { describe, expect, it } from 'vitest';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox } from '../helpers/sandbox-http.js';

const fx = useSandbox();

/**
 * The header of each export with every field, written out: the vendor's titles (its example reads
 * `ID,Code,Voucher Type,Value`), not what the sandbox's own function makes of the field names.
 */
const HEADERS: Record<string, string> = {
  vouchers:
    'Code,Voucher Type,Value,Formula,Discount Type,Campaign,Category,Start Date,Expiration Date,Gift Balance,Loyalty Balance,Redemption Quantity,Redemption Count,Active,Qr Code,Bar Code,Metadata,ID,Is Referral Code,Created At,Updated At,Validity Timeframe Interval,Validity Timeframe Duration,Validity Day Of Week,Discount Amount Limit,Campaign ID,Additional Info,Customer ID,Discount Effect,Discount Unit Type,Discount Unit Effect,Validation Rules ID,Customer Source ID',
  redemptions:
    'ID,Object,Date,Voucher Code,Campaign,Promotion Tier ID,Customer ID,Customer Source ID,Customer Name,Tracking ID,Order ID,Order Amount,Gift Amount,Loyalty Points,Result,Failure Code,Failure Message,Metadata',
  customers:
    'Name,ID,Description,Email,Source ID,Created At,Address City,Address State,Address Line 1,Address Line 2,Address Country,Address Postal Code,Redemptions Total Redeemed,Redemptions Total Failed,Redemptions Total Succeeded,Redemptions Total Rolled Back,Redemptions Total Rollback Failed,Redemptions Total Rollback Succeeded,Orders Total Amount,Orders Total Count,Orders Average Amount,Orders Last Order Amount,Orders Last Order Date,Loyalty Points,Loyalty Referred Customers,Updated At,Phone,Birthday,Metadata,Birthdate',
  publications: 'Voucher Code,Customer ID,Customer Source ID,Date,Channel,Campaign,Is Winner,Metadata',
  orders:
    'ID,Source ID,Created At,Updated At,Status,Amount,Discount Amount,Items Discount Amount,Total Discount Amount,Total Amount,Customer ID,Referrer ID,Metadata',
  'points-expirations': 'ID,Campaign ID,Voucher ID,Points,Status,Expires At',
  'voucher-transactions':
    'ID,Campaign ID,Voucher ID,Type,Source ID,Reason,Source,Balance,Amount,Related Transaction ID,Created At,Details',
};
const sentExports = () =>
  fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath === '/v1/exports');

describe('promo export <object>', () => {
  it('exports each object with --wait: the CSV on stdout, a header of every field by default', async () => {
    expect(Object.keys(HEADERS).sort()).toEqual(Object.keys(EXPORTED_OBJECTS).sort());
    for (const noun of Object.keys(EXPORTED_OBJECTS)) {
      const done = await fx.run(['export', noun, '--wait']);
      expect(done.code, `${noun}: ${done.stderr}`).toBe(0);
      expect(done.stdout.split('\n')[0]).toBe(HEADERS[noun]);
    }
    const vendorExample = await fx.run([
      'export',
      'vouchers',
      '--fields',
      'id,code,voucher_type,value',
      '--wait',
    ]);
    expect(vendorExample.stdout.split('\n')[0]).toBe('ID,Code,Voucher Type,Value');
  });

  it('puts the --fields in the order asked, one row per voucher', async () => {
    for (const code of ['CMD-1', 'CMD-2'])
      expect(
        (await fx.run(['voucher', 'create', '--code', code, '--type', 'discount', '--percent-off', '15']))
          .code,
      ).toBe(0);
    const done = await fx.run([
      'export',
      'vouchers',
      '--fields',
      'value,code',
      '--order',
      'code',
      '--filter',
      'code^=CMD-',
      '--wait',
    ]);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toBe('Value,Code\n15,CMD-1\n15,CMD-2\n');
  });

  it('refuses a field the vendor does not list for the object, with what it may have meant; nothing sent', async () => {
    const wrong = await fx.run(['export', 'redemptions', '--fields', 'voucher_cod,result']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("'voucher_cod'");
    expect(wrong.stderr).toContain("did you mean 'voucher_code'");
    const badOrder = await fx.run(['export', 'orders', '--order', 'code']);
    expect(badOrder.code).toBe(2);
    const outWithoutWait = await fx.run(['export', 'vouchers', '--out', 'x.csv']);
    expect(outWithoutWait.code).toBe(2);
    const badDate = await fx.run(['export', 'customers', '--created-after', 'yesterday']);
    expect(badDate.code).toBe(2);
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('without --wait prints the export (id, status) and sends the filters and dates as the service takes them', async () => {
    const made = await fx.run([
      'export',
      'redemptions',
      '--fields',
      'id,voucher_code,result',
      '--filter',
      'result=SUCCESS',
      '--created-after',
      '2026-06-01',
      '--created-before',
      '2026-06-02',
      '-o',
      'json',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const exp = JSON.parse(made.stdout);
    expect(exp).toMatchObject({ status: 'SCHEDULED', exported_object: 'redemption' });
    expect(exp.id).toMatch(/^exp_/);
    expect(JSON.parse(sentExports()[0]!.body)).toEqual({
      exported_object: 'redemption',
      parameters: {
        fields: ['id', 'voucher_code', 'result'],
        filters: {
          junction: 'and',
          result: { conditions: { $is: ['SUCCESS'] } },
          created_at: {
            conditions: { $after: ['2026-06-01T00:00:00.000Z'], $before: ['2026-06-02T00:00:00.000Z'] },
          },
        },
      },
    });
  });

  it('lists, gets, downloads and deletes exports (delete needs --yes without a terminal)', async () => {
    const id = JSON.parse((await fx.run(['export', 'publications', '-o', 'json'])).stdout).id;
    const listed = await fx.run(['export', 'list', '-o', 'json']);
    expect(JSON.parse(listed.stdout).map((e: { id: string }) => e.id)).toContain(id);
    const got = await fx.run(['export', 'get', id, '-o', 'json']);
    expect(JSON.parse(got.stdout).id).toBe(id);
    const downloaded = await fx.run(['export', 'download', id, '--wait']);
    expect(downloaded.stdout).toBe(`${HEADERS.publications}\n`);
    const unconfirmed = await fx.run(['export', 'delete', id]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('--yes');
    expect((await fx.run(['export', 'delete', id, '--yes'])).code).toBe(0);
    expect((await fx.run(['export', 'get', id])).code).toBe(3);
    expect((await fx.run(['export', 'get', 'nope'])).code).toBe(2);
  });

  it('asks before deleting on a terminal', async () => {
    const id = JSON.parse((await fx.run(['export', 'orders', '-o', 'json'])).stdout).id;
    const kept = await fx.run(['export', 'delete', id], { tty: true, answers: [false] });
    expect(kept.code).toBe(8);
    expect(kept.asked[0]).toContain(id);
    expect((await fx.run(['export', 'get', id])).code).toBe(0);
  });

  it('escapes control characters of the CSV on a terminal, and leaves them when piped', async () => {
    const made = await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', {
      body: {
        code: 'ESC-1',
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'PERCENT', percent_off: 5 },
        additional_info: '\u001b[31mred',
      },
      headers: { 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN, 'Content-Type': 'application/json' },
    });
    expect(made.status).toBe(200);
    const args = [
      'export',
      'vouchers',
      '--fields',
      'code,additional_info',
      '--filter',
      'code=ESC-1',
      '--wait',
    ];
    const shown = await fx.run(args, { tty: true });
    expect(shown.stdout).toContain('\\x1b[31mred');
    expect(shown.stdout).not.toContain('\u001b');
    const piped = await fx.run(args);
    expect(piped.stdout).toContain('\u001b[31mred');
  });

  it('ends with exit 1 when the export ends in ERROR, and writes no file', async () => {
    const control = (fail: boolean) =>
      callSandbox(fx.sandbox.url, 'POST', '/_sandbox/imports', {
        body: { fail },
        headers: { 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN, 'Content-Type': 'application/json' },
      });
    await control(true);
    try {
      const failed = await fx.run(['export', 'customers', '--wait']);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/export exp_\w+ ended in ERROR/);
      expect(failed.stdout).toBe('');
    } finally {
      await control(false);
    }
  });
});
