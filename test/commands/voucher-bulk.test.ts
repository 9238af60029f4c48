// promo voucher create --input: NDJSON and CSV files, every line checked before the first is
// sent, one result per line, partial failure, resuming with --skip, Ctrl-C.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { runPromo, testContext } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read deep into the service's JSON
type Json = Record<string, any>;

const fx = useSandbox();

let serial = 0;
const unique = (stem: string) => `${stem}-${Date.now().toString(36)}-${++serial}`;

function file(name: string, text: string): string {
  const path = join(fx.configDir, name);
  writeFileSync(path, text);
  return path;
}

const promo = (argv: string[], options: { stdin?: string; tty?: boolean } = {}) =>
  runPromo(['voucher', 'create', ...argv], { configDir: fx.configDir, ...options });
const sentBodies = (): Json[] =>
  fx.sandbox.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body));
const results = (stdout: string): Json[] =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

describe('NDJSON input', () => {
  it('creates one voucher per line, bodies as the API has them, one result line each', async () => {
    const gift = unique('NDG');
    const lines = [
      { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } },
      '',
      { type: 'GIFT_VOUCHER', code: gift, gift: { amount: 2500 } },
      { type: 'LOYALTY_CARD', loyalty_card: { points: 10 }, campaign: 'Loyalty Club' },
    ];
    const text = lines.map((l) => (l === '' ? '' : JSON.stringify(l))).join('\n');
    const { code, stdout, stderr } = await promo(['--input', file('v.ndjson', text)]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(sentBodies()).toEqual([
      lines[0],
      { type: 'GIFT_VOUCHER', code: gift, gift: { amount: 2500, balance: 2500 } },
      lines[3],
    ]);
    const out = results(stdout);
    expect(out.map((r) => [r.item, r.line, r.ok])).toEqual([
      [1, 1, true],
      [2, 3, true],
      [3, 4, true],
    ]);
    expect(out[1]!.result).toEqual(fx.sandbox.state.vouchers[gift]);
  });

  it('refuses a line that is not JSON, naming it, and sends nothing', async () => {
    const { code, stderr } = await promo(['--input', '-'], {
      stdin: '{"type":"DISCOUNT_VOUCHER","discount":{"type":"PERCENT","percent_off":1}}\n{"type":\n',
    });
    expect(code).toBe(2);
    expect(JSON.parse(stderr).error.message).toMatch(/line 2 is not valid JSON/);
    expect(fx.sandbox.requests).toHaveLength(0);
  });
});

