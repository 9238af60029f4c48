// --metadata key=text is a string as typed; key:=json a JSON value; numbers are sent exactly as
// written or refused (exit 2, nothing sent); `__proto__` is data. The same holds for --body JSON,
// NDJSON input lines and CSV metadata columns.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const promo = (argv: string[], stdin?: string) =>
  runPromo([...argv, '-o', 'json'], { configDir: fx.configDir, stdin });
const event = (...more: string[]) => [
  'event',
  'send',
  'referral_conversion',
  '--customer-source-id',
  'c-1',
  ...more,
];
const sent = () => fx.sandbox.requests.filter((r) => r.rawPath === '/v1/events').map((r) => r.body);

describe('--metadata typing', () => {
  it('key=text is always a string, exactly as typed; key:=json is JSON', async () => {
    const run = await promo(
      event(
        ...['-m', 'order=12345678901234567890', '-m', 'sku=1e3', '-m', 'zip=007', '-m', 'note=true'],
        ...['-m', 'total:=42.5', '-m', 'gift:=true', '-m', 'tags:=["a","b"]', '-m', 'label:="42"'],
      ),
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(sent()[0]!).metadata).toEqual({
      order: '12345678901234567890',
      sku: '1e3',
      zip: '007',
      note: 'true',
      total: 42.5,
      gift: true,
      tags: ['a', 'b'],
      label: '42',
    });
  });

  it('key:= with a number JavaScript cannot hold exactly: exit 2, nothing sent', async () => {
    const run = await promo(event('-m', 'order:=12345678901234567890'));
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr).error.message).toContain(
      'the number 12345678901234567890 cannot be sent exactly',
    );
    expect(sent()).toEqual([]);
  });

  it('key:= with text that is not JSON: exit 2, saying how to send text', async () => {
    const run = await promo(event('-m', 'name:=Ann'));
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr).error.hint).toBe("For text write name=Ann (one '=': always a string).");
  });

  it('__proto__ is sent as data, not dropped', async () => {
    const run = await promo(event('-m', '__proto__=x'));
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(sent()[0]).toContain('"metadata":{"__proto__":"x"}');
  });
});

describe('numbers in JSON input', () => {
  it('--body with a big integer: exit 2 naming the number, nothing sent; 1e3 is fine', async () => {
    const file = join(fx.configDir, 'body.json');
    writeFileSync(file, '{"metadata": {"n": 12345678901234567890}}');
    const run = await promo(event('--body', file));
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr).error.message).toContain('holds the number 12345678901234567890');
    expect(sent()).toEqual([]);
    writeFileSync(file, '{"metadata": {"n": 1e3, "s": "12345678901234567890"}}');
    expect((await promo(event('--body', file))).code).toBe(0);
    expect(JSON.parse(sent()[0]!).metadata).toEqual({ n: 1000, s: '12345678901234567890' });
  });

  // Seventeen significant digits with the point among them: JSON.parse keeps sixteen at most
  // (12345678.123456789 arrives as 12345678.12345679), and no run of sixteen digits gives it away.
  it('a number whose digits run past sixteen across its point is refused, in --body, -m and --input', async () => {
    const file = join(fx.configDir, 'split.json');
    writeFileSync(file, '{"metadata": {"price": 12345678.123456789}}');
    const body = await promo(event('--body', file));
    expect(body.code).toBe(2);
    expect(JSON.parse(body.stderr).error.message).toBe(
      `--body: '${file}' holds the number 12345678.123456789, which promo cannot send exactly (JavaScript numbers keep about 15 digits)`,
    );
    const flag = await promo(event('-m', 'price:=9007199254.7409931'));
    expect(flag.code).toBe(2);
    expect(JSON.parse(flag.stderr).error.message).toContain(
      'the number 9007199254.7409931 cannot be sent exactly',
    );
    const input = join(fx.configDir, 'split.ndjson');
    writeFileSync(
      input,
      '{"type":"DISCOUNT_VOUCHER","discount":{"type":"AMOUNT","amount_off":1000}}\n' +
        '{"type":"DISCOUNT_VOUCHER","discount":{"type":"AMOUNT","amount_off":1000},"metadata":{"rate":0.12345678901234567}}\n',
    );
    const many = await promo(['voucher', 'create', '--input', input]);
    expect(many.code).toBe(2);
    expect(JSON.parse(many.stderr).error.message).toBe(
      '--input: line 2 holds the number 0.12345678901234567, which promo cannot send exactly (JavaScript numbers keep about 15 digits); nothing was sent',
    );
    expect(sent()).toEqual([]);
    expect(fx.sandbox.requests.filter((r) => r.method === 'POST')).toEqual([]);
    // Sixteen significant digits or fewer, leading zeros aside, go as written.
    writeFileSync(file, '{"metadata": {"a": 1234567.123456789, "b": 0.000000000000000012345}}');
    expect((await promo(event('--body', file))).code).toBe(0);
    expect(sent()[0]).toContain('"metadata":{"a":1234567.123456789,"b":1.2345e-17}');
  });

  it('an NDJSON input line with an inexact number fails as a bad line does (exit 7), nothing sent', async () => {
    const lines =
      '{"event":"referral_conversion","customer":{"source_id":"c"},"metadata":{"n":0.10000000000000000001}}\n';
    const run = await promo(['event', 'send', '--input', '-'], lines);
    expect(run.code).toBe(7);
    expect(run.stderr + run.stdout).toContain('holds the number 0.10000000000000000001');
    expect(sent()).toEqual([]);
  });

  it('CSV metadata columns: JSON-looking literals typed, the rest strings as written', async () => {
    const csv =
      'event,customer.source_id,metadata.total,metadata.sku,metadata.big,metadata.zip\n' +
      'referral_conversion,c,42.5,1e3,12345678901234567890,007\n';
    const run = await promo(['event', 'send', '--input', '-'], csv);
    expect(run.code).toBe(0);
    expect(JSON.parse(sent()[0]!).metadata).toEqual({
      total: 42.5,
      sku: '1e3',
      big: '12345678901234567890',
      zip: '007',
    });
  });
});
