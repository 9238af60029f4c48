// promo voucher update, enable and disable against the sandbox over HTTP: the request sent, the
// state after, and the fields refused before anything is sent.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read deep into the service's JSON
type Json = Record<string, any>;

const fx = useSandbox();

const promo = (argv: string[], stdin?: string) => runPromo(argv, { configDir: fx.configDir, stdin });

let serial = 0;
async function voucher(stem: string, extra: string[] = []): Promise<string> {
  const code = `${stem}-${Date.now().toString(36)}-${++serial}`;
  const made = await promo(['voucher', 'create', '--percent-off', '10', '--code', code, ...extra]);
  expect(made.code).toBe(0);
  fx.sandbox.requests.length = 0;
  return code;
}

const bodies = () =>
  fx.sandbox.requests.map((r) => ({
    call: `${r.method} ${r.rawPath}`,
    body: r.body ? JSON.parse(r.body) : undefined,
  }));

describe('voucher update', () => {
  it('sends the fields the flags set, money in hundredths, and prints the updated voucher', async () => {
    const code = await voucher('UPD');
    const {
      code: exit,
      stdout,
      stderr,
    } = await promo([
      'voucher',
      'update',
      code,
      '--expiration-date',
      '2027-01-31',
      '--category',
      'autumn',
      '--amount-off',
      '7.25',
      '--effect',
      'apply-to-items',
      '--metadata',
      'channel=email',
      '--inactive',
      '-o',
      'json',
    ]);
    expect(stderr).toBe('');
    expect(exit).toBe(0);
    expect(bodies()).toEqual([
      {
        call: `PUT /v1/vouchers/${code}`,
        body: {
          category: 'autumn',
          discount: { type: 'AMOUNT', amount_off: 725, effect: 'APPLY_TO_ITEMS' },
          expiration_date: '2027-01-31T23:59:59Z',
          active: false,
          metadata: { channel: 'email' },
        },
      },
    ]);
    const held = fx.sandbox.state.vouchers[code] as Json;
    expect(JSON.parse(stdout)).toEqual(held);
    expect(held).toMatchObject({ category: 'autumn', active: false, discount: { amount_off: 725 } });
  });

  it('takes --body with the flags over it, and prints the request alone with --dry-run', async () => {
    const code = await voucher('UPDB');
    const file = join(fx.configDir, 'changes.json');
    writeFileSync(file, JSON.stringify({ additional_info: 'from the file', category: 'file' }));
    const dry = await promo([
      'voucher',
      'update',
      code,
      '--body',
      file,
      '--category',
      'flag',
      '--dry-run',
      '-o',
      'json',
    ]);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      dry_run: true,
      request: {
        method: 'PUT',
        url: `${fx.sandbox.url}/v1/vouchers/${code}`,
        body: { additional_info: 'from the file', category: 'flag' },
      },
    });
    expect(fx.sandbox.requests).toEqual([]);
    expect(fx.sandbox.state.vouchers[code]!.additional_info).toBeNull();
  });

  const refused: Array<[string[], string]> = [
    [
      ['--gift-amount', '25'],
      "--gift-amount cannot be changed by voucher update: gift amounts and loyalty points change through the service's balance operation, not update",
    ],
    [
      ['--points', '100'],
      "--points cannot be changed by voucher update: gift amounts and loyalty points change through the service's balance operation, not update",
    ],
    [
      ['--campaign', 'Summer'],
      '--campaign cannot be changed by voucher update: a voucher stays in its campaign: create it in the other one (promo voucher create --campaign)',
    ],
    [
      ['--pattern', 'NEW-####'],
      '--pattern cannot be changed by voucher update: a voucher keeps its code: create one with the new code (promo voucher create) and delete the old one',
    ],
    [
      ['--redemption-quantity', '5'],
      '--redemption-quantity cannot be changed by voucher update: the service keeps the redemption quantity on update: it is set by promo voucher create',
    ],
    [
      ['--percent-off', '150'],
      "--percent-off must be a percentage from 0 to 100 (e.g. 15 or 12.5), not '150'",
    ],
  ];
  for (const [args, message] of refused) {
    it(`refuses ${args.join(' ') || 'no field'} with exit 2, sending nothing`, async () => {
      const { code, stderr } = await promo(['voucher', 'update', 'ANY', ...args, '-o', 'json']);
      expect(code).toBe(2);
      expect(JSON.parse(stderr).error.message).toContain(message);
      expect(fx.sandbox.requests).toEqual([]);
    });
  }

  it('refuses a run with no field, and --code (a voucher keeps its code)', async () => {
    const none = await promo(['voucher', 'update', 'ANY', '-o', 'json']);
    expect(none.code).toBe(2);
    expect(JSON.parse(none.stderr).error.message).toBe(
      'nothing to update: give the fields to change as options, or --body FILE|-',
    );
    const code = await promo(['voucher', 'update', 'ANY', '--code', 'NEW', '-o', 'json']);
    expect(code.code).toBe(2);
    expect(JSON.parse(code.stderr).error.message).toMatch(/^unknown option '--code'/);
    expect(fx.sandbox.requests).toEqual([]);
  });

  it('exits 3 for a voucher that does not exist', async () => {
    const { code } = await promo(['voucher', 'update', 'NO-SUCH', '--category', 'x', '-o', 'json']);
    expect(code).toBe(3);
  });

  it('updates one voucher per --input line, the options applying to every line', async () => {
    const a = await voucher('UPDI');
    const b = await voucher('UPDI');
    const file = join(fx.configDir, 'updates.csv');
    writeFileSync(file, `code,additional-info,metadata.wave\n${a},first,1\n${b},second,2\n`);
    const { code, stdout } = await promo([
      'voucher',
      'update',
      '--input',
      file,
      '--category',
      'wave',
      '-o',
      'json',
    ]);
    expect(code).toBe(0);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).status),
    ).toEqual(['updated', 'updated']);
    expect(bodies().sort((x, y) => x.call.localeCompare(y.call))).toEqual([
      {
        call: `PUT /v1/vouchers/${a}`,
        body: { category: 'wave', additional_info: 'first', metadata: { wave: 1 } },
      },
      {
        call: `PUT /v1/vouchers/${b}`,
        body: { category: 'wave', additional_info: 'second', metadata: { wave: 2 } },
      },
    ]);
  });
});

