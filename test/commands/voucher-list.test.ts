// promo voucher list against the sandbox over HTTP: the request sent, the answer
// printed, the checks made before anything is sent.
import { describe, expect, it } from 'vitest';
import { sentRequests, useSandbox } from '../helpers/sandbox.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read deep into the service's JSON
type Json = Record<string, any>;

const fx = useSandbox({
  generatedVouchers: { count: 30, prefix: 'GL-', start: '2026-01-01T00:00:00Z', interval_seconds: 60 },
});

const promo = fx.run;

const sent = () => sentRequests(fx.sandbox);

describe('voucher list', () => {
  it('prints one page as a JSON array of the service’s vouchers, newest first', async () => {
    const { code, stdout, stderr } = await promo(['voucher', 'list', '--limit', '3', '-o', 'json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const vouchers = JSON.parse(stdout) as Json[];
    expect(vouchers.map((v) => v.code)).toEqual(['GL-000030', 'GL-000029', 'GL-000028']);
    expect(vouchers[0]).toEqual(fx.sandbox.state.vouchers['GL-000030']);
    expect(sent()).toEqual(['GET /v1/vouchers?limit=3']);
  });

  it('sends every filter as the service names it', async () => {
    const { code } = await promo([
      'voucher',
      'list',
      '--campaign',
      'Summer Sale',
      '--category',
      'food',
      '--customer',
      'cust_1',
      '--created-after',
      '2026-01-01',
      '--created-before',
      '2026-01-01T00:20:00Z',
      '--updated-after',
      '2025-12-01T00:00:00+01:00',
      '--order',
      'code',
      '--code',
      'GL-000003',
      '--filter',
      'code^=GL-',
      '--filter',
      'active=true',
      '--junction',
      'and',
      '--limit',
      '5',
      '--page',
      '2',
      '-o',
      'json',
    ]);
    expect(code).toBe(0);
    expect(sent()).toEqual([
      'GET /v1/vouchers?limit=5&page=2&category=food&campaign=Summer+Sale&customer=cust_1' +
        '&created_at[after]=2026-01-01T00:00:00.000Z&created_at[before]=2026-01-01T00:20:00.000Z' +
        '&updated_at[after]=2025-11-30T23:00:00.000Z&order=code&code=GL-000003' +
        '&filters[code][conditions][$starts_with]=GL-&filters[active][conditions][$is]=true&filters[junction]=and',
      // The page was empty: is there such a campaign at all? (There is: an empty list, exit 0.)
      'GET /v1/campaigns/Summer%20Sale',
    ]);
  });

  it('prints the list object of one page with --raw, and a table with a hint for the next page', async () => {
    const raw = await promo(['voucher', 'list', '--limit', '2', '--raw', '-o', 'json']);
    const list = JSON.parse(raw.stdout);
    expect(list).toMatchObject({ object: 'list', data_ref: 'vouchers', total: 30 });
    expect(list.vouchers).toHaveLength(2);
    const table = await promo(['voucher', 'list', '--limit', '2', '--page', '3', '-o', 'table']);
    expect(table.stdout.split('\n')[0]).toMatch(/^Code +Type +Value +Status +Expires +Campaign +Created$/);
    expect(table.stdout).toContain('GL-000026');
    expect(table.stderr).toBe('6 of 30 vouchers shown. Next page: --page 4; every voucher: --all.\n');
  });

  it('streams every voucher with --all -o ndjson, oldest first', async () => {
    const { code, stdout } = await promo(['voucher', 'list', '--all', '--limit', '7', '-o', 'ndjson']);
    expect(code).toBe(0);
    const codes = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).code);
    expect(codes).toEqual(Array.from({ length: 30 }, (_, i) => `GL-${String(i + 1).padStart(6, '0')}`));
    expect(sent()).toEqual([1, 2, 3, 4, 5].map((p) => `GET /v1/vouchers?limit=7&page=${p}&order=created_at`));
  });

  const refusals: Array<[string[], string]> = [
    [['--limit', '0'], "--limit must be a whole number from 1 to 100, not '0'"],
    [['--limit', '101'], "--limit must be a whole number from 1 to 100, not '101'"],
    [['--page', '100'], "--page must be a whole number from 1 to 99, not '100'"],
    [['--page', '0'], "--page must be a whole number from 1 to 99, not '0'"],
    [['--all', '--page', '2'], '--page picks one page and --all reads them all: give one of them'],
    [['--all', '--raw'], '--raw prints one page as the service sent it, so it cannot be combined with --all'],
    [
      ['--all', '--order', 'code'],
      "--all reads in created_at order (past the service's 99-page cap), so --order must be created_at or -created_at, not 'code'",
    ],
    [
      ['--order', 'name'],
      "--order must be one of created_at, -created_at, updated_at, -updated_at, code, -code, not 'name'",
    ],
    [
      ['--campaign', 'A', '--campaign-id', 'camp_1'],
      '--campaign and --campaign-id both select the campaign: give one of them',
    ],
    [
      ['--created-after', 'yesterday'],
      "--created-after must be an ISO 8601 date or date-time (2026-06-01 or 2026-06-01T12:00:00Z), not 'yesterday'",
    ],
    [
      ['--created-after', '2026-02-01', '--created-before', '2026-01-01'],
      '--created-after/--created-before: the after date must come before the before date',
    ],
    [['--filter', 'code=='], "--filter 'code==': equality is a single '=', as in code=VALUE"],
  ];
  for (const [args, message] of refusals) {
    it(`refuses ${args.join(' ')} with exit 2, sending nothing`, async () => {
      const { code, stderr, stdout } = await promo(['voucher', 'list', ...args, '-o', 'json']);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(JSON.parse(stderr).error.message).toBe(message);
      expect(fx.sandbox.requests).toEqual([]);
    });
  }
});