describe('CSV input', () => {
  it('reads option names, metadata.KEY and JSON columns, typed as on the command line', async () => {
    const [a, b] = [unique('CSV'), unique('CSV')];
    const csv = [
      'code,type,amount-off,percent_off,--validity-day,validity-hours,metadata.channel,metadata.batch,inactive,discount',
      `${a},discount,10.50,,"1,2",mon@09:00-10:00;tue@09:00-10:00,email,7,true,`,
      `${b},,,,,,,,,"{""type"":""FIXED"",""fixed_amount"":999}"`,
    ].join('\n');
    const { code, stdout, stderr } = await promo(['--input', file('v.csv', csv)]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(sentBodies()).toEqual([
      {
        code: a,
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'AMOUNT', amount_off: 1050 },
        validity_day_of_week: [1, 2],
        validity_hours: {
          daily: [
            { start_time: '09:00', expiration_time: '10:00', days_of_week: [1] },
            { start_time: '09:00', expiration_time: '10:00', days_of_week: [2] },
          ],
        },
        active: false,
        metadata: { channel: 'email', batch: 7 },
      },
      { code: b, type: 'DISCOUNT_VOUCHER', discount: { type: 'FIXED', fixed_amount: 999 } },
    ]);
    expect(results(stdout).map((r) => [r.line, r.result.code])).toEqual([
      [2, a],
      [3, b],
    ]);
  });

  it('applies the command-line options to every row, under the row’s own values', async () => {
    const [a, b] = [unique('DEF'), unique('DEF')];
    const csv = `code,percent-off\n${a},\n${b},25\n`;
    const { code } = await promo([
      '--input',
      file('d.csv', csv),
      '--percent-off',
      '5',
      '--campaign',
      'Summer Sale',
    ]);
    expect(code).toBe(0);
    expect(sentBodies().map((s) => [s.code, s.discount.percent_off, s.campaign])).toEqual([
      [a, 5, 'Summer Sale'],
      [b, 25, 'Summer Sale'],
    ]);
  });

  it('refuses an unknown column, naming it, and sends nothing', async () => {
    const { code, stderr } = await promo(['--input', '-', '--percent-off', '5'], {
      stdin: 'code,colour\nA,red\n',
    });
    expect(code).toBe(2);
    expect(JSON.parse(stderr).error.message).toMatch(/unknown CSV column 'colour'/);
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('checks every row before sending, listing each bad one with its line', async () => {
    const csv = 'code,percent-off,validity-day\nOK-1,5,\nBAD-1,500,\nOK-2,5,\nBAD-2,5,8\n';
    const { code, stderr } = await promo(['--input', file('bad.csv', csv)]);
    expect(code).toBe(2);
    const message = JSON.parse(stderr).error.message;
    expect(message).toContain('(2); nothing was sent');
    expect(message).toMatch(/line 3: column 'percent-off' must be a percentage from 0 to 100/);
    expect(message).toMatch(/line 5: column 'validity-day': '8' is not a day of the week/);
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('goes on past a failed row, reports it, and exits 7', async () => {
    const taken = unique('TAKEN');
    await promo(['--percent-off', '1', '--code', taken]);
    fx.sandbox.requests.length = 0;
    const fresh = unique('FRESH');
    const { code, stdout, stderr } = await promo(['--input', '-', '--percent-off', '5'], {
      stdin: `code\n${taken}\n${fresh}\n`,
    });
    expect(code).toBe(7);
    const out = results(stdout);
    expect(out[0]).toMatchObject({
      item: 1,
      line: 2,
      ok: false,
      error: { status: 409, key: 'duplicate_found' },
    });
    expect(out[1]).toMatchObject({ item: 2, line: 3, ok: true, result: { code: fresh } });
    expect(JSON.parse(stderr).error).toMatchObject({
      key: 'partial_failure_error',
      message: '1 of 2 vouchers created; 1 failed (line 2).',
      exit_code: 7,
    });
  });

  it('shows people a line per voucher, a summary and a table of what was created', async () => {
    const [a, b] = [unique('PPL'), unique('PPL')];
    const { code, stdout, stderr } = await promo(
      ['--input', file('p.csv', `code,amount-off\n${a},1.5\n${b},2\n`)],
      {
        tty: true,
      },
    );
    expect(code).toBe(0);
    expect(stderr).toContain(`✓ line 2: created ${a}`);
    expect(stderr).toContain('✓ 2 of 2 vouchers created.');
    expect(stdout).toMatch(/Line\s+Code\s+Type\s+Value/);
    expect(stdout).toMatch(new RegExp(`3\\s+${b}\\s+discount \\(amount\\)\\s+2\\.00 off`));
  });
});

describe('resuming and stopping', () => {
  it('leaves out the first N items with --skip, counting items from the start of the input', async () => {
    const codes = [unique('SKIP'), unique('SKIP'), unique('SKIP')];
    const { code, stdout } = await promo(['--input', '-', '--amount-off', '1', '--skip', '2'], {
      stdin: `code\n${codes.join('\n')}\n`,
    });
    expect(code).toBe(0);
    expect(sentBodies().map((b) => b.code)).toEqual([codes[2]]);
    expect(results(stdout)[0]).toMatchObject({ item: 3, line: 4 });
  });

  it('stops on a failure that would fail every item, saying how to resume', async () => {
    fx.sandbox.faults.push({ match: { method: 'POST' }, action: { delayMs: 0 } });
    fx.sandbox.faults.push({ match: { method: 'POST' }, action: { status: 401 } });
    const codes = [unique('AUTH'), unique('AUTH'), unique('AUTH')];
    const { code, stdout, stderr } = await promo(['--input', '-', '--amount-off', '1'], {
      stdin: `code\n${codes.join('\n')}\n`,
    });
    expect(code).toBe(4);
    expect(results(stdout).map((r) => r.ok)).toEqual([true, false]);
    expect(sentBodies()).toHaveLength(2);
    expect(stderr).toContain('Stopped: 1 of 3 vouchers created; 1 failed (line 3); 1 not attempted.');
    expect(stderr).toContain('To resume, run the same command with --skip 1.');
  });

  it('stops cleanly on Ctrl-C with exit 130 and the --skip to resume with', async () => {
    fx.sandbox.faults.push({ match: { method: 'POST' }, action: { delayMs: 0 } });
    fx.sandbox.faults.push({ match: { method: 'POST' }, action: { hang: true } });
    const codes = [unique('INT'), unique('INT'), unique('INT')];
    const { ctx, stdout, stderr } = testContext({
      configDir: fx.configDir,
      stdin: `code\n${codes.join('\n')}\n`,
    });
    const controller = new AbortController();
    ctx.signal = controller.signal;
    const running = main(['voucher', 'create', '--input', '-', '--amount-off', '1'], ctx);
    while (fx.sandbox.requests.length < 2) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await running).toBe(130);
    expect(results(stdout.text)).toHaveLength(1);
    expect(stderr.text).toContain('line 3 was in flight when interrupted');
    expect(stderr.text).toContain('To resume, run the same command with --skip 1.');
    expect(fx.sandbox.requests).toHaveLength(2);
  });

  it('prints every request with --dry-run and sends nothing', async () => {
    const { code, stdout } = await promo(['--input', '-', '--amount-off', '1', '--dry-run'], {
      stdin: 'code\nDRY-A\nDRY-B\n',
    });
    expect(code).toBe(0);
    expect(fx.sandbox.requests).toHaveLength(0);
    expect(results(stdout).map((r) => [r.item, r.dry_run, r.request.body.code])).toEqual([
      [1, true, 'DRY-A'],
      [2, true, 'DRY-B'],
    ]);
  });
});
