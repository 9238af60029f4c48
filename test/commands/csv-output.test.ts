// -o csv as Unix tools and spreadsheets read it: LF line ends (CRLF when asked), a header also over
// no rows, what a voucher is worth and its metadata as columns, every cell a spreadsheet would run
// as a formula guarded, and control characters from the service escaped on a terminal only.
// promo in-process against the sandbox.
import { describe, expect, it } from 'vitest';
import { ndjson, percentVoucher, writeIn } from '../helpers/input-files.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
let serial = 0;

async function create(...bodies: Array<Record<string, unknown>>) {
  const input = writeIn(fx.configDir, `csv${++serial}.ndjson`, ndjson(...bodies));
  const run = await fx.run(['voucher', 'create', '--input', input, '--concurrency', '1']);
  expect(run.code, run.stderr).toBe(0);
}

/** The vouchers whose code starts with `prefix`, as CSV, oldest first (the order --all reads in). */
const list = (prefix: string, ...argv: string[]) =>
  fx.run(['voucher', 'list', '--filter', `code^=${prefix}`, '--order', 'created_at', '-o', 'csv', ...argv]);

describe('CSV line ends', () => {
  it('are LF by default; --csv-crlf or PROMO_CSV_CRLF=1 gives CRLF', async () => {
    await create(percentVoucher('EOL-1'), percentVoucher('EOL-2'));
    const lf = await list('EOL-', '--fields', 'code');
    expect(lf.stdout).toBe('code\nEOL-1\nEOL-2\n');
    const crlf = await list('EOL-', '--fields', 'code', '--csv-crlf');
    expect(crlf.stdout).toBe('code\r\nEOL-1\r\nEOL-2\r\n');
    const streamed = await list('EOL-', '--fields', 'code', '--all');
    expect(streamed.stdout).toBe('code\nEOL-1\nEOL-2\n');
    const fromEnv = await fx.run(
      ['voucher', 'list', '--filter', 'code^=EOL-', '--order', 'code', '-o', 'csv', '--fields', 'code'],
      { env: { PROMO_CSV_CRLF: '1' } },
    );
    expect(fromEnv.stdout).toBe('code\r\nEOL-1\r\nEOL-2\r\n');
  });
});

describe('a CSV of no rows', () => {
  it('still has its header line, one page or --all, with --fields or the default columns', async () => {
    const one = await list('NOSUCHPREFIX-', '--fields', 'code,active');
    expect(one).toMatchObject({ code: 0, stdout: 'code,active\n' });
    const all = await list('NOSUCHPREFIX-', '--all');
    expect(all.code).toBe(0);
    expect(all.stdout.split('\n')).toEqual([expect.stringMatching(/^id,code,.*discount\.percent_off/), '']);
  });

  it.each([
    [['campaign', 'list', '--filter', 'name=No such campaign'], /^id,name,campaign_type,/],
    [['templates', 'list', '--filter', 'name=No such template', '--all'], /^id,name,description,/],
  ])('%j still has its header line', async (argv, header) => {
    const run = await fx.run([...argv, '-o', 'csv']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(header);
    expect(run.stdout.split('\n')).toHaveLength(2);
  });
});

describe('the default columns of a voucher list', () => {
  it('hold the value (discount, gift, loyalty card) and one column per metadata key', async () => {
    await create(percentVoucher('VAL-1', { metadata: { region: 'eu' } }), {
      code: 'VAL-2',
      type: 'GIFT_VOUCHER',
      gift: { amount: 5000, balance: 5000 },
      metadata: { tier: 'gold', region: 'us' },
    });
    const csv = await list('VAL-');
    const [header, ...rows] = csv.stdout.trimEnd().split('\n');
    const columns = header!.split(',');
    for (const column of ['discount.type', 'discount.percent_off', 'gift.amount', 'gift.balance']) {
      expect(columns).toContain(column);
    }
    expect(columns).toContain('loyalty_card.points');
    expect(columns.slice(-2)).toEqual(['metadata.region', 'metadata.tier']);
    const cell = (row: string, column: string) => row.split(',')[columns.indexOf(column)];
    expect(cell(rows[0]!, 'discount.percent_off')).toBe('10');
    expect(cell(rows[0]!, 'discount.type')).toBe('PERCENT');
    expect(cell(rows[0]!, 'metadata.region')).toBe('eu');
    expect(cell(rows[1]!, 'gift.amount')).toBe('50'); // currency units, as in tables and the service's exports
    expect(cell(rows[1]!, 'metadata.tier')).toBe('gold');
  });

  it('streamed with --all, take the metadata keys of the first page and name a later key on stderr', async () => {
    await create(
      percentVoucher('LATE-1', { metadata: { a: '1' } }),
      percentVoucher('LATE-2', { metadata: { a: '2' } }),
      percentVoucher('LATE-3', { metadata: { a: '3', late: 'x' } }),
    );
    const run = await fx.run([
      'voucher',
      'list',
      '--filter',
      'code^=LATE-',
      '-o',
      'csv',
      '--all',
      '--limit',
      '2',
    ]);
    expect(run.code).toBe(0);
    const [header, ...rows] = run.stdout.trimEnd().split('\n');
    expect(header!.endsWith(',metadata.a')).toBe(true);
    expect(rows).toHaveLength(3);
    expect(run.stderr).toContain('metadata.late');
    expect(run.stderr).toContain('--fields');
  });
});

describe('the formula guard', () => {
  it('guards every text cell a spreadsheet would run, a minus and a digit included; JSON numbers stay numbers', async () => {
    const codes = ['-1+2', "-1+cmd|' /C calc'!A0", '+1', '@SUM(A1)', '=1+1'];
    await create(...codes.map((code) => percentVoucher(code, { metadata: { n: -5, s: '-3' } })));
    const run = await fx.run([
      'voucher',
      'list',
      '--filter',
      'metadata.n?',
      '-o',
      'csv',
      '--fields',
      'code,metadata.n,metadata.s',
      '--order',
      'code',
      '--limit',
      '100',
    ]);
    const rows = run.stdout.trimEnd().split('\n').slice(1);
    expect(rows).toHaveLength(codes.length);
    for (const row of rows) {
      expect(row).toMatch(/^"?'[-+=@]/);
      expect(row.endsWith(",-5,'-3")).toBe(true);
    }
  });
});

describe('CSV on a terminal', () => {
  it('shows escape sequences from the service escaped; piped, the bytes are unchanged', async () => {
    const hostile = '\x1b]52;c;aGVsbG8=\x07\x1b]0;owned\x07\x1b[2J';
    await create(percentVoucher('ESC-1', { metadata: { note: hostile } }));
    const argv = ['voucher', 'list', '--filter', 'code^=ESC-', '-o', 'csv', '--fields', 'code,metadata.note'];
    const screen = await fx.run(argv, { tty: true });
    expect(screen.code).toBe(0);
    expect(screen.stdout).not.toMatch(/[\x1b\x07]/);
    expect(screen.stdout).toContain('\\x1b]52;c;aGVsbG8=\\x07');
    const piped = await fx.run(argv);
    expect(piped.stdout).toBe(`code,metadata.note\nESC-1,${hostile}\n`);
  });
});
