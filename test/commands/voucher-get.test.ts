// promo voucher get against the sandbox over HTTP: the request sent, the answer
// printed, the checks made before anything is sent.
import { describe, expect, it } from 'vitest';
import { sentRequests, useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox({
  generatedVouchers: { count: 30, prefix: 'GL-', start: '2026-01-01T00:00:00Z', interval_seconds: 60 },
});

const promo = fx.run;

const sent = () => sentRequests(fx.sandbox);

describe('voucher get', () => {
  it('prints the service’s voucher, found by code or by id', async () => {
    const held = fx.sandbox.state.vouchers['GL-000007']!;
    const byCode = await promo(['voucher', 'get', 'GL-000007', '-o', 'json']);
    expect(byCode.stderr).toBe('');
    expect(byCode.code).toBe(0);
    expect(JSON.parse(byCode.stdout)).toEqual(held);
    const byId = await promo(['voucher', 'get', String(held.id), '-o', 'json']);
    expect(JSON.parse(byId.stdout)).toEqual(held);
    expect(sent()).toEqual(['GET /v1/vouchers/GL-000007', `GET /v1/vouchers/${held.id}`]);
  });

  it('shows a card on a terminal: value, status, dates, redemptions, metadata', async () => {
    const { code, stdout } = await promo(['voucher', 'get', 'GL-000010', '-o', 'table']);
    expect(code).toBe(0);
    const card = Object.fromEntries(
      stdout
        .trimEnd()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf('  ')), line.slice(line.indexOf('  ')).trim()]),
    );
    expect(card).toMatchObject({
      Code: 'GL-000010',
      Type: 'discount (percent)',
      Value: '15% off',
      Status: 'inactive',
      Redemptions: '0 of 1 used',
      Created: '2026-01-01 00:09 UTC',
      Metadata: 'generated=true, serial=10',
    });
  });

  it('exits 3 for a voucher that does not exist, and keeps the code one path segment', async () => {
    const { code, stderr } = await promo(['voucher', 'get', 'NO/SUCH?CODE', '-o', 'json']);
    expect(code).toBe(3);
    expect(JSON.parse(stderr).error).toMatchObject({ status: 404, key: 'not_found' });
    // The code, and the look-ups of what is likely (other capitals, the bin), each one path segment.
    expect(fx.sandbox.requests.map((r) => r.rawPath)).toEqual([
      '/v1/vouchers/NO%2FSUCH%3FCODE',
      '/v1/vouchers/no%2Fsuch%3Fcode',
      '/v1/trash-bin',
    ]);
  });
});