describe('voucher enable and disable', () => {
  it('switches one voucher off and on: a result line the same shape as for several codes', async () => {
    const code = await voucher('ACT');
    const two = await voucher('ACT');
    const off = await promo(['voucher', 'disable', code, '-o', 'json']);
    expect(off.code).toBe(0);
    expect(JSON.parse(off.stdout)).toMatchObject({ item: 1, ok: true, result: { code, active: false } });
    expect(fx.sandbox.state.vouchers[code]!.active).toBe(false);
    const on = await promo(['voucher', 'enable', code, '-o', 'json']);
    expect(JSON.parse(on.stdout)).toMatchObject({ item: 1, ok: true, result: { code, active: true } });
    const both = await promo(['voucher', 'disable', code, two, '-o', 'json']);
    const lines = both.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => Object.keys(l).sort())).toEqual([
      Object.keys(JSON.parse(on.stdout)).sort(),
      Object.keys(JSON.parse(on.stdout)).sort(),
    ]);
    expect(
      bodies()
        .map((r) => r.call)
        .sort(),
    ).toEqual(
      [
        `POST /v1/vouchers/${code}/disable`,
        `POST /v1/vouchers/${code}/enable`,
        `POST /v1/vouchers/${code}/disable`,
        `POST /v1/vouchers/${two}/disable`,
      ].sort(),
    );
  });

  it('switches several from --input, one journal line each; a missing one makes exit 7', async () => {
    const a = await voucher('ACTS');
    const b = await voucher('ACTS');
    const { code, stdout } = await promo(
      ['voucher', 'disable', '--input', '-', '-o', 'json'],
      `${b}\n${a}\nNO-SUCH-CODE\n`,
    );
    expect(code).toBe(7);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .sort((x, y) => x.line - y.line);
    expect(lines.map((l) => [l.line, l.status, l.code, l.error?.key])).toEqual([
      [1, 'updated', b, undefined],
      [2, 'updated', a, undefined],
      [3, 'failed', 'NO-SUCH-CODE', 'not_found'],
    ]);
    expect(fx.sandbox.state.vouchers[a]!.active).toBe(false);
    expect(fx.sandbox.state.vouchers[b]!.active).toBe(false);
  });

  it('refuses a run with no code, and a code that cannot travel in a path', async () => {
    const none = await promo(['voucher', 'enable', '-o', 'json']);
    expect(none.code).toBe(2);
    expect(JSON.parse(none.stderr).error.message).toBe(
      'give the codes to enable, or --input FILE|- with one code a line',
    );
    const dots = await promo(['voucher', 'enable', '..', '-o', 'json']);
    expect(dots.code).toBe(2);
    expect(fx.sandbox.requests).toEqual([]);
  });
});

describe('voucher update with --body', () => {
  it('refuses a field of the body that update would skip, naming the field', async () => {
    const file = join(fx.configDir, 'gift.json');
    writeFileSync(file, JSON.stringify({ gift: { amount: 5000 } }));
    const { code, stderr } = await promo(['voucher', 'update', 'ANY', '--body', file, '-o', 'json']);
    expect(code).toBe(2);
    expect(JSON.parse(stderr).error.message).toMatch(
      /^gift\.amount cannot be changed by voucher update: gift amounts and loyalty points change through the service's balance operation/,
    );
    expect(fx.sandbox.requests).toEqual([]);
  });
});
